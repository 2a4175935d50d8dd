// What the contact form accepts and says, without zod: shared by the browser's instant checks and
// the action's schema (app/lib/schemas/contact.ts).
import type { FieldMessages } from "../native-validation";

export const CONTACT_LIMITS = { fullName: 100, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  successTitle: "Message sent",
  success: "Thank you for contacting us. We will reply as soon as we can.",
  failed: "Your message could not be sent. Please try again in a moment.",
  rateLimited: "Too many messages from your connection. Please wait a few minutes and try again.",
  fullNameRequired: "Please enter your full name",
  emailInvalid: "Please enter a valid email address",
  subjectRequired: "Please enter a subject",
  messageRequired: "Please enter your message",
} as const;

export const CONTACT_FIELD_MESSAGES: FieldMessages = {
  full_name: { required: CONTACT_MESSAGES.fullNameRequired },
  email: { required: CONTACT_MESSAGES.emailInvalid, invalid: CONTACT_MESSAGES.emailInvalid },
  subject: { required: CONTACT_MESSAGES.subjectRequired },
  message: { required: CONTACT_MESSAGES.messageRequired },
};
