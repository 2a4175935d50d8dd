// vCard 3.0 (RFC 2426), the version Android and iPhone contacts and WhatsApp import: one card per
// person with their name, phone and e-mail, and a note naming the event and their code. Text is
// escaped (backslash, comma, semicolon, line breaks) so a name can never start a new property.
import { phoneDigits } from "../../server/phone.server";

type Contact = { full_name: string; phone_number: string; email: string | null; code: string };

/** Control characters other than line breaks (which become \n): dropped, no phone shows them. */
const CONTROL_CHARACTERS = /[^\P{Cc}\n\r]/gu;

/** Escapes a text value (RFC 2426 section 4): \\ , ; and line breaks. Drops other control characters. */
export function vcardText(value: string): string {
  return value
    .replace(CONTROL_CHARACTERS, "")
    .replace(/\\/g, "\\\\")
    .replace(/([,;])/g, "\\$1")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a line longer than 75 octets (RFC 2425 section 5.8.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    if (encoder.encode(current + char).length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function vCards(people: Contact[], eventName: string): string {
  return people
    .map((person) => {
      const digits = phoneDigits(person.phone_number);
      const phone = digits ? `+${digits}` : person.phone_number.replace(/[^\d+]/g, "");
      return [
        "BEGIN:VCARD",
        "VERSION:3.0",
        `FN:${vcardText(person.full_name)}`,
        `N:${vcardText(person.full_name)};;;;`,
        `TEL;TYPE=CELL:${phone}`,
        ...(person.email ? [`EMAIL;TYPE=INTERNET:${vcardText(person.email)}`] : []),
        `NOTE:${vcardText(`${eventName} · code ${person.code}`)}`,
        "END:VCARD",
      ]
        .map(fold)
        .join("\r\n");
    })
    .map((card) => `${card}\r\n`)
    .join("");
}
