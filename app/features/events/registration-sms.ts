// The SMS about event registrations (issue 24, decision 022): the confirmation or waiting-list place,
// moving up (each with the fee while one is still to pay), a cancellation, the reminder, and the
// fee paid. Each names the sender and the event, carries the code and the short private link
// (/r/{token}, which leads to the private page where SMS can be turned off, and the fee's form), and
// fits ONE 160-character GSM-7 segment: everything is made GSM-7 first, then the event's name is cut
// to the room left, and when even that is not enough the least needed detail (the place, then the
// time) goes, though the reminder cuts its place to the room left before leaving it out; what a
// text must say (a fee still to pay, a place released for the fee) never goes (the event's name,
// and on a leader's phone his man's name down to 12 characters, are cut shorter instead).
import { cutGsm7, gsm7Length, SMS_SEGMENT_LENGTH, toGsm7 } from "~/lib/gsm7";
import { formatKwacha } from "~/lib/money";
import { CANCELLED_NOT_PAID } from "~/lib/stored-choices";
import { formatInSiteZone } from "~/lib/time";

/** The short private link an SMS carries: it redirects to the private page. */
export function shortLinkOf(origin: string, token: string): string {
  return `${origin}/r/${token}`;
}

export type SmsRegistration = {
  code: string;
  token: string;
  place: number | null;
  /** The event's fee while it is unpaid (null: free, or settled): a confirmed place's SMS says it is to pay at the link. */
  fee_owed?: number | null;
  /** Why it was cancelled, when not by a person: "not paid" (its hold ran out). */
  cancel_reason?: string | null;
  /**
   * The man's name when the phone is not his own (a group's man without a phone is on his leader's
   * number): the text then says whom it is about ("Chisomo Banda is confirmed"), not "You are".
   */
  on_behalf_of?: string | null;
  /** The last 3 digits of the phone now on it (the old phone's "changed to …432"). */
  phone_end?: string | null;
  /** His latest confirmed online payment, for the "Payment received" text to be his receipt. */
  paid_amount?: number | null;
  paid_reference?: string | null;
};

/** The most of a man's name an SMS to someone else's phone carries. */
const FOR_NAME_MAX = 24;
/** The least of it kept to make room for what a text must say (below that, the name wins). */
const FOR_NAME_MIN = 12;
export type SmsEvent = { name: string; date: string | null; location: string | null };

/** A time as an SMS gives it: "Sat 12 Jun 08:00" (Malawi time). */
export const SMS_WHEN_FORMAT = "EEE d MMM HH:mm";

/** The event's start as an SMS gives it: "Sat 12 Jun 08:00" (Malawi time). */
export function smsWhen(date: string | null): string | null {
  return formatInSiteZone(date, SMS_WHEN_FORMAT);
}

/** The least an event's name is cut to before a detail is dropped instead. */
const NAME_MIN = 16;

/** The shortest an event's name is ever cut to ("W...", its first letter). */
const NAME_CUT_MIN = 4;

/**
 * Builds one SMS: `render(name, details)` with the event's name cut to fit one segment. The other
 * details are dropped from the end while the name would have to be cut below NAME_MIN characters;
 * the `must` details (a fee still to pay) stay while the name can be cut to make room, and go only
 * when even that is not enough.
 */
export function fitted(render: (name: string, details: string) => string, name: string, details: readonly string[], must: readonly string[] = []): string {
  const clean = toGsm7(name);
  const joined = (parts: readonly string[]) => parts.map((detail) => toGsm7(detail)).join(" ");
  // Counted as written (toGsm7 would fold the two spaces around the empty name into one).
  const roomWith = (parts: readonly string[]) => SMS_SEGMENT_LENGTH - gsm7Length(render("", joined(parts)));
  const text = (parts: readonly string[]) => toGsm7(render(cutGsm7(clean, Math.max(roomWith(parts), NAME_CUT_MIN)), joined(parts)));
  for (let kept = details.length; kept >= 0; kept--) {
    const parts = [...must, ...details.slice(0, kept)];
    if (roomWith(parts) >= Math.min(NAME_MIN, gsm7Length(clean))) return text(parts);
  }
  return must.length && roomWith(must) >= NAME_CUT_MIN ? text(must) : text([]);
}

const sep = (details: string) => (details ? ` ${details}` : "");

/** The event's name closing a sentence: a name cut to fit already ends in "...", which needs no full stop after it. */
export const end = (name: string) => (name.endsWith("...") ? name : `${name}.`);

export const SMS_TEXT_KINDS = ["confirmed", "waitlisted", "moved-up", "cancelled", "reminder", "fee-paid", "fee-paid-cancelled", "phone-changed"] as const;
export type RegistrationSmsKind = (typeof SMS_TEXT_KINDS)[number];

/**
 * What a text must say whatever else gives way: money owed (the private link leads to the fee's
 * form), and why a place was released when it was for the fee.
 */
function mustSay(kind: RegistrationSmsKind, person: SmsRegistration): string[] {
  if (kind === "cancelled") return person.cancel_reason === CANCELLED_NOT_PAID ? ["Fee not paid in time."] : [];
  if (kind === "confirmed" || kind === "moved-up" || kind === "reminder") return person.fee_owed ? [`Fee ${formatKwacha(person.fee_owed)} due.`] : [];
  return [];
}

/** The text of one registration SMS. `sender` is the SMS sender ID (it names who sends). */
export function registrationSms(kind: RegistrationSmsKind, sender: string, event: SmsEvent, person: SmsRegistration, origin: string): string {
  const man = person.on_behalf_of?.trim();
  if (!man) return smsText(kind, sender, event, person, origin, null);
  // The man's name gives way, after the event's, before the text would go over one segment or
  // lose what it must say (a leader told "cancelled" must also read that it was for the fee).
  // (Not below FOR_NAME_MIN for that: a leader must still tell which man it is about.)
  const must = mustSay(kind, person).map(toGsm7);
  const named = (max: number) => smsText(kind, sender, event, person, origin, cutGsm7(toGsm7(man), max));
  const fits = (text: string) => gsm7Length(text) <= SMS_SEGMENT_LENGTH;
  for (let max = FOR_NAME_MAX; max >= FOR_NAME_MIN; max--) {
    const text = named(max);
    if (fits(text) && must.every((said) => text.includes(said))) return text;
  }
  for (let max = FOR_NAME_MAX; max > NAME_CUT_MIN; max--) {
    const text = named(max);
    if (fits(text)) return text;
  }
  return named(NAME_CUT_MIN);
}

/** The least of a reminder's place kept (cut to the room left) before it is left out. */
const PLACE_MIN = 12;

/**
 * The reminder the day before says where: after the fee and the time, the place is cut to the room
 * left (between words) rather than dropped, while the event's name keeps NAME_MIN characters.
 */
function withPlace(render: (name: string, details: string) => string, name: string, before: readonly string[], location: string | null, must: readonly string[]): string {
  const place = toGsm7(location?.trim() ?? "");
  for (let max = gsm7Length(place); max >= Math.min(PLACE_MIN, gsm7Length(place)) && max > 0; max--) {
    const cut = cutGsm7(place, max);
    const detail = cut.endsWith("...") ? `At ${cut}` : `At ${cut}.`;
    const text = fitted(render, name, [...before, detail], must);
    if (text.includes(detail)) return text;
  }
  return fitted(render, name, before, must);
}

/** One text, `named` the man it is about when the phone is not his own (else it speaks to "you"). */
function smsText(kind: RegistrationSmsKind, sender: string, event: SmsEvent, person: SmsRegistration, origin: string, named: string | null): string {
  const link = shortLinkOf(origin, person.token);
  const when = smsWhen(event.date);
  const whenDetail = when ? [`${when}.`] : [];
  const code = `Code ${person.code}.`;
  // Never dropped (the event's name is cut shorter instead).
  const feeDetail = mustSay(kind, person);
  switch (kind) {
    case "confirmed":
      return fitted((name, details) => `${sender}: ${named ? `${named} is` : "You are"} registered for ${end(name)}${sep(details)} ${code} Info/stop SMS: ${link}`, event.name, whenDetail, feeDetail);
    case "waitlisted":
      return fitted((name, details) => `${sender}: ${name}: ${named ? `${named} is` : "you are"} no. ${person.place ?? "?"} on the waiting list.${sep(details)} ${code} Info/stop SMS: ${link}`, event.name, []);
    case "moved-up":
      return fitted((name, details) => `${sender}: A place opened for ${named ?? "you"} at ${end(name)}${sep(details)} ${code} Info/stop SMS: ${link}`, event.name, whenDetail, feeDetail);
    case "cancelled":
      return fitted(
        (name, details) => `${sender}: ${named ? `The registration of ${named}` : "Your registration"} for ${name} is cancelled.${sep(details)} ${code} Info: ${link}`,
        event.name,
        [],
        mustSay(kind, person),
      );
    case "reminder":
      // On a leader's phone, about a man of his group: named, as the other texts do. A fee still to pay is said; then when, then where.
      return withPlace((name, details) => `${sender}: Reminder${named ? ` for ${named}` : ""}: ${end(name)}${sep(details)} ${code} Info/stop SMS: ${link}`, event.name, whenDetail, event.location, feeDetail);
    case "fee-paid":
      // His receipt (many men have no e-mail): what he paid, then its reference (the first to go when the event's name is long).
      return fitted(
        (name, details) => `${sender}: Payment received for ${named ? `${named}, ` : ""}${end(name)}${sep(details)} ${code} Info/stop SMS: ${link}`,
        event.name,
        person.paid_amount && person.paid_reference ? [`${formatKwacha(person.paid_amount)} paid.`, `Ref ${person.paid_reference}.`] : [],
      );
    case "phone-changed":
      // To the old phone: the registration's private link changed it, and the link may have reached
      // someone else. Not the link itself: the old number may be someone else's now.
      return fitted(
        (name) => `${sender}: Your registration for ${name}: phone changed to ...${person.phone_end ?? ""}. Not you? Tell us: ${origin}/contact`,
        event.name,
        [],
      );
    case "fee-paid-cancelled":
      // The money came in after the registration was cancelled: the desk shows it as paid and no longer
      // confirmed ("refund or keep": staff decide). So the text promises nothing; it says what his private
      // page says: to ask for a refund, contact the organisers (the page links to the Contact form).
      return fitted(
        (name, details) =>
          `${sender}: Payment for ${named ? `${named}, ` : ""}${name} came after cancelling. To ask for a refund, contact the organisers: ${link}${sep(details)}`,
        event.name,
        [],
      );
  }
}
