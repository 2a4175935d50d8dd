// The contact page's message form. With JavaScript the browser's constraint checks give instant
// messages in our words (nothing sent) and the action's answer shows next to the fields. Without JavaScript the
// browser's own checks (required, type=email, maxlength) apply first; a refusal from the action
// renders the page again with the errors and what was typed, and success redirects with a toast.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { CheckIcon } from "./icons";
import { FormAlert, Honeypot, SubmitButton, TextAreaField, TextField } from "./form-fields";
import { useHydrated } from "./use-client";
import type { FieldErrors, PublicFormResult } from "~/lib/forms-types";
import { checkFields } from "~/lib/native-validation";
import { CONTACT_FIELD_MESSAGES, CONTACT_LIMITS, CONTACT_MESSAGES } from "~/lib/rules/contact";

const FIELDS = Object.keys(CONTACT_FIELD_MESSAGES);

export function ContactForm({ result, defaultSubject }: { result: PublicFormResult | undefined; defaultSubject: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  const serverErrors = result && !result.ok ? result.errors : {};
  const errors = clientErrors ?? serverErrors;
  const formMessage = result && !result.ok && Object.keys(result.errors).length === 0 ? result.message : null;
  const values = result && !result.ok ? result.values : undefined;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = checkFields(form, CONTACT_FIELD_MESSAGES);
    if (Object.keys(found).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(found);
    const first = FIELDS.find((name) => found[name]);
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  return (
    <Form ref={formRef} method="post" action="/contact" noValidate={hydrated} onSubmit={checkBeforeSending} className="relative space-y-5">
      <div role="status">
        {result?.ok ? (
          <div className="flex items-start gap-3 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
            <CheckIcon className="mt-0.5 size-5 shrink-0" />
            <p>
              <span className="block font-semibold">{CONTACT_MESSAGES.successTitle}</span>
              {CONTACT_MESSAGES.success}
            </p>
          </div>
        ) : null}
      </div>
      <FormAlert message={formMessage} />
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Full Name"
          name="full_name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.fullName}
          defaultValue={values?.full_name}
          error={errors.full_name}
        />
        <TextField
          label="Email Address"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values?.email}
          error={errors.email}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={CONTACT_LIMITS.subject}
        defaultValue={values?.subject ?? defaultSubject}
        error={errors.subject}
      />
      <TextAreaField
        label="Message"
        name="message"
        rows={6}
        required
        maxLength={CONTACT_LIMITS.message}
        defaultValue={values?.message}
        error={errors.message}
      />
      <SubmitButton pending={pending} pendingLabel="Sending..." className="w-full py-3 text-base sm:w-auto">
        Send Message
      </SubmitButton>
    </Form>
  );
}
