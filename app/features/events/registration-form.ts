// Event registration (SPEC section 5): name and phone required, e-mail optional. The action checks
// it with this schema; the dialog renders the same limits (from the schema) and messages (from
// here) into its fields, where the island reads them. The spec only asks for the required fields;
// the lengths and the phone rule keep obvious junk out of the list an admin exports.
import { z } from "zod";
import { optionalEmail, personName, requiredText, type FieldMessages } from "../../lib/schema-fields";
import { PHONE_NOT_CALLABLE, PHONE_PATTERN } from "../../lib/phone-text";

export const REGISTRATION_MESSAGES = {
  success: { title: "Registration successful!", description: "You have been registered for this event." },
  /** The toast of a registration that joined the waiting list: it has no place yet. */
  waitlisted: (place: number | null) => ({
    title: "You are on the waiting list",
    description: place ? `The event is full: you are number ${place} in line, without a place yet.` : "The event is full: you do not have a place yet.",
  }),
  complete: { title: "Registration Complete", description: "Thank you for registering for this event!" },
  failedTitle: "Registration failed",
  /** Above a refused registration's problems (each a link to its field), without JavaScript. */
  notRegisteredYet: "Not registered yet. Please check:",
  fallback: "Failed to register for the event. Please try again.",
  /** After the fallback when no answer came: the post may have landed, and its retry is answered as the same attempt. */
  noAnswer: "If it went through before the connection dropped, trying again shows your code: you are not registered twice.",
  fullNameRequired: "Full name is required",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number with at least 7 digits",
  emailInvalid: "Please enter a valid email address",
  phoneNotPossible: PHONE_NOT_CALLABLE,
  alreadyRegistered: "This phone number is already registered for this event",
  eventNotFound: "This event could not be found.",
  closed: "Registration is closed for this event.",
  full: "Sorry, this event is full.",
  fullJoinsWaitingList: "This event is full: you will join the waiting list.",
  /** The form's button: what pressing it does. */
  submit: (joinsWaitingList: boolean) => (joinsWaitingList ? "Join the waiting list" : "Register"),
  rateLimited: "Too many registrations from your connection. Please wait a few minutes and try again.",
  eventRateLimited: "Too many registrations for this event from your connection in the last hour. Please try again later, or ask the organisers to add you.",
  emailHint: "Providing your email allows us to send you event updates.",
  /** Under the phone field (issue 24): what SMS the number gets. */
  phoneHint: "We send SMS about this event only: your place, changes and a reminder. You can stop them from your registration's page.",
  /** The same where this deploy sends no SMS: nothing is promised that will not come. */
  phoneHintWithoutSms: "Keep the link to your registration's page that you get after registering: it shows your place, and any change.",
} as const;

/** What each field says when the browser's own checks fail (the island shows it). */
export const REGISTRATION_FIELD_MESSAGES = {
  full_name: { required: REGISTRATION_MESSAGES.fullNameRequired },
  phone_number: { required: REGISTRATION_MESSAGES.phoneRequired, invalid: REGISTRATION_MESSAGES.phoneInvalid },
  email: { invalid: REGISTRATION_MESSAGES.emailInvalid },
} satisfies Record<string, FieldMessages>;

export const registrationSchema = z.object({
  event_id: z
    .number({ error: REGISTRATION_MESSAGES.eventNotFound })
    .int(REGISTRATION_MESSAGES.eventNotFound)
    .positive(REGISTRATION_MESSAGES.eventNotFound)
    .max(9_999_999_999, REGISTRATION_MESSAGES.eventNotFound),
  full_name: personName(REGISTRATION_MESSAGES.fullNameRequired, 120),
  phone_number: requiredText(REGISTRATION_MESSAGES.phoneRequired, 30).regex(
    new RegExp(`^(?:${PHONE_PATTERN})$`, "v"),
    REGISTRATION_MESSAGES.phoneInvalid,
  ),
  email: optionalEmail(REGISTRATION_MESSAGES.emailInvalid),
  /**
   * The island's random id for one attempt: a retry after a lost reply gets the first answer
   * instead of 'already registered'. Anything else is ignored (a plain post has none).
   */
  request_id: z
    .string()
    .optional()
    .transform((value) => (value && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null)),
});

export type RegistrationInput = z.output<typeof registrationSchema>;
