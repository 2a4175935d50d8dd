// The contact page's message form. The islands script drives it (app/islands/contact-form.ts): the
// browser's constraint checks give instant messages in our words (nothing sent), the message goes
// to /api/contact-messages and the answer shows beside the fields. Without JavaScript the browser's
// own checks (required, type=email, maxlength) apply first; a refusal from the action renders the
// page again with the errors and what was typed, and success redirects with a toast.
import { contactForm } from "~/islands/contact-form";
import { useIsland } from "~/islands/use-island";
import type { PublicFormResult } from "~/lib/forms-types";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "~/lib/rules/contact";
import { FormAlert, Honeypot, SubmitButton, TextAreaField, TextField } from "./form-fields";
import { CheckIcon } from "./icons";

export function ContactForm({ result, defaultSubject }: { result: PublicFormResult | undefined; defaultSubject: string }) {
  const refused = result && !result.ok ? result : null;
  const errors = refused?.errors ?? {};
  const values = refused?.values;
  const formMessage = refused && Object.keys(refused.errors).length === 0 ? refused.message : null;

  return (
    <form {...useIsland(contactForm)} method="post" action="/contact" data-endpoint="/api/contact-messages" className="relative">
      <div role="status">
        <div data-form-success="" hidden={!result?.ok} className="mb-5 flex items-start gap-3 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
          <CheckIcon className="mt-0.5 size-5 shrink-0" />
          <p>
            <span className="block font-semibold">{CONTACT_MESSAGES.successTitle}</span>
            {CONTACT_MESSAGES.success}
          </p>
        </div>
      </div>
      <Honeypot />
      <fieldset className="min-w-0 space-y-5">
        <legend className="sr-only">Your message</legend>
        <div data-form-alert="" className="empty:hidden">
          <FormAlert message={formMessage} />
        </div>
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
        <SubmitButton pending={false} pendingLabel="Sending..." className="w-full py-3 text-base sm:w-auto">
          Send Message
        </SubmitButton>
      </fieldset>
    </form>
  );
}
