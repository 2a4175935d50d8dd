// The contact form's real check, in the action. The browser checks the same rules without zod
// (app/lib/rules/contact.ts).
import { z } from "zod";
import { emailAddress, requiredText } from "~/lib/forms";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "~/lib/rules/contact";

export { CONTACT_FIELD_MESSAGES, CONTACT_LIMITS, CONTACT_MESSAGES } from "~/lib/rules/contact";

export const contactSchema = z.object({
  full_name: requiredText(CONTACT_MESSAGES.fullNameRequired, CONTACT_LIMITS.fullName),
  email: emailAddress(CONTACT_MESSAGES.emailInvalid),
  subject: requiredText(CONTACT_MESSAGES.subjectRequired, CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message),
});

export type ContactInput = z.output<typeof contactSchema>;
