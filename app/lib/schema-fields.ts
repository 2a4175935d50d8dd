// The pieces every form's zod schema is built from, so each form words its checks the same way.
// conform's parseWithZod hands them what the browser posted, with an empty field already read as
// missing (undefined): a required field names itself in its `error`, an optional one ends as null.
// formConstraints (app/lib/form-constraints.ts) reads the same schemas back as HTML constraints
// (required, min, max...; not maxlength), so a form's limits are written once, here and in its module.
import { z } from "zod";
import { isPhoneText } from "./phone-text";

export const tooLong = (max: number) => `Please keep this under ${max} characters`;

/** A message after what it is about: "This is…" reads "Line 3: this is…". */
export const lowerFirst = (message: string) => `${message.charAt(0).toLowerCase()}${message.slice(1)}`;

/** A problem of one number of a list ("Other numbers"), naming it: “0991 2345”: this is not… */
export const aboutNumber = (number: string, message: string) => `“${number}”: ${lowerFirst(message)}`;

export const EMAIL_INVALID = "Please enter a valid email address";
export const EMAIL_MAX_LENGTH = 254;

/**
 * A form's text with one kind of line ending: a browser sends a textarea's lines as CRLF, and stored
 * so, an untouched post would count as changed (its History and the activity log said "content").
 */
const oneLineEnding = (text: string) => text.replace(/\r\n?/g, "\n");

/**
 * Without the invisible characters that turn the direction of the text after them (U+202A-202E,
 * U+2066-2069): no language of Malawi needs them, and in a name they make "Cancel evil" read as
 * "Cancel live" on the desk, in exports and e-mails.
 */
export const withoutDirectionControls = (text: string) => text.replace(/[\u202A-\u202E\u2066-\u2069]/g, "");

/** A form's text as stored: direction controls removed, then trimmed, with one kind of line ending. */
const formText = (text: string) => oneLineEnding(withoutDirectionControls(text)).trim();

/** Text that must not be blank: empty, missing or only spaces all read `message`. */
export const requiredText = (message: string, max = 200, maxMessage = tooLong(max)) =>
  z.string({ error: message }).overwrite(formText).min(1, message).max(max, maxMessage);

/** Runs of spaces made one ("Gift  Chirwa" is "Gift Chirwa"): a man's name typed twice is one name. */
export const singleSpaced = (text: string) => text.replace(/\s+/g, " ");

/** A person's name: not blank, single-spaced. */
export const personName = (message: string, max = 120) => requiredText(message, max).transform(singleSpaced);

/** Text that may be left empty, which is stored as null. */
export const optionalText = (max = 200, maxMessage = tooLong(max)) =>
  z
    .string()
    .overwrite(formText)
    .max(max, maxMessage)
    .optional()
    .transform((value) => value || null);

export const PHONE_TEXT_INVALID = "Please enter a phone number we can call, for example 0991 234 567 or +265 1 234 567";

/** A phone number as staff type it for visitors to call (kept as typed), or null when left empty. */
export const optionalPhoneText = (max = 40) => optionalText(max).refine((value) => value === null || isPhoneText(value), PHONE_TEXT_INVALID);

/** An e-mail address, stored trimmed and in lower case. */
export const emailAddress = (message = EMAIL_INVALID) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, "Please enter a shorter email address")
    .check(z.email(message));

/** An e-mail address that may be left empty, or holding only spaces (null). */
export const optionalEmail = (message = EMAIL_INVALID) =>
  z
    .preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), emailAddress(message).optional())
    .transform((value) => value ?? null);

/** A checkbox or switch: the browser posts "on" when it is ticked and nothing when it is not. */
export const checkbox = () => z.boolean({ error: "Please use the switch to choose." }).default(false);

/** A whole number typed into a number field; `required` when empty, `invalid` for anything else. */
export const wholeNumber = (messages: { required: string; invalid: string }, min = -999_999, max = 999_999) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) })
    .int(messages.invalid)
    .min(min, messages.invalid)
    .max(max, messages.invalid);

/** An optional id chosen from a select; "" (none) is null, and a stored null reads back as null. */
export const optionalId = (message = "Please choose from the list") =>
  z
    .number({ error: message })
    .int(message)
    .positive(message)
    .nullish()
    .transform((value) => value ?? null);

/** A required id chosen from a select. */
export const requiredId = (messages: { required: string; invalid: string }) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) })
    .int(messages.invalid)
    .positive(messages.invalid)
    .max(999_999_999, messages.invalid);

/**
 * What a public form's field says when the browser's own checks fail: when it is required and
 * empty, and when what was typed does not fit (type=email, pattern). The page renders these into
 * the field and the form's island shows them, so the words exist once, in the form's module.
 */
export type FieldMessages = { required?: string; invalid?: string };

/**
 * For a whole-form check (`.superRefine(check, ALWAYS)`) that must run even when a field is
 * missing, so every message shows at once; the check then reads missing fields as undefined.
 */
export const ALWAYS = { when: () => true } as const;

/** Field names of an object schema (what its form posts). */
export function fieldNames(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}
