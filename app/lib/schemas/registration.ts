// Event registration (SPEC section 5): the action's real check. The browser checks the same rules
// without zod (app/lib/rules/registration.ts). The spec only asks for the required fields; the
// lengths and the phone rule keep obvious junk out of the registrations list an admin exports.
import { z } from "zod";
import { optionalEmail, requiredText } from "~/lib/forms";
import { PHONE_PATTERN, REGISTRATION_LIMITS, REGISTRATION_MESSAGES } from "~/lib/rules/registration";

export { PHONE_PATTERN, REGISTRATION_FIELD_MESSAGES, REGISTRATION_LIMITS, REGISTRATION_MESSAGES } from "~/lib/rules/registration";

const PHONE_REGEX = new RegExp(`^(?:${PHONE_PATTERN})$`, "v");

export const registrationSchema = z.object({
  event_id: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,9}$/, REGISTRATION_MESSAGES.eventNotFound)
    .transform(Number),
  full_name: requiredText(REGISTRATION_MESSAGES.fullNameRequired, REGISTRATION_LIMITS.fullName),
  phone_number: requiredText(REGISTRATION_MESSAGES.phoneRequired, REGISTRATION_LIMITS.phoneNumber).regex(
    PHONE_REGEX,
    REGISTRATION_MESSAGES.phoneInvalid,
  ),
  email: optionalEmail(REGISTRATION_MESSAGES.emailInvalid),
});

export type RegistrationInput = z.output<typeof registrationSchema>;
