// What the registration form accepts and says (SPEC sections 5 and 8), without zod: shared by the
// browser's instant checks and the action's schema (app/lib/schemas/registration.ts).
import type { FieldMessages } from "../native-validation";

export const REGISTRATION_LIMITS = { fullName: 120, phoneNumber: 30, email: 254, phoneDigits: 7 } as const;

/**
 * What a phone number may look like: digits with spaces, +, brackets, dots or dashes, and at least
 * 7 digits. Written so it is valid both as a JavaScript RegExp and as an HTML `pattern` (which the
 * browser compiles with the `v` flag), so a visitor without JavaScript gets the same check.
 */
export const PHONE_PATTERN = String.raw`[\s\+\(\)\-\.]*(?:[0-9][\s\+\(\)\-\.]*){7,}`;

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

/** The browser's instant messages, from its own constraint checks. */
export const REGISTRATION_FIELD_MESSAGES: FieldMessages = {
  full_name: { required: REGISTRATION_MESSAGES.fullNameRequired },
  phone_number: { required: REGISTRATION_MESSAGES.phoneRequired, invalid: REGISTRATION_MESSAGES.phoneInvalid },
  email: { invalid: REGISTRATION_MESSAGES.emailInvalid },
};
