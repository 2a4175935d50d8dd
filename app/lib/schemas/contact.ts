import { z } from "zod";
import { emailAddress, requiredText } from "~/lib/forms";

export const CONTACT_LIMITS = { fullName: 100, subject: 150, message: 5000 } as const;

/** The contact page's message form: checked in the browser for instant messages and again in the action. */
export const contactSchema = z.object({
  full_name: requiredText("Please enter your full name", CONTACT_LIMITS.fullName),
  email: emailAddress(),
  subject: requiredText("Please enter a subject", CONTACT_LIMITS.subject),
  message: requiredText("Please enter your message", CONTACT_LIMITS.message),
});

export type ContactInput = z.output<typeof contactSchema>;

export const CONTACT_MESSAGES = {
  successTitle: "Message sent",
  success: "Thank you for contacting us. We will reply as soon as we can.",
  failed: "Your message could not be sent. Please try again in a moment.",
  rateLimited: "Too many messages from your connection. Please wait a few minutes and try again.",
} as const;
