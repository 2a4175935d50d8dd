// Phone numbers, read and written with libphonenumber-js (server only: its metadata is too large
// for the islands bundle). A phone number is the registrant's identity here, so it is stored in
// one international form (+265991234567) and compared in that form.
// - Malawi is the default country: '0991 234 567', '991234567', '+265 991 234 567' and
//   '00265 991 234 567' are the same number. Other countries start with + or 00.
// - A number is accepted when the library calls it *possible* (the right length) for its country,
//   not *valid*: the per-prefix patterns lag behind the networks' new prefixes.
import parsePhoneNumberFromString, { type PhoneNumber } from "libphonenumber-js/min";
import { telHref } from "~/lib/app-links";
import { isPhoneText, PHONE_NOT_CALLABLE } from "~/lib/phone-text";
import { aboutNumber } from "~/lib/schema-fields";

const HOME_COUNTRY = "MW";

function parse(text: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(text.trim(), HOME_COUNTRY);
  } catch {
    return undefined;
  }
}

/**
 * The number in international form (+265991234567), or null when it cannot be a phone number. A
 * number whose national part starts with 0 (a Malawi number a digit short, "0999 12 34 5", which
 * the library keeps as +265 099912345) is none, and so is a 7-digit Malawi number that is no
 * landline (those are 01 xxx xxx): "0991 2345" is a mobile number missing two digits, which no SMS
 * and no link sent again would ever reach.
 */
export function normalizePhone(text: string): string | null {
  const phone = parse(text);
  if (!phone?.isPossible() || phone.nationalNumber.startsWith("0")) return null;
  if (phone.countryCallingCode === "265" && phone.nationalNumber.length === 7 && !isMalawiLandline(phone)) return null;
  return phone.number;
}

type Refinement = { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void };

/**
 * For a server's schema (`.superRefine`): refuses each of `fields` (a number, or a list of numbers)
 * holding one that no phone could call (a digit short, too long), though it passed the browser's
 * check of its shape (lib/phone-text.ts). What was typed is kept, and stored as typed.
 */
export function refuseUncallablePhones(...fields: string[]) {
  return (value: Record<string, unknown>, context: Refinement) => {
    for (const field of fields) {
      const typed = value[field];
      const numbers: unknown[] = Array.isArray(typed) ? typed : [typed];
      // A number not even shaped like one was refused by the field's own check (isPhoneText), in its words.
      const wrong = numbers.find((number) => typeof number === "string" && isPhoneText(number) && normalizePhone(number) === null);
      if (typeof wrong === "string") {
        // Of a list ("Other numbers"), the message names the number to mend.
        context.addIssue({ code: "custom", path: [field], message: Array.isArray(typed) ? aboutNumber(wrong, PHONE_NOT_CALLABLE) : PHONE_NOT_CALLABLE });
      }
    }
  };
}

/** A Malawi landline: 7 digits starting 1 (01 xxx xxx). */
function isMalawiLandline(phone: { countryCallingCode: string; nationalNumber: string }): boolean {
  return phone.countryCallingCode === "265" && phone.nationalNumber.length === 7 && phone.nationalNumber.startsWith("1");
}

/** Why no SMS goes to a number, as the outbox says it. */
export const NO_SMS = {
  landline: "A landline cannot receive SMS",
  /**
   * Automatic SMS go to Malawi's mobile networks only: a number abroad costs many times more, and a
   * public form must not let a script spend the ministry's airtime on premium numbers (decision 022).
   */
  abroad: "SMS go only to Malawi mobile numbers",
} as const;

/**
 * Why an SMS cannot go to the stored number, or null when it can (a Malawi mobile): a Malawi
 * landline (01 xxx xxx, which the forms accept: an office's phone is a way to call someone), or a
 * number abroad or that could not be read.
 */
export function noSmsReason(stored: string): keyof typeof NO_SMS | null {
  const phone = stored.startsWith("+") ? parse(stored) : undefined;
  if (!phone || phone.countryCallingCode !== "265") return "abroad";
  return isMalawiLandline(phone) ? "landline" : null;
}

/**
 * For people to read: '+265 991 23 45 67' (Malawi's own grouping, as the operators print it), or
 * the number as stored when it could not be read (registrations kept from before numbers were
 * checked).
 */
export function readablePhone(stored: string): string {
  const phone = stored.startsWith("+") ? parse(stored) : undefined;
  return phone?.isPossible() ? phone.formatInternational() : stored;
}

/** A number stored as typed, written as the site writes numbers when it is one ("0991112223": "+265 991 11 22 23"), else as typed. */
export function readableTypedPhone(typed: string): string {
  const international = normalizePhone(typed);
  return international ? readablePhone(international) : typed;
}

/**
 * For a spreadsheet: a Malawi number in its national form with spaces ('0991 23 45 67': without
 * the spaces the leading 0 would be dropped), another country's as '00 44 7700 900123' (a leading
 * + would be read as a formula). Unreadable numbers as stored; the CSV writer neutralises those.
 */
export function spreadsheetPhone(stored: string): string {
  const phone = stored.startsWith("+") ? parse(stored) : undefined;
  if (!phone?.isPossible()) return stored;
  if (phone.country === HOME_COUNTRY || phone.countryCallingCode === "265") return phone.formatNational();
  return `00${phone.formatInternational().slice(1)}`;
}

/** The digits wa.me and tel: links need (265991234567), or null for an unreadable number. */
export function phoneDigits(stored: string): string | null {
  const phone = stored.startsWith("+") ? parse(stored) : undefined;
  return phone?.isPossible() ? phone.number.slice(1) : null;
}

/**
 * A zod transform for a phone field: the international form, or `message` on the field when the
 * text cannot be a phone number (for `.transform(toInternationalPhone(message))`).
 */
export function toInternationalPhone(message: string) {
  return (typed: string, ctx: { addIssue: (issue: { code: "custom"; message: string }) => void }): string => {
    const phone = normalizePhone(typed);
    if (phone) return phone;
    ctx.addIssue({ code: "custom", message });
    return "";
  };
}

/**
 * A number as a person reaches it from a phone: the text to read, a link that dials it and one that
 * opens a WhatsApp chat with it; all null when the stored text cannot be read as a number.
 */
export function phoneContact(stored: string | null): { phoneText: string | null; callHref: string | null; whatsappHref: string | null } {
  const international = stored ? normalizePhone(stored) : null;
  const digits = international ? phoneDigits(international) : null;
  if (!international || !digits) return { phoneText: null, callHref: null, whatsappHref: null };
  return { phoneText: readablePhone(international), callHref: telHref(international), whatsappHref: `https://wa.me/${digits}` };
}

