// What a phone number may look like as typed, before any library reads it: digits with spaces, +,
// brackets, dots or dashes, and at least 7 digits. One rule for every form that takes a number
// (registration, the desk and the door, leaders, the contact settings). No zod here: the door's
// offline script uses it too and must stay small.

/** Valid both as a JavaScript RegExp and as an HTML `pattern` (which the browser compiles with the `v` flag), so a form without JavaScript gets the same check. */
export const PHONE_PATTERN = String.raw`[\s\+\(\)\-\.]*(?:[0-9][\s\+\(\)\-\.]*){7,}`;

const PHONE_TEXT = new RegExp(`^(?:${PHONE_PATTERN})$`, "v");

/**
 * What every form says of a number shaped like one that no phone could call (a digit short, too
 * long): registration, the desk, a group's lines, associations, the contact settings.
 */
export const PHONE_NOT_CALLABLE = "This is not a phone number we can call. Write a Malawi number like 0991 23 45 67, or start with + and the country code.";

/** Whether the text reads as a phone number a phone's dialler can call. */
export const isPhoneText = (value: string) => PHONE_TEXT.test(value);
