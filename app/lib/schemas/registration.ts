// Event registration (SPEC section 5): one schema for the browser's instant messages and the action's
// real check. The spec only asks for the required fields; the lengths and the phone rule below keep
// obvious junk out of the registrations list an admin exports.
import { z } from "zod";
import { optionalEmail, requiredText } from "~/lib/forms";

export const REGISTRATION_LIMITS = { fullName: 120, phoneNumber: 30, email: 254, phoneDigits: 7 } as const;

/**
 * What a phone number may look like: digits with spaces, +, brackets, dots or dashes, and at least
 * 7 digits. Written so it is valid both as a JavaScript RegExp and as an HTML `pattern` (which the
 * browser compiles with the `v` flag), so a visitor without JavaScript gets the same check.
 */
export const PHONE_PATTERN = String.raw`[\s\+\(\)\-\.]*(?:[0-9][\s\+\(\)\-\.]*){7,}`;
const PHONE_REGEX = new RegExp(`^(?:${PHONE_PATTERN})$`, "v");

export const REGISTRATION_MESSAGES = {
  success: { title: "Registration successful!", description: "You have been registered for this event." },
  complete: { title: "Registration Complete", description: "Thank you for registering for this event!" },
  failedTitle: "Registration failed",
  fallback: "Failed to register for the event. Please try again.",
  fullNameRequired: "Full name is required",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number with at least 7 digits",
  emailInvalid: "Please enter a valid email address",
  eventNotFound: "This event could not be found.",
  closed: "Registration is closed for this event.",
  rateLimited: "Too many registrations from your connection. Please wait a few minutes and try again.",
  emailHint: "Providing your email allows us to send you event updates.",
} as const;

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
