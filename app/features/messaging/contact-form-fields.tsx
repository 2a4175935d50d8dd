// The contact page's message form. The islands script drives it (app/islands/contact-form.ts): the
// browser's constraint checks give instant messages in our words (nothing sent), the message goes
// to /api/contact-messages and the answer shows beside the fields. Without JavaScript the browser's
// own checks (required, type=email) apply first (an e-mail address or a phone number: the action checks that one is given); a refusal from the action renders the
// page again with the errors and what was typed, and success redirects with a toast. The limits
// come from the form's schema (app/features/messaging/contact-form.ts), the words from its messages.
import { useForm } from "@conform-to/react";
import { formConstraints } from "~/lib/form-constraints";
import type { z } from "zod";
import { BOT_CHECK_FORM } from "~/lib/bot-check";
import { formErrorOf, type FormAnswer } from "~/lib/form-answer";
import { CONTACT_FIELD_MESSAGES as MESSAGES_OF, CONTACT_MESSAGES, contactSchema } from "~/features/messaging/contact-form";
import { contactForm } from "~/islands/contact-form";
import { useIsland } from "~/components/use-island";
import { FormAlert, Honeypot, ProblemSummary, problemsOf, SubmitButton, TextAreaField, TextField } from "../../components/form-fields";
import { CheckIcon } from "../../components/icons";
import { telHref } from "~/lib/app-links";

const constraint = formConstraints(contactSchema);

/** `phone`: the number the e-mail field's hint offers to a visitor with no e-mail address (the contact settings' first). */
export function ContactForm({ answer, defaultSubject, phone }: { answer: FormAnswer | undefined; defaultSubject: string; phone: string }) {
  const [form, fields] = useForm<z.input<typeof contactSchema>>({ id: "contact", lastResult: answer?.result, constraint, defaultValue: { subject: defaultSubject } });
  const succeeded = answer?.result.status === "success";
  const refused = answer && !succeeded ? answer : undefined;
  // A refusal about the whole form (no field to show it beside): the alert says it.
  const formMessage = refused ? (formErrorOf(refused.result) ?? null) : null;

  return (
    <form
      {...useIsland(contactForm)}
      id={form.id}
      method="post"
      // Without JavaScript the answer opens at the form (its errors, or "Message sent"), not at the top of the page.
      action={`/contact#${form.id}`}
      data-endpoint="/api/contact-messages"
      data-failed-message={CONTACT_MESSAGES.failed}
      className="relative"
      {...BOT_CHECK_FORM}
    >
      <div role="status">
        <div data-form-success="" hidden={!succeeded} className="mb-5 flex items-start gap-3 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
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
          {/* Without JavaScript the page comes back at the form: what to correct is said first (the island shows it beside each field). */}
          <ProblemSummary lead={CONTACT_MESSAGES.notSent} problems={problemsOf(refused?.result, (name) => fields[name as keyof typeof fields]?.id)} />
        </div>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField field={fields.full_name} label="Full Name" autoComplete="name" messages={MESSAGES_OF.full_name} />
          <TextField
            field={fields.email}
            label="Email Address"
            type="email"
            inputMode="email"
            autoComplete="email"
            messages={MESSAGES_OF.email}
            hint={
              <>
                {CONTACT_MESSAGES.noEmail}{" "}
                <a href={telHref(phone)} className="inline-flex min-h-11 items-center font-medium whitespace-nowrap text-brand-700 underline">
                  {phone}
                </a>
                .
              </>
            }
          />
        </div>
        <TextField
          field={fields.phone_number}
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          messages={MESSAGES_OF.phone_number}
          hint={CONTACT_MESSAGES.phoneHint}
        />
        <TextField field={fields.subject} label="Subject" messages={MESSAGES_OF.subject} />
        <TextAreaField field={fields.message} label="Message" rows={6} messages={MESSAGES_OF.message} />
        <SubmitButton pending={false} pendingLabel="Sending..." className="w-full py-3 text-base sm:w-auto">
          Send Message
        </SubmitButton>
      </fieldset>
    </form>
  );
}
