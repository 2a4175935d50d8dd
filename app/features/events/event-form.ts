// The event form (SPEC section 2, Event form): only the name is required; both switches start on.
// The date (and the optional end, decision 051) is typed in Malawi time and stored as a UTC instant.
import { z } from "zod";
import { REGISTRATION_NOTIFICATIONS } from "~/features/events/registration-notifications";
import { EVENT_REMINDERS } from "~/features/events/event-reminders";
import { checkbox, optionalText, requiredText } from "../../lib/schema-fields";
import { siteDateTime } from "../../lib/date-time-field";
import { staleSaveMessage } from "~/features/history";
import { PAY_BY_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";

export const EVENT_DATE_INVALID = "Please enter a valid date and time, for example 2027-03-05 09:30";
export const EVENT_END_MESSAGES = {
  notAfterStart: "The end must be after the start",
  withoutStart: "An end needs a start: please fill in Date and Time too, or leave Ends empty",
} as const;
export const EVENT_NOTIFICATIONS_INVALID = "Please choose None, Each registration or Daily summary";
export const EVENT_CAPACITY_INVALID = "Please enter a whole number of places (1 or more), or leave it empty for no limit";
export const EVENT_PRICE_INVALID = "Please enter the fee in whole kwacha (for example 15000), or leave it empty for a free event";
export const EVENT_HOLD_INVALID = "Please enter a whole number of hours (1 or more), or leave it empty to never release an unpaid place";
/** The most each number may be, said as such: a whole number above it is not "not a whole number". */
const MOST = { capacity: 1_000_000, price: 5_000_000, hours: 24 * 365 } as const;
export const EVENT_LIMIT_MESSAGES = {
  capacity: `An event can have at most ${MOST.capacity.toLocaleString("en-US")} places`,
  price: `The fee can be at most MK ${MOST.price.toLocaleString("en-US")}`,
  hours: `Hours to pay can be at most ${MOST.hours.toLocaleString("en-US")} (a year)`,
} as const;

/** The save's warning when the capacity is set below the places already taken: where new registrations go. */
export function capacityBelowConfirmedNotice(confirmed: number, waitlist: boolean): string {
  return waitlist
    ? `${confirmed} are already confirmed; new registrations wait until places free up.`
    : `${confirmed} are already confirmed, more than the places, and there is no waiting list: registration is closed until places free up.`;
}

export const EVENT_NOTICES = {
  datePassed: "Its date has passed, so registration is closed.",
  /** It began and its end is still to come (decision 051). */
  started: "It has started, so registration is closed.",
  closingPassed: "Its registration closing time has passed, so registration is closed.",
  closesAfterStart: "Registration stays open after the event starts, until its closing time.",
} as const;

/**
 * The save's word when "Hours to pay" were set or changed while `men` confirmed men owe the fee: the
 * hours run from the save for them all (payBySql), to `payBy`; null: that time falls after the event
 * starts, so no place of theirs is released. Nobody is sent a message: staff may send one.
 */
export function holdStartedNotice({ men, payBy }: { men: number; payBy: string | null }): string {
  const who = men === 1 ? "1 confirmed man has" : `${men} confirmed men have`;
  const until = formatInSiteZone(payBy, PAY_BY_FORMAT);
  if (!until) return `${who} not paid the fee: the hours to pay from now end after the event starts, so no place is released (the fee is paid at the door).`;
  const kept = men === 1 ? `he has until ${until} to pay before his place is released` : `they have until ${until} to pay before their places are released`;
  return `${who} not paid the fee: the hours to pay run from this save, so ${kept}. Their registration pages say so; to tell them, use Message registrants on the registration desk.`;
}

type NoticedEvent = { date: string | null; ends_at?: string | null; registration_closes_at: string | null; capacity: number | null; registration_enabled: boolean; waitlist_enabled: boolean };

/**
 * What the form and the save say about an event as it stands, so nothing about it surprises staff:
 * more confirmed than places, registration switched on but already closed (its closing time, or
 * else its date, has passed), or left open after the event starts.
 */
export function eventNotices(event: NoticedEvent, confirmed: number, now: Date): string[] {
  const notices: string[] = [];
  if (event.capacity !== null && confirmed > event.capacity) notices.push(capacityBelowConfirmedNotice(confirmed, event.waitlist_enabled));
  if (!event.registration_enabled) return notices;
  const closesAt = event.registration_closes_at ?? event.date;
  const running = event.ends_at != null && new Date(event.ends_at) > now;
  if (closesAt && new Date(closesAt) <= now) notices.push(event.registration_closes_at ? EVENT_NOTICES.closingPassed : running ? EVENT_NOTICES.started : EVENT_NOTICES.datePassed);
  else if (event.date && event.registration_closes_at && new Date(event.registration_closes_at) > new Date(event.date)) notices.push(EVENT_NOTICES.closesAfterStart);
  return notices;
}

export const eventSchema = z.object({
  name: requiredText("Event name is required", 150, "Please keep the event name under 150 characters"),
  date: siteDateTime(EVENT_DATE_INVALID),
  ends_at: siteDateTime(EVENT_DATE_INVALID),
  location: optionalText(200),
  description: optionalText(5000),
  image_alt: optionalText(200),
  active: checkbox(),
  registration_enabled: checkbox(),
  capacity: z
    .number({ error: EVENT_CAPACITY_INVALID })
    .int(EVENT_CAPACITY_INVALID)
    .min(1, EVENT_CAPACITY_INVALID)
    .max(MOST.capacity, EVENT_LIMIT_MESSAGES.capacity)
    .nullish()
    .transform((value) => value ?? null),
  waitlist_enabled: checkbox(),
  registration_closes_at: siteDateTime(EVENT_DATE_INVALID),
  registration_notifications: z.enum(REGISTRATION_NOTIFICATIONS, { error: EVENT_NOTIFICATIONS_INVALID }).default("none"),
  /** The fee in whole kwacha; empty or 0: free. */
  price: z
    .number({ error: EVENT_PRICE_INVALID })
    .int(EVENT_PRICE_INVALID)
    .min(0, EVENT_PRICE_INVALID)
    .max(MOST.price, EVENT_LIMIT_MESSAGES.price)
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Hours an unpaid registration keeps its place; empty: never released. */
  payment_hold_hours: z
    .number({ error: EVENT_HOLD_INVALID })
    .int(EVENT_HOLD_INVALID)
    .min(1, EVENT_HOLD_INVALID)
    .max(MOST.hours, EVENT_LIMIT_MESSAGES.hours)
    .nullish()
    .transform((value) => value ?? null),
  reminder: z.enum(EVENT_REMINDERS, { error: "Please choose when registrants are reminded" }).default("day_before"),
});

/**
 * The whole form's check of the end (`.superRefine(checkEventEnd, ALWAYS)`): after the start, and
 * only with one. A start or end that could not be read has its own message already.
 */
export function checkEventEnd(event: { date?: unknown; ends_at?: unknown }, ctx: z.RefinementCtx) {
  if (typeof event.ends_at !== "string") return;
  if (event.date === null) ctx.addIssue({ code: "custom", path: ["ends_at"], message: EVENT_END_MESSAGES.withoutStart });
  else if (typeof event.date === "string" && event.ends_at <= event.date) ctx.addIssue({ code: "custom", path: ["ends_at"], message: EVENT_END_MESSAGES.notAfterStart });
}

const SAVE_FAILED = "Failed to save event. Please try again.";

export const EVENT_MESSAGES = {
  stale: staleSaveMessage("this event", "Update Event", { keptInHistory: false }),
  created: { title: "Event created", description: "The new event has been successfully created." },
  updated: { title: "Event updated", description: "The event has been successfully updated." },
  createFailed: SAVE_FAILED,
  updateFailed: SAVE_FAILED,
  deleted: { title: "Event deleted" },
  deleteFailed: "Failed to delete event. Please try again.",
  /** An event with money recorded is not deleted (its payments would lose who paid): hidden instead. */
  keptForMoney: (payments: number) =>
    `${payments === 1 ? "a payment is" : `${payments} payments are`} recorded for its registrations, and the accounts must keep who paid. To take it off the website, edit it and switch off Active.`,
  /** The delete dialog of such an event, in the events list. */
  moneyRecorded: "Payments are recorded for its registrations, so it cannot be deleted: the accounts must keep who paid. To take it off the website, edit it and switch off Active.",
  /** The fee emptied (or set to 0) on an event whose registrations have paid it. */
  feeKept: "Payments are recorded for this fee, so it cannot be removed: the desk, the men's pages and the export show what each man paid against it. To stop asking for it, waive it for each man at the desk.",
  uploadFailed: "Failed to upload image. Please try again.",
  loadFailed: "Failed to load event data. Please try again.",
  listFailed: "Failed to load events. Please try again.",
} as const;
