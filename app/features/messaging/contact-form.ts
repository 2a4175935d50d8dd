// The contact page's message form. The action checks it with this schema; the page renders the same
// limits (from the schema) and messages (from here) into its fields, where the island reads them.
import { z } from "zod";
import { emailAddress, requiredText, type FieldMessages } from "../../lib/schema-fields";

export const CONTACT_LIMITS = { fullName: 100, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  successTitle: "Message sent",
  /** Above a refused message's problems (each a link to its field). */
  notSent: "Your message was not sent yet. Please check:",
  success: "Thank you for contacting us. We will reply as soon as we can.",
  failed: "Your message could not be sent. Please try again in a moment.",
  rateLimited: "Too many messages from your connection. Please wait a few minutes and try again.",
  fullNameRequired: "Please enter your full name",
  emailInvalid: "Please enter a valid email address",
  /** The e-mail field's hint, before the office's number: a man without e-mail is not stuck at a form he cannot send. */
  noEmail: "No e-mail address? Call us instead on",
  subjectRequired: "Please enter a subject",
  messageRequired: "Please enter your message",
} as const;

/** What each field says when the browser's own checks fail (the island shows it). */
export const CONTACT_FIELD_MESSAGES = {
  full_name: { required: CONTACT_MESSAGES.fullNameRequired },
  email: { required: CONTACT_MESSAGES.emailInvalid, invalid: CONTACT_MESSAGES.emailInvalid },
  subject: { required: CONTACT_MESSAGES.subjectRequired },
  message: { required: CONTACT_MESSAGES.messageRequired },
} satisfies Record<string, FieldMessages>;

export const contactSchema = z.object({
  full_name: requiredText(CONTACT_MESSAGES.fullNameRequired, CONTACT_LIMITS.fullName),
  email: emailAddress(CONTACT_MESSAGES.emailInvalid),
  subject: requiredText(CONTACT_MESSAGES.subjectRequired, CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message),
});

export type ContactInput = z.output<typeof contactSchema>;
