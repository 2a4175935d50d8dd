// The contact page's message form. The action checks it with this schema; the page renders the same
// limits (from the schema) and messages (from here) into its fields, where the island reads them.
import { z } from "zod";
import { optionalEmail, optionalPhoneText, PHONE_TEXT_INVALID, requiredText, type FieldMessages } from "../../lib/schema-fields";

export const CONTACT_LIMITS = { fullName: 100, phone: 40, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  successTitle: "Message sent",
  /** Above a refused message's problems (each a link to its field). */
  notSent: "Your message was not sent yet. Please check:",
  success: "Thank you for contacting us. We will reply as soon as we can.",
  failed: "Your message could not be sent. Please try again in a moment.",
  rateLimited: "Too many messages from your connection. Please wait a few minutes and try again.",
  fullNameRequired: "Please enter your full name",
  emailInvalid: "Please enter a valid email address",
  /** Neither an e-mail address nor a phone number: there is no way to answer. */
  emailOrPhone: "Please enter your email address, or your phone number if you have no e-mail",
  /** The e-mail field's hint, before the office's number: a man without e-mail is not stuck at a form he cannot send. */
  noEmail: "No e-mail address? Leave it empty and give your phone number below, or call us on",
  /** The phone field's hint. */
  phoneHint: "We call you back on it. Not needed when you give an e-mail address.",
  phoneInvalid: PHONE_TEXT_INVALID,
  subjectRequired: "Please enter a subject",
  messageRequired: "Please enter your message",
} as const;

/** What each field says when the browser's own checks fail (the island shows it). */
export const CONTACT_FIELD_MESSAGES = {
  full_name: { required: CONTACT_MESSAGES.fullNameRequired },
  email: { invalid: CONTACT_MESSAGES.emailInvalid },
  phone_number: { invalid: CONTACT_MESSAGES.phoneInvalid },
  subject: { required: CONTACT_MESSAGES.subjectRequired },
  message: { required: CONTACT_MESSAGES.messageRequired },
} satisfies Record<string, FieldMessages>;

/** The e-mail address or the phone number (either may be empty, not both): how the ministry answers. */
export const contactSchema = z
  .object({
    full_name: requiredText(CONTACT_MESSAGES.fullNameRequired, CONTACT_LIMITS.fullName),
    email: optionalEmail(CONTACT_MESSAGES.emailInvalid),
    phone_number: optionalPhoneText(CONTACT_LIMITS.phone),
    subject: requiredText(CONTACT_MESSAGES.subjectRequired, CONTACT_LIMITS.subject),
    message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message),
  })
  .superRefine((value, context) => {
    if (!value.email && !value.phone_number) context.addIssue({ code: "custom", path: ["email"], message: CONTACT_MESSAGES.emailOrPhone });
  });

export type ContactInput = z.output<typeof contactSchema>;
