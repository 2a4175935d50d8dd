// The e-mails about event registrations. To a registrant who gave an address: the confirmation (or
// their place on the waiting list), moving up from the waiting list, and a cancellation. To the
// events address (settings): each new registration from the website, or a daily summary. To every
// Administrator: a registration burst (./registration-bursts.ts).
// Only the intent is written with the change they tell of (app/features/events/registrations.server.ts);
// they are rendered when sent, from the registration as it is then (./registration-outbox.server.ts).
// Subjects hold nothing a visitor typed, so nothing of it reaches a header.
import { registrationPath } from "~/features/events/registration-rules";
import { type EmailBlock, type EmailOrganisation, type RenderedEmail, renderEmail } from "~/lib/email-layout";
import { PAY_BY_FORMAT } from "~/lib/constants";
import { CANCELLED_NOT_PAID } from "~/lib/stored-choices";
import { formatInSiteZone } from "~/lib/time";
import { EVENTS_MESSAGES } from "./event-messages";
import { BURST_RULES, type BurstFacts, burstSentence } from "./registration-bursts";

/** The registration an e-mail is about, as it is when the e-mail is sent. */
export type RegistrationOfEmail = {
  full_name: string;
  code: string;
  token: string;
  place: number | null;
  /** The event's fee while it is still unpaid (null: free, or paid, waived or refunded). */
  fee_owed?: number | null;
  /** While that fee is unpaid at an event with "Hours to pay": when the place goes to the next person (ISO). */
  held_until?: string | null;
  /** Why it was cancelled, when not by a person: "not paid" (its hold ran out). */
  cancel_reason?: string | null;
};

/**
 * A confirmed place with its fee still to pay. Where to pay, not how: the private page offers Airtel
 * Money or TNM Mpamba when payments are set up, else the registration desk.
 */
function feeBlocks(person: RegistrationOfEmail): EmailBlock[] {
  if (!person.fee_owed) return [];
  const until = heldUntilText(person);
  const owed = until ? `still to pay by ${until}: after that your place goes to the next person waiting` : "still to pay";
  return [{ type: "paragraphs", text: `${EVENTS_MESSAGES.fee(person.fee_owed)}, ${owed}. Your registration's page (the button below) says how to pay it.` }];
}

/** "Friday, December 4 at 2:00 PM" (Malawi time): when a place unpaid by then goes to the next person; null when it is his to keep. */
function heldUntilText(person: RegistrationOfEmail): string | null {
  return person.fee_owed ? formatInSiteZone(person.held_until, PAY_BY_FORMAT) : null;
}

/** The event as the e-mails describe it: its name, when (Malawi time, written out) and where. */
export type RegistrationEmailEvent = { name: string; whenText: string | null; location: string | null; url: string };

function eventFacts(event: RegistrationEmailEvent): EmailBlock {
  const lines = [`Event: ${event.name}`, `When: ${event.whenText ?? "Date to be announced"}`, ...(event.location ? [`Where: ${event.location}`] : [])];
  return { type: "paragraphs", text: lines.join("\n") };
}

const REGISTRANT_FOOTER: EmailBlock[] = [
  { type: "paragraphs", text: "You get this because you registered for this event with this address. Replies reach the events team." },
];

/** The link to the registration's private page. */
export function privateLinkOf(origin: string, token: string): string {
  return `${origin}${registrationPath(token)}`;
}

/** Right after registering (or when staff add or restore them): a confirmed place, or a place on the waiting list. */
export function registrationReceiptEmail(
  status: "confirmed" | "waitlisted",
  event: RegistrationEmailEvent,
  person: RegistrationOfEmail,
  privateUrl: string,
  organisation: EmailOrganisation,
  withCalendar: boolean,
): RenderedEmail {
  const confirmed = status === "confirmed";
  // A place that goes to the next person unless its fee is paid is not called confirmed.
  const held = confirmed ? heldUntilText(person) : null;
  return renderEmail({
    subject: held ? `Pay by ${held} to keep your place: ${event.name}` : confirmed ? `Your place is confirmed: ${event.name}` : `You are on the waiting list: ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `Hello ${person.full_name},` },
      {
        type: "paragraphs",
        text: held
          ? `Your place at ${event.name} is held for you until ${held}.`
          : confirmed
          ? `Your place at ${event.name} is confirmed.`
          : `${event.name} is full, so you are number ${person.place ?? "?"} on the waiting list. When a place frees up, the first on the list moves up, and we will e-mail you.`,
      },
      { type: "paragraphs", text: `Your code: ${person.code}\nQuote it when you arrive or when you contact us.` },
      eventFacts(event),
      ...(confirmed ? feeBlocks(person) : []),
      { type: "button", label: "See or cancel my registration", url: privateUrl },
      ...(withCalendar ? [{ type: "paragraphs" as const, text: "The attached calendar file (.ics) puts the event in your phone's calendar." }] : []),
    ],
    footer: REGISTRANT_FOOTER,
  });
}

/** A place opened and the registrant moved up from the waiting list. */
export function movedUpEmail(event: RegistrationEmailEvent, person: RegistrationOfEmail, privateUrl: string, organisation: EmailOrganisation): RenderedEmail {
  const held = heldUntilText(person);
  return renderEmail({
    subject: held ? `A place opened for you: ${event.name}` : `A place opened: you are confirmed for ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `Hello ${person.full_name},` },
      {
        type: "paragraphs",
        text: `Good news: a place has opened at ${event.name}, and you have moved up from the waiting list. ${held ? `Your place is held for you until ${held}.` : "Your place is confirmed."}`,
      },
      { type: "paragraphs", text: `Your code: ${person.code}` },
      eventFacts(event),
      ...feeBlocks(person),
      { type: "button", label: "See or cancel my registration", url: privateUrl },
      { type: "paragraphs", text: "If you can no longer come, please cancel with the link above, so the place goes to the next person waiting." },
    ],
    footer: REGISTRANT_FOOTER,
  });
}

/**
 * The registration was cancelled, by the registrant from the private page (`restoreUrl`: his page,
 * which restores it), by staff, or because its fee was not paid in time.
 */
export function registrationCancelledEmail(event: RegistrationEmailEvent, person: RegistrationOfEmail, organisation: EmailOrganisation, restoreUrl: string | null): RenderedEmail {
  return renderEmail({
    subject: `Registration cancelled: ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `Hello ${person.full_name},` },
      {
        type: "paragraphs",
        text:
          person.cancel_reason === CANCELLED_NOT_PAID
            ? `Your registration for ${event.name} (code ${person.code}) is cancelled: the fee was not paid in time, so the place went to the next person waiting.`
            : `Your registration for ${event.name} (code ${person.code}) is cancelled.`,
      },
      eventFacts(event),
      // He cancelled it himself: his page restores it, same code, while the event takes registrations.
      ...(restoreUrl
        ? [
            { type: "paragraphs" as const, text: "If this is a mistake, your registration's page restores it, with the same code, while the event takes registrations." },
            { type: "button" as const, label: "My registration", url: restoreUrl },
          ]
        : [
            { type: "paragraphs" as const, text: "If this is a mistake, reply to this e-mail, or register again on the event's page while places are left." },
            { type: "link" as const, label: "The event's page", url: event.url },
          ]),
    ],
    footer: REGISTRANT_FOOTER,
  });
}

/** Who registered, as staff see them. */
export type Registrant = { full_name: string; phone_number: string; email: string | null };

const STAFF_FOOTER = (why: string): EmailBlock[] => [{ type: "paragraphs", text: `You get this because ${why}. Change it in the event's form in the admin area.` }];

/** To the events address, for each registration from the website ('each one'). */
export function staffRegistrationEmail(
  status: "confirmed" | "waitlisted" | "cancelled",
  event: RegistrationEmailEvent,
  person: Registrant & RegistrationOfEmail,
  deskUrl: string,
  organisation: EmailOrganisation,
): RenderedEmail {
  return renderEmail({
    subject: `New registration: ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `${person.full_name} registered on the website for ${event.name}.` },
      {
        type: "paragraphs",
        text: [
          `Status: ${status === "waitlisted" ? `number ${person.place ?? "?"} on the waiting list` : status}`,
          `Code: ${person.code}`,
          `Phone: ${person.phone_number}`,
          `E-mail: ${person.email ?? "none given"}`,
        ].join("\n"),
      },
      ...(person.email ? [{ type: "paragraphs" as const, text: `Reply to this e-mail to answer ${person.full_name} directly.` }] : []),
      { type: "link", label: "The registration desk", url: deskUrl },
    ],
    footer: STAFF_FOOTER("the event's registration notifications are set to each one and your address is the events e-mail in the settings"),
  });
}

/** Staff's one notice of a group registered on the website (the event set to "each one"): its leader and every man. */
export function staffGroupEmail(
  event: RegistrationEmailEvent,
  leader: { name: string; phone: string; email: string | null },
  men: readonly { full_name: string; status: string; code: string; place: number | null }[],
  deskUrl: string,
  organisation: EmailOrganisation,
): RenderedEmail {
  const statusOf = (man: (typeof men)[number]) => (man.status === "waitlisted" ? `number ${man.place ?? "?"} on the waiting list` : man.status);
  return renderEmail({
    subject: `New group registration: ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `${leader.name} registered a group of ${men.length} ${men.length === 1 ? "man" : "men"} on the website for ${event.name}.` },
      { type: "paragraphs", text: [`Leader's phone: ${leader.phone}`, `Leader's e-mail: ${leader.email ?? "none given"}`].join("\n") },
      { type: "paragraphs", text: men.map((man) => `${man.full_name}: ${statusOf(man)}, code ${man.code}`).join("\n") },
      ...(leader.email ? [{ type: "paragraphs" as const, text: `Reply to this e-mail to answer ${leader.name} directly.` }] : []),
      { type: "link", label: "The registration desk", url: deskUrl },
    ],
    footer: STAFF_FOOTER("the event's registration notifications are set to each one and your address is the events e-mail in the settings"),
  });
}

/** One registration in the daily summary. */
export type SummaryRegistration = Registrant & { status: string; code: string; place: number | null };

/** The most people the summary lists by name; the rest are counted, and the desk has them all. */
export const SUMMARY_LIST_LIMIT = 100;

/** To the events address, once a day, for an event set to 'daily summary': who registered since the last one. */
export function registrationSummaryEmail(
  event: RegistrationEmailEvent,
  registrations: readonly SummaryRegistration[],
  totals: { confirmed: number; waitlisted: number; capacity: number | null },
  deskUrl: string,
  organisation: EmailOrganisation,
): RenderedEmail {
  const n = registrations.length;
  const listed = registrations.slice(0, SUMMARY_LIST_LIMIT).map((person) => {
    const status = person.status === "waitlisted" ? `waiting list, number ${person.place ?? "?"}` : person.status;
    return `${person.full_name}: ${person.phone_number}${person.email ? `, ${person.email}` : ""} (${status}, code ${person.code})`;
  });
  const more = n - listed.length;
  return renderEmail({
    subject: `${n} new ${n === 1 ? "registration" : "registrations"}: ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `${n} ${n === 1 ? "person" : "people"} registered on the website for ${event.name} since the last summary.` },
      { type: "paragraphs", text: listed.join("\n") + (more > 0 ? `\nand ${more} more (see the desk)` : "") },
      {
        type: "paragraphs",
        text: `Now: ${totals.confirmed} confirmed${totals.capacity !== null ? ` of ${totals.capacity} places` : ""}, ${totals.waitlisted} on the waiting list.`,
      },
      { type: "link", label: "The registration desk", url: deskUrl },
    ],
    footer: STAFF_FOOTER("the event's registration notifications are set to a daily summary and your address is the events e-mail in the settings"),
  });
}

/** The reminder before the event (its `reminder` setting: the day before, or two hours before), to a confirmed registrant. */
export function reminderEmail(event: RegistrationEmailEvent, person: RegistrationOfEmail, privateUrl: string, organisation: EmailOrganisation): RenderedEmail {
  return renderEmail({
    subject: `Reminder: ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `Hello ${person.full_name},` },
      { type: "paragraphs", text: `This is a reminder of ${event.name}, where your place is confirmed.` },
      { type: "paragraphs", text: `Your code: ${person.code}\nQuote it when you arrive.` },
      ...feeBlocks(person),
      eventFacts(event),
      { type: "button", label: "See or cancel my registration", url: privateUrl },
      { type: "paragraphs", text: "If you can no longer come, please cancel with the link above, so the place goes to someone waiting." },
    ],
    footer: REGISTRANT_FOOTER,
  });
}

/** To every Administrator, once per burst: which event, how many against usual, and the way to the desk. */
export function registrationBurstEmail(burst: BurstFacts, deskUrl: string, organisation: EmailOrganisation): RenderedEmail {
  return renderEmail({
    subject: `Registration burst: ${burst.eventName}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: burstSentence(burst) },
      {
        type: "paragraphs",
        text: "That may be people told of the event at once, or a script filling it with made-up names. Look at the registration desk: if they are not real, 'Cancel a burst' cancels them in one step (by time, and by address group) and moves the waiting list up.",
      },
      { type: "link", label: "The registration desk", url: deskUrl },
    ],
    footer: [
      {
        type: "paragraphs",
        text: `Every Administrator of the website gets this e-mail, at most once every ${BURST_RULES.alertEveryHours} hours for an event, when it receives at least ${BURST_RULES.floor} registrations in an hour and more than ${BURST_RULES.times} times its usual rate.`,
      },
    ],
  });
}
