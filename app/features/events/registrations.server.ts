// Every query that touches `event_registrations`. D1 has no interactive transactions, so each rule
// two people can race is one guarded statement, or one batch (which D1 runs as one transaction):
// - registering decides confirmed / waitlisted / refused in the INSERT itself, from the count of
//   confirmed places at that instant;
// - a phone registers once per event: a partial unique index on (event_id, dedupe_key) for
//   registrations that are not cancelled;
// - cancelling a confirmed place promotes the first on the waiting list in the same batch;
// - check-in is `UPDATE … WHERE checked_in_at IS NULL`, so it lands once;
// - the e-mails a change causes (a confirmation, moving up, a cancellation, staff's notification)
//   are written in its batch, for exactly the rows it changes, as intent (kind, recipient, the
//   registration's id) through the shared outbox: no text (which to write is chosen here, below
//   RegistrationEmail). Each is rendered when it is sent, from the registration as it is then
//   (./registration-outbox.server.ts).
import { and, asc, count, desc, eq, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { event_registrations, type RegistrationStatus } from "~/db/schema";
import { batchable, getDb, isUniqueViolation, type Db } from "~/db/db.server";
import { containsText, containsTextTimes, endsWithText } from "~/db/text-match";
import { wordCounts } from "~/lib/search-text";
import { newPrivateToken } from "~/lib/private-link";
import {
  newRegistrationCode,
  readRegistrationCode,
  registrationState,
  type RegistrationWindow,
} from "~/features/events/registration-rules";
import { enqueueByEachChannelQuery, enqueueForEachQuery, enqueueNothingQuery, enqueueQuery, followCorrectionQuery, isPhoneRecipient, outboxIdsOf } from "~/server/outbox.server";
import { isAddress } from "~/server/email-rules.server";
import { smsDueAt, smsSetup } from "~/server/sms.server";
import type { RegistrationNotifications } from "~/features/events/registration-notifications";
import type { Answer } from "~/features/events/event-questions";
import { answerInsertQueries } from "~/features/events/event-questions.server";
import { burstAlertQueries } from "~/features/events/registration-bursts.server";
import { RESEND_GAP_MINUTES } from "./registration-link";
import { TO_THE_REGISTRANT } from "./registration-message-kinds";
import { type DoorCounts, phoneSearchDigits, VOLUNTEER_PHONE_DIGITS } from "./door-types";

const r = event_registrations;

// ----- Codes ------------------------------------------------------------------------------------

/** Tries a write again with a fresh code (and token) when the code drawn is already taken for the event. */
export async function withFreshCode<T>(write: (code: string, token: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(newRegistrationCode(), newPrivateToken());
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error) || !/code/.test(String((error as Error).cause ?? error))) throw error;
    }
  }
}

// ----- SQL pieces -------------------------------------------------------------------------------

/** How many confirmed places an event has taken. */
export function confirmedCountSql(eventId: SQL | number): SQL<number> {
  return sql<number>`(SELECT count(*) FROM event_registrations c WHERE c.event_id = ${eventId} AND c.status = 'confirmed')`;
}

/**
 * Whether event `e` takes registrations at `now`: registrationState (app/features/events/registration-rules.ts)
 * in SQL, for the guarded insert.
 */
export function openForRegistrationSql(now: string): SQL {
  return sql`e.active = 1 AND e.registration_enabled = 1
    AND (COALESCE(e.registration_closes_at, e.date) IS NULL OR COALESCE(e.registration_closes_at, e.date) > ${now})
    AND (e.capacity IS NULL OR e.waitlist_enabled = 1 OR ${confirmedCountSql(sql`e.id`)} < e.capacity)`;
}

/** Whether event `e` has a place free (no capacity, or fewer confirmed than it). */
export const placeFreeSql = sql`(e.capacity IS NULL OR ${confirmedCountSql(sql`e.id`)} < e.capacity)`;

/** The place on the waiting list of registration `w0` (1 = next to move up), or NULL when not waiting. */
export function waitlistPlaceSql(alias: string): SQL<number | null> {
  const a = sql.raw(alias);
  return sql<number | null>`CASE WHEN ${a}.status = 'waitlisted' THEN (SELECT count(*) FROM event_registrations q
    WHERE q.event_id = ${a}.event_id AND q.status = 'waitlisted'
      AND (q.queued_at < ${a}.queued_at OR (q.queued_at = ${a}.queued_at AND q.id <= ${a}.id))) END`;
}

/**
 * `owesFee` (registration-rules.ts) in SQL: registration `alias` owes its fee. `price` is its
 * event's price where the query has it (a joined event's column), else read from its event.
 */
export function owesFeeSql(alias: string, price: SQL = sql`(SELECT price FROM churchevents WHERE id = ${sql.raw(alias)}.event_id)`): SQL<boolean> {
  const r = sql.raw(alias);
  return sql<boolean>`(${r}.status = 'confirmed' AND ${r}.payment_status = 'unpaid' AND ${price} > 0)`;
}

/**
 * When registration `alias`'s place is released unless its fee is paid (its event's "Hours to pay"
 * after it was made, moved up or restored, or after the hours were set on the event, whichever came
 * last: app/features/payments/hold-expiry.server.ts), as an ISO time; null while not confirmed, when
 * the event holds places without a limit, or when that time falls at or after the event's start (no
 * place is released then: what is unpaid is paid at the door).
 */
export function payBySql(alias: string): SQL<string | null> {
  const r = sql.raw(alias);
  const hours = sql`(SELECT payment_hold_hours FROM churchevents WHERE id = ${r}.event_id)`;
  const starts = sql`(SELECT date FROM churchevents WHERE id = ${r}.event_id)`;
  const holdSince = sql`(SELECT payment_hold_since FROM churchevents WHERE id = ${r}.event_id)`;
  // From when the place was his (made, moved up, or restored at the desk) or the rule came in, whichever came last:
  // a man registered before the hours were set is given them in full from then, never released at once.
  const since = sql`max(COALESCE(${r}.promoted_at, ${r}.created_at), COALESCE(${r}.restored_at, ''), COALESCE(${holdSince}, ''))`;
  const payBy = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${since}, '+' || ${hours} || ' hours')`;
  return sql<string | null>`CASE WHEN ${r}.status = 'confirmed' AND ${hours} IS NOT NULL AND COALESCE(${payBy} < ${starts}, 1) THEN ${payBy} END`;
}

/**
 * Until when registration `alias` keeps its place unpaid: its pay-by time (payBySql) while it owes
 * the fee (owesFeeSql), else null: a place paid for, waived, free or without "Hours to pay" is his to keep.
 */
export function heldUntilSql(alias: string): SQL<string | null> {
  return sql<string | null>`CASE WHEN ${owesFeeSql(alias)} THEN ${payBySql(alias)} END`;
}

/** How many confirmed men of an event owe its fee, and the latest time one of them has to pay it (null: none is released). */
export type UnpaidHolds = { men: number; payBy: string | null };

/** For a batch: event `eventId`'s confirmed men who owe its fee, and until when the last of them keeps his place (heldUntilSql). */
export function unpaidHoldsQuery(db: Db, eventId: number) {
  return batchable(db.all<{ men: number; pay_by: string | null }>(sql`SELECT count(*) AS men, max(${heldUntilSql("u")}) AS pay_by
    FROM event_registrations u WHERE u.event_id = ${eventId} AND ${owesFeeSql("u")}`));
}

/** What unpaidHoldsQuery read. */
export function unpaidHoldsOf([row]: { men: number; pay_by: string | null }[]): UnpaidHolds {
  return { men: row?.men ?? 0, payBy: row?.pay_by ?? null };
}

/** A registration's (`alias`) fee still to pay, from its event (`eventAlias`): the price while it owes it (owesFee), else null. */
export function feeOwedSql(alias: string, eventAlias: string): SQL<number | null> {
  const price = sql.raw(`${eventAlias}.price`);
  return sql<number | null>`CASE WHEN ${owesFeeSql(alias, price)} THEN ${price} END`;
}

/** An event's state for explaining an outcome: its switches, limits and confirmed count. */
export function eventWindowQuery(db: Db, eventId: SQL | number) {
  return batchable(db.all<RegistrationWindowRow>(sql`SELECT e.id, e.name, e.location, e.active, e.registration_enabled, e.date, e.ends_at, e.registration_closes_at,
      e.capacity, e.waitlist_enabled, e.price, ${confirmedCountSql(sql`e.id`)} AS confirmed
    FROM churchevents e WHERE e.id = ${eventId}`));
}

export type RegistrationWindowRow = {
  id: number;
  name: string;
  location: string | null;
  active: number;
  registration_enabled: number;
  date: string | null;
  ends_at: string | null;
  registration_closes_at: string | null;
  capacity: number | null;
  waitlist_enabled: number;
  /** The fee in whole kwacha (null or 0: free). */
  price: number | null;
  confirmed: number;
};

export function windowOf(row: RegistrationWindowRow): RegistrationWindow {
  return {
    active: Boolean(row.active),
    registration_enabled: Boolean(row.registration_enabled),
    date: row.date,
    registration_closes_at: row.registration_closes_at,
    capacity: row.capacity,
    waitlist_enabled: Boolean(row.waitlist_enabled),
    confirmed: row.confirmed,
  };
}

/** Whether the event (as eventWindowQuery read it) has no place left. */
export function isFull(event: RegistrationWindowRow | undefined): boolean {
  return event !== undefined && event.capacity !== null && event.confirmed >= event.capacity;
}

/** Whether the event has exactly as many confirmed as places (it just turned full, or stopped being full one step ago). */
function isExactlyFull(row: RegistrationWindowRow | undefined) {
  return row !== undefined && row.capacity !== null && row.confirmed === row.capacity;
}

export type PromotedRow = { id: number; event_id: number; full_name: string; email: string | null; code: string; token: string };

/** The registrations promoteQuery moves up at that point of a batch: the first of the waiting list, as many as places are free. */
function nextInLineSql(eventId: SQL | number): SQL {
  return sql`id IN (
      SELECT w.id FROM event_registrations w WHERE w.event_id = ${eventId} AND w.status = 'waitlisted'
      ORDER BY w.queued_at, w.id
      LIMIT COALESCE((SELECT CASE WHEN e.capacity IS NULL THEN -1 ELSE max(0, e.capacity - ${confirmedCountSql(sql`e.id`)}) END
        FROM churchevents e WHERE e.id = ${eventId}), 0))`;
}

/**
 * Moves the first people of the waiting list up into the places that are free (all of them when
 * the event has no capacity): one guarded statement, so simultaneous cancellations never promote
 * more people than there are places.
 */
export function promoteQuery(db: Db, eventId: SQL | number, now: string) {
  return batchable(db.all<PromotedRow>(sql`UPDATE event_registrations SET status = 'confirmed', promoted_at = ${now}, told_at = NULL, updated_at = ${now}
    WHERE ${nextInLineSql(eventId)}
    RETURNING id, event_id, full_name, email, code, token`));
}

/**
 * The e-mail to those promoteQuery moves up, for the same batch, just before it (it finds the
 * same people): the event's id, or the SQL that finds it, as promoteQuery gets it.
 */
export function movedUpEmailQuery(db: Db, email: RegistrationEmail | null, eventId: SQL | number) {
  return registrationEmailQuery(db, email, nextInLineSql(eventId));
}

// ----- E-mails ----------------------------------------------------------------------------------

/**
 * An e-mail about a registration, written in the batch that changes it: which one, and to whom. Only
 * this is stored (with the registration's id); the text is rendered when it is sent.
 * - `receipt`: the confirmation, or the place on the waiting list, by the status in the batch;
 * - `moved-up`, `cancelled`: the notes of a promotion and a cancellation;
 * - `staff-notice`: a registration from the website, to the events address.
 */
export type RegistrationEmail =
  /**
   * `sms`: when SMS is set up, when the registrant's SMS of the same kind is due (07:00 when written
   * at night: app/server/sms.server.ts); the SMS goes to their phone unless they turned SMS off.
   */
  | { kind: "receipt" | "moved-up" | "cancelled"; to: "registrant"; sms?: string | null; again?: boolean }
  | { kind: "staff-notice"; to: { staff: string } };

// Which to write with each change (the intents).

/** When a registrant's SMS written now is due, or null while SMS is not set up (then none is written). */
export function smsDueNow(urgent = false): string | null {
  return smsSetup().ready ? smsDueAt(new Date(), urgent).toISOString() : null;
}

/** To the registrant (by e-mail and SMS): the confirmation, or their place on the waiting list (by the status the batch gives). */
export function registrationReceipts(): RegistrationEmail[] {
  return [{ kind: "receipt", to: "registrant", sms: smsDueNow() }];
}

/**
 * The receipt again, asked for by its person from /events/{id}/my-link ("Get my link again"), within
 * the limits of askedAgainLimitsSql (a double tap sends one; a script cannot run up SMS). Urgent: it
 * goes at once, at night too.
 */
export function receiptAgain(): RegistrationEmail {
  // Asked for, so not held for the night's quiet hours: a man at the gate at 06:00 needs his code now.
  return { kind: "receipt", to: "registrant", sms: smsDueNow(true), again: true };
}

/** To each registrant who moves up from the waiting list. */
export function movedUpNote(): RegistrationEmail {
  return { kind: "moved-up", to: "registrant", sms: smsDueNow() };
}

/** The messages of a cancellation: to the registrant cancelled, and to those who move up into the place. */
export function cancellationNotes(): { cancelled: RegistrationEmail; movedUp: RegistrationEmail } {
  return { cancelled: { kind: "cancelled", to: "registrant", sms: smsDueNow() }, movedUp: movedUpNote() };
}

/**
 * Everything a registration from the website writes: the registrant's confirmation (when they gave
 * an address) and staff's notice to the events address (`staffAddress`, from the settings) when the
 * event asks for each one. A staff address the provider would refuse is logged and left out, so the
 * registration itself still goes through.
 */
export function newRegistrationEmails(
  event: { registration_notifications: RegistrationNotifications },
  person: { email: string | null },
  staffAddress: string,
): RegistrationEmail[] {
  const staff = event.registration_notifications === "each";
  if (staff && !isAddress(staffAddress)) console.error("Registration e-mail left out: the events address in the settings is not valid");
  return [
    // The receipt goes by e-mail where given and by SMS when it is set up (registrantMessagesQuery decides per channel).
    ...(person.email || smsSetup().ready ? registrationReceipts() : []),
    ...(staff && isAddress(staffAddress) ? [{ kind: "staff-notice" as const, to: { staff: staffAddress } }] : []),
  ];
}

/** The outbox kind of each, in SQL over the registration `t` (a receipt's depends on its status in the batch). */
const KIND_SQL: Record<RegistrationEmail["kind"], SQL> = {
  receipt: sql`CASE WHEN t.status = 'confirmed' THEN 'registration-confirmed' ELSE 'registration-waitlisted' END`,
  "moved-up": sql`'registration-moved-up'`,
  cancelled: sql`'registration-cancelled'`,
  "staff-notice": sql`'registration-notification'`,
};

/**
 * For a batch: `email`'s intent once for each registration `which` (a condition on an
 * event_registrations row) selects at that point of the batch; with no e-mail, a statement that
 * writes nothing, so the batch's results keep their places. Put before the statement that changes
 * the rows, it reaches exactly the rows that statement changes; after an insert, the new row by its
 * token. A registrant's e-mail needs their address; a receipt, a registration not cancelled.
 */
export function registrationEmailQuery(db: Db, email: RegistrationEmail | null, which: SQL) {
  if (!email) return enqueueNothingQuery(db);
  if (email.to === "registrant") return registrantMessagesQuery(db, email.kind, email.sms ?? null, which, email.again === true);
  return enqueueForEachQuery(db, {
    kind: KIND_SQL[email.kind],
    to: sql`${email.to.staff}`,
    aboutId: sql`t.id`,
    from: sql`FROM event_registrations t WHERE t.id IN (SELECT id FROM event_registrations WHERE ${which})`,
  });
}

/** At most this many registration receipts go to one e-mail address a day, across the site. */
export const RECEIPTS_PER_ADDRESS_PER_DAY = 3;

/**
 * Whether the registrant's address may get another receipt today (issue 28, finding 1): a script
 * registering with a stranger's address cannot mail them more than 3 confirmations a day, nor use
 * up the site's e-mail quota. The registration itself still goes through; SMS are not affected.
 */
const receiptsLeftToday = sql`(SELECT count(*) FROM email_outbox o
    WHERE o.kind IN ('registration-confirmed', 'registration-waitlisted') AND o.channel = 'email'
      AND lower(o.recipient) = lower(t.email) AND o.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')) < ${RECEIPTS_PER_ADDRESS_PER_DAY}`;


/** At most this many of one message (a registration's receipt, a group's link) go by each channel in a day (the first included). */
const SENT_PER_DAY = 3;

/**
 * The limits of a message asked for again ("Get my link again": a registration's receipt, a group's
 * link), for the `where` of an enqueueByEachChannelQuery (it reads the channel `c`): `about` is the row's
 * about_id, `kinds` its outbox kinds. By that channel, none written in the last RESEND_GAP_MINUTES or
 * due and still to go (a slow send; one held for 07:00 aside), and fewer than SENT_PER_DAY in a day.
 */
export function askedAgainLimitsSql(about: SQL, kinds: readonly string[]): SQL {
  const ofIt = sql`o.about_id = ${about} AND o.channel = c.channel AND o.kind IN (${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;
  return sql`AND (SELECT count(*) FROM email_outbox o WHERE ${ofIt}
      AND (o.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${RESEND_GAP_MINUTES} minutes`}) OR o.status IN ('queued', 'sending'))
      AND NOT (o.status = 'queued' AND o.next_attempt_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) = 0
    AND (SELECT count(*) FROM email_outbox o WHERE ${ofIt} AND o.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')) < ${SENT_PER_DAY}`;
}

const resendAllowed = askedAgainLimitsSql(sql`t.id`, ["registration-confirmed", "registration-waitlisted"]);

/**
 * A registrant's message by each channel they can get: the e-mail where they gave an address, and
 * (when `smsDue` is set: SMS is set up) the SMS to their phone unless they turned SMS off. One
 * statement, so the batch's results keep their places.
 * `again`: a receipt asked for again, within its limits (askedAgainLimitsSql).
 */
function registrantMessagesQuery(db: Db, kind: "receipt" | "moved-up" | "cancelled", smsDue: string | null, which: SQL, again = false) {
  // Held for 07:00, it would come after the event began (a man registering at 03:00 for a 05:00
  // prayer meeting needs his code at the door): it goes now, at night too.
  const beforeItGoes = smsDue === null ? sql`0` : sql`coalesce((SELECT e.date FROM churchevents e WHERE e.id = t.event_id) <= ${smsDue}, 0)`;
  return enqueueByEachChannelQuery(db, {
    kind: KIND_SQL[kind],
    aboutId: sql`t.id`,
    email: sql`t.email`,
    phone: sql`t.phone_number`,
    smsDue: smsDue === null ? null : sql`CASE WHEN ${beforeItGoes} THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE ${smsDue} END`,
    urgent: again ? true : beforeItGoes,
    from: sql`event_registrations t`,
    emailIf: kind === "receipt" ? receiptsLeftToday : undefined,
    smsIf: sql`t.sms_stopped_at IS NULL`,
    where: sql`t.id IN (SELECT id FROM event_registrations WHERE ${which}) ${kind === "receipt" ? sql`AND t.status <> 'cancelled'` : sql``}
        ${again ? resendAllowed : sql``}`,
  });
}

/**
 * Whether registration `t` is the one a phone several of them share gets a message for (one SMS a
 * phone: a group's men without a phone of their own are on their leader's number; a family
 * phone): the owner's own registration (his number its dedupe key) before a man's on it, then
 * the first. `among(s)` says which others count (the same audience, SMS not turned off).
 */
export function firstOnItsPhoneSql(among: (s: SQL) => SQL): SQL {
  const s = sql.raw("s");
  return sql`NOT EXISTS (SELECT 1 FROM event_registrations s WHERE s.event_id = t.event_id AND s.phone_number = t.phone_number AND ${among(s)}
    AND ((s.dedupe_key IS NOT NULL AND t.dedupe_key IS NULL) OR ((s.dedupe_key IS NULL) = (t.dedupe_key IS NULL) AND s.id < t.id)))`;
}

/** A message a batch wrote about a registration: its channel, and when it may go (an SMS waits for 07:00 at night). */
export type MessageWritten = { id: number; about_id: number | null; channel: "email" | "sms"; next_attempt_at: string | null };


// ----- Registering (the public form) ------------------------------------------------------------

/** One person signing up for one event; the phone is in international form, the e-mail optional. */
export type NewRegistration = {
  event_id: number;
  full_name: string;
  phone_number: string;
  email: string | null;
  /** The island's id for this attempt (null without JavaScript). */
  request_id: string | null;
  /** Its client address's group (app/server/abuse.server.ts), or null. */
  address_group: string | null;
};

/** What the person is told, and what their private page shows. */
export type RegistrationReceipt = {
  id: number;
  event_id: number;
  status: Exclude<RegistrationStatus, "cancelled">;
  code: string;
  token: string;
  /** Place on the waiting list (1 = next), or null when confirmed. */
  place: number | null;
};

/** A receipt as its person is told it: with when his place goes unless its fee is paid (heldUntilSql), if it may. */
export type HeldReceipt = RegistrationReceipt & { held_until: string | null };

/** The event a receipt is for, as the confirmation shows it. */
export type ReceiptEvent = { id: number; name: string; date: string | null; ends_at: string | null; location: string | null; price: number | null };

export type RegisterOutcome =
  | { outcome: "registered"; receipt: HeldReceipt; event: ReceiptEvent; turnedFull: boolean; outboxIds: number[]; placesNote: string | null }
  | { outcome: "repeated"; receipt: HeldReceipt; event: ReceiptEvent; placesNote: string | null }
  | { outcome: "already-registered" | "event-not-found" | "closed" | "full" };

type HolderRow = HeldReceipt & {
  request_id: string | null;
  full_name: string;
  email: string | null;
  address_group: string | null;
  source: string;
  created_at: string;
};

/** How long the same form sent again by its sender (a double tap on a slow line) is answered as the first (decision 038): a registration's, a group's. */
export const SENT_AGAIN_MINUTES = 2;

/**
 * Whether the phone's registration was made by this very form a moment ago, sent again without
 * JavaScript (no attempt id): the same name and e-mail from the same network within minutes. The
 * browser shows only the second answer, so it must be the first's (its private page); anyone else
 * typing that number learns nothing (decision 038).
 */
function sentAgainPlain(holder: HolderRow, input: NewRegistration, now: Date): boolean {
  return (
    input.request_id === null &&
    holder.request_id === null &&
    holder.source === "public" &&
    input.address_group !== null &&
    holder.address_group === input.address_group &&
    holder.full_name === input.full_name &&
    holder.email === input.email &&
    now.getTime() - Date.parse(holder.created_at) < SENT_AGAIN_MINUTES * 60_000
  );
}

/**
 * Registers one person in one batch (one round trip): the guarded insert decides confirmed or
 * waitlisted (or writes nothing when registration is not open or the phone is registered already);
 * the same batch reads who holds the phone's place and the event's state to say why (closed or full before
 * who holds the number, so a refusal tells no one who registered), and writes
 * `emails` only if the new registration is there; last, whether it tips a burst, and the
 * Administrators' e-mails if so (./registration-bursts.server.ts).
 */
export async function registerForEvent(
  input: NewRegistration,
  now: Date,
  emails: readonly RegistrationEmail[] = [],
  answers: readonly Answer[] = [],
): Promise<RegisterOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const [inserted, holders, events, ...rest] = await withFreshCode((code, token) =>
    db.batch([
      batchable(db.all<{ id: number }>(sql`INSERT INTO event_registrations
          (event_id, full_name, phone_number, email, dedupe_key, status, code, token, request_id, source, address_group, created_at, updated_at)
        SELECT e.id, ${input.full_name}, ${input.phone_number}, ${input.email}, ${input.phone_number},
          CASE WHEN ${placeFreeSql} THEN 'confirmed' ELSE 'waitlisted' END,
          ${code}, ${token}, ${input.request_id}, 'public', ${input.address_group}, ${at}, ${at}
        FROM churchevents e WHERE e.id = ${input.event_id} AND ${openForRegistrationSql(at)}
        ON CONFLICT (event_id, dedupe_key) WHERE status <> 'cancelled' DO NOTHING
        RETURNING id`)),
      batchable(db.all<HolderRow>(sql`SELECT h.id, h.event_id, h.status, h.code, h.token, h.request_id, ${waitlistPlaceSql("h")} AS place, ${heldUntilSql("h")} AS held_until,
          h.full_name, h.email, h.address_group, h.source, h.created_at
        FROM event_registrations h
        WHERE h.event_id = ${input.event_id} AND h.dedupe_key = ${input.phone_number} AND h.status <> 'cancelled'`)),
      eventWindowQuery(db, input.event_id),
      ...emails.map((email) => registrationEmailQuery(db, email, sql`token = ${token}`)),
      // Its answers to the event's questions (./event-questions.server.ts), only if it landed.
      ...answerInsertQueries(db, answers, sql`t.token = ${token}`),
      ...burstAlertQueries(db, input.event_id, token, now),
    ]),
  );
  // The e-mails, and the burst's e-mails to the Administrators (the batch's last statement).
  const written = [...rest.slice(0, emails.length), rest.at(-1) as { id: number }[]];
  const holder = holders[0];
  const event = events[0];
  const receiptOf = ({ id, event_id, status, code, token, place, held_until }: HolderRow): HeldReceipt => ({ id, event_id, status, code, token, place, held_until });
  if (!event) return { outcome: "event-not-found" };
  const receiptEvent = { id: event.id, name: event.name, date: event.date, ends_at: event.ends_at, location: event.location, price: event.price };
  const window = windowOf(event);
  // What the lists now say beside Register Now ("11 places left"), with this registration counted.
  const placesNote = registrationState(window, now).note;

  if (inserted[0] && holder?.id === inserted[0].id) {
    const turnedFull = holder.status === "confirmed" && isExactlyFull(event);
    return { outcome: "registered", receipt: receiptOf(holder), event: receiptEvent, turnedFull, outboxIds: outboxIdsOf(...written), placesNote };
  }
  // A retry of an attempt that already landed (its reply was lost), or the same plain form sent
  // again by a double tap: the same answer again.
  if (holder && ((input.request_id && holder.request_id === input.request_id) || sentAgainPlain(holder, input, now))) {
    return { outcome: "repeated", receipt: receiptOf(holder), event: receiptEvent, placesNote };
  }
  if (!event.active) return { outcome: "event-not-found" };
  // Closed or full first, before who holds the number: a refused event tells no one who registered.
  if (!registrationState(window, now).open) {
    // Open but for the places: full, with no waiting list.
    return { outcome: registrationState({ ...window, capacity: null }, now).open ? "full" : "closed" };
  }
  return { outcome: holder ? "already-registered" : "closed" };
}

// ----- The private page and cancelling from it ---------------------------------------------------

/** A registration and its event, as the private page reads it. */
export type RegistrationWithEvent = {
  id: number;
  full_name: string;
  status: RegistrationStatus;
  code: string;
  token: string;
  place: number | null;
  /** While its fee is unpaid at an event with "Hours to pay": when the place goes to the next man (heldUntilSql). */
  held_until: string | null;
  /** Why it was cancelled when not by a person ("not paid", "burst"). */
  cancel_reason: string | null;
  /** Who cancelled it: "registrant" (on his page), else staff's e-mail or null. */
  cancelled_by: string | null;
  /** The phone is his own (not a group leader's he is registered on): 1 or 0. */
  own_phone: number;
  /** When the registrant turned SMS about the event off (null: SMS on). */
  sms_stopped_at: string | null;
  /** As stored (+265…), the e-mail, and the version a correction of them is guarded by. */
  phone_number: string;
  email: string | null;
  updated_at: string;
  /** `open`: the event takes registrations now (openForRegistrationSql), so his own cancelling can be undone. */
  event: { id: number; name: string; date: string | null; ends_at: string | null; location: string | null; active: boolean; open: boolean };
};

type TokenRow = Omit<RegistrationWithEvent, "event"> & {
  event_id: number;
  event_name: string;
  event_date: string | null;
  event_ends_at: string | null;
  event_location: string | null;
  event_active: number;
  event_open: number;
};

/**
 * A registration by its private link's token, with its event and its place on the waiting list,
 * for a page's batch. Written out in SQL: a drizzle join in a D1 batch would mix up the two tables'
 * columns of the same name.
 */
export function registrationByTokenQuery(db: Db, token: string, now: Date) {
  return batchable(
    db.all<TokenRow>(sql`SELECT t.id, t.full_name, t.status, t.code, t.token, ${waitlistPlaceSql("t")} AS place, ${heldUntilSql("t")} AS held_until, t.cancel_reason, t.cancelled_by, (t.group_id IS NULL OR t.dedupe_key IS NOT NULL) AS own_phone, t.sms_stopped_at,
        t.phone_number, t.email, t.updated_at,
        e.id AS event_id, e.name AS event_name, e.date AS event_date, e.ends_at AS event_ends_at, e.location AS event_location, e.active AS event_active,
        ${openForRegistrationSql(now.toISOString())} AS event_open
      FROM event_registrations t JOIN churchevents e ON e.id = t.event_id
      WHERE t.token = ${token}`),
  );
}

export function registrationWithEventOf(row: TokenRow): RegistrationWithEvent {
  const { event_id, event_name, event_date, event_ends_at, event_location, event_active, event_open, ...registration } = row;
  return { ...registration, event: { id: event_id, name: event_name, date: event_date, ends_at: event_ends_at, location: event_location, active: Boolean(event_active), open: Boolean(event_open) } };
}

/**
 * "Stop SMS about this event" from the private page: no SMS about the event reaches this
 * registration from now on (those queued are refused when their turn comes); "Send me SMS again"
 * undoes it for what comes next (what was refused meanwhile stays unsent). Answers whether the
 * registration exists; pressing either twice is harmless.
 */
export async function setSmsByToken(token: string, wanted: boolean, now: Date): Promise<boolean> {
  // The phone's owner decides for his phone: every registration of this event on his number (the
  // men of his group without a phone of their own are on it) stops or starts with his.
  const eventOf = sql`(SELECT h.event_id FROM event_registrations h WHERE h.token = ${token})`;
  const phone = sql`(SELECT h.phone_number FROM event_registrations h WHERE h.token = ${token})`;
  const rows = await getDb()
    .update(r)
    .set({ sms_stopped_at: wanted ? null : sql`coalesce(${r.sms_stopped_at}, ${now.toISOString()})`, updated_at: now.toISOString() })
    .where(or(eq(r.token, token), and(sql`${r.event_id} = ${eventOf}`, sql`${r.phone_number} = ${phone}`)))
    .returning({ id: r.id });
  return rows.length > 0;
}

export type CancelOutcome =
  | { outcome: "cancelled"; eventId: number; wasConfirmed: boolean; promoted: (PromotedRow & { notes: MessageWritten[] })[]; stoppedBeingFull: boolean; outboxIds: number[] }
  | { outcome: "already-cancelled" | "not-found" | "too-late" };

/** The e-mails of a cancellation: to the person cancelled, and to those who move up into the place. */
export type CancelEmails = { cancelled: RegistrationEmail | null; movedUp: RegistrationEmail | null };

const NO_CANCEL_EMAILS: CancelEmails = { cancelled: null, movedUp: null };

/**
 * Whether a registration (a row of event_registrations, unaliased) may still be cancelled with a
 * private link (his own page, or his group's): not cancelled, and its event has not started.
 */
export function cancellableByLinkSql(at: string): SQL {
  return sql`status <> 'cancelled' AND COALESCE((SELECT e.date FROM churchevents e WHERE e.id = event_registrations.event_id), '9999') > ${at}`;
}

/**
 * The statements of a cancellation, for a batch (one transaction): the cancellation note to those
 * `cancellable` selects (a condition on an unaliased event_registrations row), their cancellation
 * by `by`, then one promotion of the event's waiting list (`eventId`, or the SQL that finds it)
 * into the places freed, with its notes, and the event's state after. Shared by each way of
 * cancelling, so they write the same rows and messages.
 */
export function cancellationQueries(db: Db, { cancellable, eventId, by, at, emails }: { cancellable: SQL; eventId: SQL | number; by: string; at: string; emails: CancelEmails }) {
  return [
    registrationEmailQuery(db, emails.cancelled, cancellable),
    batchable(db.all<{ id: number; event_id: number; full_name: string }>(sql`UPDATE event_registrations SET status = 'cancelled', cancelled_at = ${at},
        cancelled_by = ${by}, updated_at = ${at}
      WHERE ${cancellable}
      RETURNING id, event_id, full_name`)),
    movedUpEmailQuery(db, emails.movedUp, eventId),
    promoteQuery(db, eventId, at),
    eventWindowQuery(db, eventId),
  ] as const;
}

/**
 * The registrant cancels from the private link (until the event starts). The cancellation, the
 * promotion of the first on the waiting list, their e-mails and the reading of the event's new
 * state are one batch.
 */
export async function cancelByToken(token: string, now: Date, emails = NO_CANCEL_EMAILS): Promise<CancelOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const eventOfToken = sql`(SELECT event_id FROM event_registrations WHERE token = ${token})`;
  const cancellable = sql`token = ${token} AND ${cancellableByLinkSql(at)}`;
  const [before, cancelNote, cancelled, movedUpNotes, promoted, events] = await db.batch([
    batchable(db.all<{ status: RegistrationStatus; date: string | null }>(sql`SELECT t.status, e.date FROM event_registrations t
      JOIN churchevents e ON e.id = t.event_id WHERE t.token = ${token}`)),
    ...cancellationQueries(db, { cancellable, eventId: eventOfToken, by: "registrant", at, emails }),
  ]);
  const was = before[0];
  if (!was) return { outcome: "not-found" };
  if (!cancelled[0]) return { outcome: was.status === "cancelled" ? "already-cancelled" : "too-late" };
  return cancelledOutcome(cancelled[0].event_id, was.status, promoted, events[0], cancelNote, movedUpNotes);
}

/**
 * What a cancellation came to. Each man moved up into the freed place comes with the messages
 * written to tell him (`notes`), so the desk can say whether staff need to.
 */
function cancelledOutcome(
  eventId: number,
  wasStatus: RegistrationStatus,
  promoted: PromotedRow[],
  event: RegistrationWindowRow | undefined,
  cancelNote: readonly { id: number }[],
  movedUpNotes: readonly MessageWritten[],
) {
  const wasConfirmed = wasStatus === "confirmed";
  // Full before (a confirmed place went, nobody took it) and one place short now.
  const stoppedBeingFull = wasConfirmed && promoted.length === 0 && event?.capacity != null && event.confirmed === event.capacity - 1;
  return {
    outcome: "cancelled" as const,
    eventId,
    wasConfirmed,
    promoted: promoted.map((man) => ({ ...man, notes: movedUpNotes.filter((note) => note.about_id === man.id) })),
    stoppedBeingFull,
    outboxIds: outboxIdsOf(cancelNote, movedUpNotes),
  };
}

// ----- The registration desk (staff) ------------------------------------------------------------

export type DeskAddition = {
  full_name: string;
  phone_number: string;
  email: string | null;
  /** A second person on a phone already registered (a family phone): not held to once per phone. */
  shared_phone: boolean;
  /** Staff chose to go over the capacity. */
  over_capacity: boolean;
  /** A walk-in at the door: checked in at once, and never put on the waiting list. */
  walk_in: boolean;
};

export type DeskAddOutcome =
  | { outcome: "added"; receipt: RegistrationReceipt; turnedFull: boolean; overCapacity: boolean; outboxIds: number[] }
  | { outcome: "phone-taken"; holder: { full_name: string; code: string } }
  | { outcome: "full"; capacity: number; confirmed: number }
  | { outcome: "event-not-found" };

/**
 * Staff add someone by hand (phoned in, or at the door). Capacity applies unless `over_capacity`
 * is chosen (recorded on the row); a desk addition joins the waiting list when full, a walk-in
 * does not (the volunteer is asked to go over instead). `emails` are written only if the person
 * was added.
 */
export async function addAtDesk(
  eventId: number,
  input: DeskAddition,
  by: string,
  now: Date,
  emails: readonly RegistrationEmail[] = [],
  answers: readonly Answer[] = [],
): Promise<DeskAddOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const over = input.over_capacity ? 1 : 0;
  const walkIn = input.walk_in ? 1 : 0;
  const dedupe = input.shared_phone ? null : input.phone_number;
  const [inserted, holders, events, ...written] = await withFreshCode((code, token) =>
    db.batch([
      batchable(db.all<RegistrationReceipt & { over_capacity: number }>(sql`INSERT INTO event_registrations
          (event_id, full_name, phone_number, email, dedupe_key, status, code, token, source, added_by, over_capacity,
           checked_in_at, checked_in_by, created_at, updated_at)
        SELECT e.id, ${input.full_name}, ${input.phone_number}, ${input.email}, ${dedupe},
          CASE WHEN ${placeFreeSql} OR ${over} = 1 THEN 'confirmed' ELSE 'waitlisted' END,
          ${code}, ${token}, 'desk', ${by}, CASE WHEN ${placeFreeSql} THEN 0 ELSE ${over} END,
          CASE WHEN ${walkIn} = 1 THEN ${at} END, CASE WHEN ${walkIn} = 1 THEN ${by} END, ${at}, ${at}
        FROM churchevents e WHERE e.id = ${eventId} AND (${placeFreeSql} OR ${over} = 1 OR ${walkIn} = 0)
        ON CONFLICT (event_id, dedupe_key) WHERE status <> 'cancelled' DO NOTHING
        RETURNING id, event_id, status, code, token, over_capacity, ${waitlistPlaceSql("event_registrations")} AS place`)),
      phoneHolderQuery(db, eventId, dedupe),
      eventWindowQuery(db, eventId),
      ...emails.map((email) => registrationEmailQuery(db, email, sql`token = ${token}`)),
      // Its answers to the event's questions (./event-questions.server.ts), only if it landed.
      ...answerInsertQueries(db, answers, sql`t.token = ${token}`),
    ]),
  );
  const event = events[0];
  const added = inserted[0];
  if (added) {
    const { over_capacity, ...receipt } = added;
    const turnedFull = receipt.status === "confirmed" && isExactlyFull(event);
    return { outcome: "added", receipt, turnedFull, overCapacity: Boolean(over_capacity), outboxIds: outboxIdsOf(...written.slice(0, emails.length)) };
  }
  if (!event) return { outcome: "event-not-found" };
  const full = { outcome: "full" as const, capacity: event.capacity ?? 0, confirmed: event.confirmed };
  // A walk-in at a full event is refused as full before anyone's number is looked at.
  if (input.walk_in && !input.over_capacity && event.capacity !== null && event.confirmed >= event.capacity) return full;
  const holder = holders[0];
  if (holder) return { outcome: "phone-taken", holder: { full_name: holder.full_name, code: holder.code } };
  return full;
}

/** Staff cancel someone (at any time); the first on the waiting list moves up in the same batch, and both hear of it. */
export async function cancelAtDesk(eventId: number, id: number, by: string, now: Date, emails = NO_CANCEL_EMAILS): Promise<CancelOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const cancellable = sql`id = ${id} AND event_id = ${eventId} AND status <> 'cancelled'`;
  const [before, cancelNote, cancelled, movedUpNotes, promoted, events] = await db.batch([
    db.select({ status: r.status }).from(r).where(and(eq(r.id, id), eq(r.event_id, eventId))),
    ...cancellationQueries(db, { cancellable, eventId, by, at, emails }),
  ]);
  const was = before[0];
  if (!was) return { outcome: "not-found" };
  if (!cancelled[0]) return { outcome: "already-cancelled" };
  return cancelledOutcome(eventId, was.status, promoted, events[0], cancelNote, movedUpNotes);
}

export type RestoreOutcome =
  | { outcome: "restored"; status: "confirmed" | "waitlisted"; turnedFull: boolean; outboxIds: number[] }
  | { outcome: "phone-taken"; holder: { full_name: string; code: string } }
  | { outcome: "not-cancelled" | "not-found" };

/**
 * Staff undo a cancellation: the person gets a place if one is free, else joins the end of the
 * waiting list. Refused (not an error) when the phone has registered again since. `emails` (the
 * confirmation again, or the place on the waiting list) are written only if it was restored.
 */
export async function restoreAtDesk(eventId: number, id: number, now: Date, emails: readonly RegistrationEmail[] = []): Promise<RestoreOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const [restored, rows, holders, events, ...written] = await db.batch([
    // His "Hours to pay" start again (restored_at), and a fee given back when he cancelled is owed again.
    batchable(db.all<{ status: "confirmed" | "waitlisted" }>(sql`UPDATE OR IGNORE event_registrations SET
        status = (SELECT CASE WHEN ${placeFreeSql} THEN 'confirmed' ELSE 'waitlisted' END FROM churchevents e WHERE e.id = ${eventId}),
        queued_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), cancelled_at = NULL, cancelled_by = NULL, cancel_reason = NULL, updated_at = ${at},
        restored_at = ${at}, payment_status = CASE WHEN payment_status = 'refunded' THEN 'unpaid' ELSE payment_status END
      WHERE id = ${id} AND event_id = ${eventId} AND status = 'cancelled'
      RETURNING status`)),
    db.select({ status: r.status }).from(r).where(and(eq(r.id, id), eq(r.event_id, eventId))),
    batchable(db.all<{ full_name: string; code: string }>(sql`SELECT h.full_name, h.code FROM event_registrations h
      WHERE h.event_id = ${eventId} AND h.id <> ${id} AND h.status <> 'cancelled'
        AND h.dedupe_key = (SELECT dedupe_key FROM event_registrations WHERE id = ${id})`)),
    eventWindowQuery(db, eventId),
    // Restored by this batch: no longer cancelled, and changed at its time.
    ...emails.map((email) => registrationEmailQuery(db, email, sql`id = ${id} AND event_id = ${eventId} AND status <> 'cancelled' AND updated_at = ${at}`)),
  ]);
  if (restored[0]) {
    const { status } = restored[0];
    return { outcome: "restored", status, turnedFull: status === "confirmed" && isExactlyFull(events[0]), outboxIds: outboxIdsOf(...written) };
  }
  if (!rows[0]) return { outcome: "not-found" };
  if (rows[0].status !== "cancelled") return { outcome: "not-cancelled" };
  const holder = holders[0];
  return holder ? { outcome: "phone-taken", holder } : { outcome: "not-cancelled" };
}

/**
 * "Come after all" on his own page: a registration its man cancelled himself (not staff, not for an
 * unpaid fee), restored as the desk restores it (his code, his payment kept; a place when one is
 * free, else the waiting list), while the event takes registrations. `closed`: it does not, or he
 * was not the one who cancelled.
 */
export async function restoreByToken(
  token: string,
  now: Date,
  emails: readonly RegistrationEmail[],
): Promise<(RestoreOutcome & { registration?: { id: number; event_id: number; full_name: string } }) | { outcome: "closed" }> {
  const found = await getDb().get<{ id: number; event_id: number; full_name: string; open: number; by_himself: number } | undefined>(
    sql`SELECT t.id, t.event_id, t.full_name, ${openForRegistrationSql(now.toISOString())} AS open, t.cancelled_by IS 'registrant' AS by_himself
      FROM event_registrations t JOIN churchevents e ON e.id = t.event_id WHERE t.token = ${token}`,
  );
  if (!found) return { outcome: "not-found" };
  if (!found.by_himself || !found.open) return { outcome: "closed" };
  const { id, event_id, full_name } = found;
  // The registration restored, for the activity log.
  return { ...(await restoreAtDesk(event_id, id, now, emails)), registration: { id, event_id, full_name } };
}

export type PromoteOutcome =
  | { outcome: "promoted"; turnedFull: boolean; overCapacity: boolean; outboxIds: number[]; notes: MessageWritten[] }
  | { outcome: "full"; capacity: number; confirmed: number }
  | { outcome: "not-waitlisted" | "not-found" };

/** Staff move one person up from the waiting list (who hears of it); over a full capacity only when chosen (recorded). */
export async function promoteAtDesk(eventId: number, id: number, overCapacity: boolean, now: Date, movedUp: RegistrationEmail | null = null): Promise<PromoteOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const over = overCapacity ? 1 : 0;
  const promotable = sql`id = ${id} AND event_id = ${eventId} AND status = 'waitlisted'
    AND (${over} = 1 OR (SELECT ${placeFreeSql} FROM churchevents e WHERE e.id = ${eventId}))`;
  const [movedUpNote, promoted, rows, events] = await db.batch([
    registrationEmailQuery(db, movedUp, promotable),
    batchable(db.all<{ over_capacity: number }>(sql`UPDATE event_registrations SET status = 'confirmed', promoted_at = ${at}, told_at = NULL,
        updated_at = ${at},
        over_capacity = (SELECT CASE WHEN ${placeFreeSql} THEN 0 ELSE 1 END FROM churchevents e WHERE e.id = ${eventId})
      WHERE ${promotable}
      RETURNING over_capacity`)),
    db.select({ status: r.status }).from(r).where(and(eq(r.id, id), eq(r.event_id, eventId))),
    eventWindowQuery(db, eventId),
  ]);
  const event = events[0];
  if (promoted[0]) {
    return { outcome: "promoted", turnedFull: isExactlyFull(event), overCapacity: Boolean(promoted[0].over_capacity), outboxIds: outboxIdsOf(movedUpNote), notes: movedUpNote };
  }
  if (!rows[0]) return { outcome: "not-found" };
  if (rows[0].status !== "waitlisted") return { outcome: "not-waitlisted" };
  return { outcome: "full", capacity: event?.capacity ?? 0, confirmed: event?.confirmed ?? 0 };
}

/** Staff have told a promoted person that they moved up. False when there was nothing to mark. */
export async function markTold(eventId: number, id: number, now: Date): Promise<boolean> {
  const rows = await getDb()
    .update(r)
    .set({ told_at: now.toISOString() })
    .where(and(eq(r.id, id), eq(r.event_id, eventId), sql`${r.promoted_at} IS NOT NULL`, sql`${r.told_at} IS NULL`))
    .returning({ id: r.id });
  return rows.length === 1;
}

/**
 * Who holds a phone's key at the event (not cancelled), the first registered; `other`: besides this
 * registration. The one who stands in the way when staff add or correct a registration.
 */
function phoneHolderQuery(db: Db, eventId: number, key: string | null, other: number | null = null) {
  return batchable(
    db.all<{ id: number; full_name: string; code: string }>(sql`SELECT h.id, h.full_name, h.code FROM event_registrations h
      WHERE h.event_id = ${eventId} AND h.dedupe_key = ${key} AND h.status <> 'cancelled' AND h.id IS NOT ${other} ORDER BY h.id LIMIT 1`),
  );
}

/** What staff at the desk (or a group's leader, name and phone) may correct on a registration: the phone in international form. */
export type DeskCorrection = { full_name: string; phone_number: string; email: string | null };

/**
 * The SMS to a registration's old phone when a private link changed it (kind "registration-phone-changed",
 * rendered when sent: ./registration-sms.ts): only when SMS is set up, the phone really changed and
 * the change landed (its `at`).
 */
function phoneChangedNotice(db: Db, id: number, eventId: number, at: string, newPhone: string, oldPhone: string | null) {
  if (!smsSetup().ready || !oldPhone || oldPhone === newPhone || !isPhoneRecipient(oldPhone)) return [];
  return [
    enqueueQuery(
      db,
      { kind: "registration-phone-changed", to: oldPhone, aboutId: id, channel: "sms" },
      sql`EXISTS (SELECT 1 FROM event_registrations WHERE id = ${id} AND event_id = ${eventId} AND updated_at = ${at})`,
    ),
  ];
}

export type EditOutcome =
  /** `token`: the registration's private link's token after the edit (a new one when the phone changed). */
  | { outcome: "edited"; before: DeskCorrection; outboxIds: number[]; token: string }
  | { outcome: "stale"; updated_at: string }
  | { outcome: "phone-taken"; holder: { full_name: string; code: string } }
  | { outcome: "not-found" | "failed" };

/**
 * The dedupe key of a registration whose phone is corrected to `phone` (inside its UPDATE, where a
 * column is still its value before): unchanged with the phone. In a group, a man moved to his
 * leader's phone shares it (null), and one given another number has his own (the number: it
 * registers once, his messages go to it, his page is his own). Outside a group a shared family
 * phone stays shared (null stays null: a digit corrected is still the family's).
 */
function correctedDedupeKey(phone: string) {
  return sql`CASE
      WHEN phone_number = ${phone} THEN dedupe_key
      WHEN group_id IS NOT NULL THEN nullif(${phone}, (SELECT g.leader_phone FROM registration_groups g WHERE g.id = group_id))
      WHEN dedupe_key IS NULL THEN NULL
      ELSE ${phone} END`;
}

/**
 * Staff correct a registration's name, phone and e-mail: one guarded statement, landing only while
 * the row still has the `updated_at` the form was opened with (any change since, by anyone, makes
 * the form stale). The dedupe key follows the phone (correctedDedupeKey); a phone another
 * registration of the event holds is refused by the unique index (UPDATE OR IGNORE), and the batch
 * reads who holds it. `before`: the row as the update found it. `tellOldPhone`: made with a private
 * link, a new phone is told to the old one by SMS (written only if the change lands), so a man whose
 * link reached someone else hears that his phone was changed, and can put it right.
 */
export async function editAtDesk(
  eventId: number,
  id: number,
  input: DeskCorrection,
  openedAt: string,
  now: Date,
  tellOldPhone: { phone: string } | null = null,
): Promise<EditOutcome> {
  const db = getDb();
  const at = now.toISOString();
  // A new phone gets a new private link: the old one went by SMS to the old number (often someone
  // else's, a digit wrong), and must no longer open his page. The new one goes to the new number,
  // whose owner has not stopped SMS (whoever stopped them, stopped them for the old one).
  const newToken = newPrivateToken();
  const [before, edited, holders, , newLink, ...notice] = await db.batch([
    db.select({ full_name: r.full_name, phone_number: r.phone_number, email: r.email, updated_at: r.updated_at }).from(r).where(and(eq(r.id, id), eq(r.event_id, eventId))),
    batchable(db.all<{ id: number; token: string }>(sql`UPDATE OR IGNORE event_registrations SET full_name = ${input.full_name}, phone_number = ${input.phone_number},
        email = ${input.email}, dedupe_key = ${correctedDedupeKey(input.phone_number)}, updated_at = ${at},
        token = CASE WHEN phone_number = ${input.phone_number} THEN token ELSE ${newToken} END,
        sms_stopped_at = CASE WHEN phone_number = ${input.phone_number} THEN sms_stopped_at ELSE NULL END
      WHERE id = ${id} AND event_id = ${eventId} AND updated_at = ${openedAt}
      RETURNING id, token`)),
    phoneHolderQuery(db, eventId, input.phone_number, id),
    // His messages still to go (a receipt held for 07:00, a send to be tried again) go where he now is.
    followCorrectionQuery(db, {
      kinds: TO_THE_REGISTRANT,
      aboutId: id,
      phone: input.phone_number,
      email: input.email,
      landed: sql`EXISTS (SELECT 1 FROM event_registrations WHERE id = ${id} AND event_id = ${eventId} AND updated_at = ${at})`,
    }),
    // His code and the new link, to the new phone (and his address): only when the phone changed and
    // the edit landed, and no receipt of his is still to go (that one follows the correction above,
    // and reads the new link when it is sent).
    registrationEmailQuery(
      db,
      { kind: "receipt", to: "registrant", sms: smsDueNow() },
      sql`id = ${id} AND token = ${newToken} AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.about_id = event_registrations.id
        AND o.kind IN ('registration-confirmed', 'registration-waitlisted')
        AND (o.status IN ('queued', 'sending') OR (o.status = 'failed' AND o.next_attempt_at IS NOT NULL)))`,
    ),
    ...phoneChangedNotice(db, id, eventId, at, input.phone_number, tellOldPhone?.phone ?? null),
  ]);
  const was = before[0];
  if (!was) return { outcome: "not-found" };
  const { updated_at, ...details } = was;
  if (edited[0]) return { outcome: "edited", before: details, outboxIds: outboxIdsOf(newLink, ...notice), token: edited[0].token };
  if (updated_at !== openedAt) return { outcome: "stale", updated_at };
  // Not stale, yet ignored: only the phone's unique index refuses this update.
  const holder = holders[0];
  return holder ? { outcome: "phone-taken", holder } : { outcome: "failed" };
}

// ----- Check-in at the door ---------------------------------------------------------------------

export type CheckInState = {
  id: number;
  full_name: string;
  status: RegistrationStatus;
  checked_in_at: string | null;
  checked_in_by: string | null;
  admitted_unconfirmed: boolean;
};

export type CheckInOutcome =
  | { outcome: "checked-in" | "undone" | "already-checked-in" | "not-checked-in" | "not-confirmed"; person: CheckInState; counts: DoorCounts }
  | { outcome: "not-found" };

const checkInColumns = {
  id: r.id,
  full_name: r.full_name,
  status: r.status,
  checked_in_at: r.checked_in_at,
  checked_in_by: r.checked_in_by,
  admitted_unconfirmed: r.admitted_unconfirmed,
};

/**
 * Checks one person in: one guarded statement (`WHERE checked_in_at IS NULL`), so two volunteers
 * tapping at once record it once. Someone not confirmed is only let in when `admit` says so, and
 * that is recorded. The person's state is read in the same batch, so the screen can show the truth.
 * `tapId`: the id the door's phone gave the tap. A tap that got no answer in time is kept on the
 * phone under that id and sent again (docs/decisions/024-offline-door.md): its check-in is recorded
 * as that door action, so the resend finds it done, not "already checked in" by someone else.
 */
export async function checkIn(eventId: number, id: number, admit: boolean, by: string, now: Date, tapId: string | null = null): Promise<CheckInOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const [known, changed, , rows, tallies] = await db.batch([
    // This very tap, applied before (its answer lost, and sent again by hand): told as it stands now.
    batchable(db.all<{ one: number }>(sql`SELECT 1 AS one FROM door_actions WHERE id = ${tapId}`)),
    batchable(db.all<{ id: number }>(sql`UPDATE event_registrations SET checked_in_at = ${at}, checked_in_by = ${by},
        admitted_unconfirmed = (status <> 'confirmed'), updated_at = ${at}
      WHERE id = ${id} AND event_id = ${eventId} AND checked_in_at IS NULL AND (status = 'confirmed' OR ${admit ? 1 : 0} = 1)
        AND NOT EXISTS (SELECT 1 FROM door_actions d WHERE d.id = ${tapId})
      RETURNING id`)),
    batchable(db.all(sql`INSERT INTO door_actions (id, event_id, kind, registration_id, outcome, done_at, done_by, received_at)
      SELECT ${tapId}, ${eventId}, ${admit ? "admit" : "checkin"}, id, 'checked-in', ${at}, ${by}, ${at} FROM event_registrations
      WHERE ${tapId} IS NOT NULL AND id = ${id} AND event_id = ${eventId} AND checked_in_at = ${at} AND checked_in_by = ${by}
      ON CONFLICT (id) DO NOTHING`)),
    db.select(checkInColumns).from(r).where(and(eq(r.id, id), eq(r.event_id, eventId))),
    registrationTalliesQuery(db, eventId),
  ]);
  const person = rows[0];
  const counts = doorCountsOf(tallies[0]);
  if (!person) return { outcome: "not-found" };
  if (changed[0]) return { outcome: "checked-in", person, counts };
  // Not let in by this tap: he is in already, or (this tap done before, then undone) he is not in, or he is not confirmed.
  if (person.checked_in_at) return { outcome: "already-checked-in", person, counts };
  return { outcome: known[0] ? "not-checked-in" : "not-confirmed", person, counts };
}

/** Takes a check-in back (a wrong tap). */
export async function undoCheckIn(eventId: number, id: number, now: Date): Promise<CheckInOutcome> {
  const db = getDb();
  const [changed, rows, tallies] = await db.batch([
    batchable(db.all<{ id: number }>(sql`UPDATE event_registrations SET checked_in_at = NULL, checked_in_by = NULL, admitted_unconfirmed = 0,
        updated_at = ${now.toISOString()}
      WHERE id = ${id} AND event_id = ${eventId} AND checked_in_at IS NOT NULL RETURNING id`)),
    db.select(checkInColumns).from(r).where(and(eq(r.id, id), eq(r.event_id, eventId))),
    registrationTalliesQuery(db, eventId),
  ]);
  const person = rows[0];
  if (!person) return { outcome: "not-found" };
  return { outcome: changed[0] ? "undone" : "not-checked-in", person, counts: doorCountsOf(tallies[0]) };
}

// ----- The daily summary to staff ---------------------------------------------------------------

export type SummaryRow = {
  event_id: number;
  full_name: string;
  phone_number: string;
  email: string | null;
  status: RegistrationStatus;
  code: string;
  place: number | null;
};

/**
 * The registrations from the website that events set to a daily summary have had since their last
 * summary (or since `firstFrom` for an event never summarised) and before `until`, oldest first.
 */
export function registrationsToSummarizeQuery(db: Db, firstFrom: string, until: string) {
  return batchable(
    db.all<SummaryRow>(sql`SELECT r.event_id, r.full_name, r.phone_number, r.email, r.status, r.code, ${waitlistPlaceSql("r")} AS place
      FROM event_registrations r JOIN churchevents e ON e.id = r.event_id
      WHERE e.registration_notifications = 'daily' AND r.source = 'public'
        AND r.created_at >= COALESCE(e.registration_summary_until, ${firstFrom}) AND r.created_at < ${until}
      ORDER BY r.event_id, r.created_at, r.id`),
  );
}

// ----- Reading lists (desk, check-in, exports) --------------------------------------------------

/** A status, everyone, or those who owe the event's fee (owesFee: "unpaid"). */
export type RegistrationFilter = RegistrationStatus | "all" | "unpaid";

const MOST_SEARCH_WORDS = 10;

/** The name of the leader who registered the man in a group; null for someone who registered on his own. */
const groupLeaderSql = sql<string | null>`(SELECT g.leader_name FROM registration_groups g WHERE g.id = ${r.group_id})`;

/**
 * What staff may search by: a name (the person's, or his group leader's), a phone's digits or a code. A whole national number (9+ digits)
 * may start with its 0; shorter digits are the end of a number, zeros included ('0067').
 * `phoneEndOnly` (a door volunteer): only the last 3 or 4 digits, matched as the end of the number,
 * so typing digits one by one never recovers a whole number.
 */
function searchCondition(query: string, phoneEndOnly = false): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  // Each word typed is matched apart, in any order: "alinafe chisambi" finds Alinafe Bartholomew
  // Chisambi, "banda john" John Banda. (At most 10 words: D1 takes 100 bound values a statement.)
  const words = wordCounts(text.split(/\s+/).slice(0, MOST_SEARCH_WORDS));
  const hasEvery = (column: SQLWrapper) => and(...words.map(([word, times]) => containsTextTimes(column, word, times)))!;
  // A man of a group is found by his leader's name too ("Abusa" finds the men Abusa registered).
  const conditions: SQL[] = [hasEvery(r.full_name), hasEvery(groupLeaderSql)];
  const typed = phoneSearchDigits(text);
  const digits = typed !== null && typed.length >= 9 ? typed.replace(/^0/, "") : typed;
  if (digits !== null && digits.length >= 3 && !phoneEndOnly) conditions.push(containsText(r.phone_number, digits));
  if (digits !== null && digits.length >= 3 && phoneEndOnly && digits.length <= VOLUNTEER_PHONE_DIGITS) conditions.push(endsWithText(r.phone_number, digits));
  const code = readRegistrationCode(text);
  if (code) conditions.push(eq(r.code, code));
  return or(...conditions);
}

/**
 * The desk's search by money: the man one of whose payments (online, cash, a refund) has this as our
 * reference, the provider's reference or the cash receipt number staff typed, as a treasurer copies
 * it from a PayChangu statement or the receipt book. Letter case and spaces do not matter. (The
 * payments table is read, not the payments feature: events never imports it.)
 */
function paymentReferenceCondition(query: string): SQL | undefined {
  const typed = query.replace(/\s+/g, "");
  if (!typed) return undefined;
  const bare = (column: string) => sql.raw(`upper(replace(p.${column}, ' ', ''))`);
  return sql`EXISTS (SELECT 1 FROM payments p WHERE p.registration_id = ${r.id}
    AND upper(${typed}) IN (${bare("reference")}, ${bare("provider_reference")}, ${bare("receipt_number")}))`;
}

/**
 * When someone moved up from the waiting list was told: by staff ('Mark as told'), or by the site's
 * own message once it was sent after the move: "A place opened" (by SMS or e-mail), or his receipt
 * saying he is registered (held for the morning, it went after the move, and "A place opened" did
 * not go with it). Null while nobody has told them, so the desk asks staff to.
 */
function toldAtSql(alias: string): SQL<string | null> {
  const a = sql.raw(alias);
  return sql<string | null>`COALESCE(${a}.told_at, (SELECT min(o.sent_at) FROM email_outbox o
    WHERE o.about_id = ${a}.id AND o.kind IN ('registration-moved-up', 'registration-confirmed') AND o.status = 'sent' AND o.sent_at >= ${a}.promoted_at))`;
}

const deskColumns = {
  id: r.id,
  full_name: r.full_name,
  phone_number: r.phone_number,
  email: r.email,
  status: r.status,
  code: r.code,
  token: r.token,
  source: r.source,
  added_by: r.added_by,
  over_capacity: r.over_capacity,
  promoted_at: r.promoted_at,
  told_at: toldAtSql("event_registrations"),
  cancelled_at: r.cancelled_at,
  cancelled_by: r.cancelled_by,
  cancel_reason: r.cancel_reason,
  checked_in_at: r.checked_in_at,
  checked_in_by: r.checked_in_by,
  admitted_unconfirmed: r.admitted_unconfirmed,
  payment_status: r.payment_status,
  /** Until when his place is kept unpaid (heldUntilSql): the time his page gives him. */
  held_until: heldUntilSql("event_registrations"),
  created_at: r.created_at,
  place: waitlistPlaceSql("event_registrations"),
};


/** The door's count (DoorCounts) as columns: the confirmed, the confirmed who are in, and apart from them anyone else let in. */
const doorCountColumns = {
  confirmed: sql<number>`count(*) FILTER (WHERE ${r.status} = 'confirmed')`,
  confirmedIn: sql<number>`count(*) FILTER (WHERE ${r.status} = 'confirmed' AND ${r.checked_in_at} IS NOT NULL)`,
  othersIn: sql<number>`count(*) FILTER (WHERE ${r.status} <> 'confirmed' AND ${r.checked_in_at} IS NOT NULL)`,
};

/** The door's count from a row that has doorCountColumns (registrationTalliesQuery, registrationCountsByEventQuery), or zeros. */
export function doorCountsOf(tallies: DoorCounts | undefined): DoorCounts {
  return { confirmed: tallies?.confirmed ?? 0, confirmedIn: tallies?.confirmedIn ?? 0, othersIn: tallies?.othersIn ?? 0 };
}

/** Per event: how many are confirmed (and of them checked in, as the door counts), waiting, cancelled, and moved up but not told. */
export function registrationTalliesQuery(db: Db, eventId: number) {
  return db
    .select({
      ...doorCountColumns,
      waitlisted: sql<number>`count(*) FILTER (WHERE ${r.status} = 'waitlisted')`,
      cancelled: sql<number>`count(*) FILTER (WHERE ${r.status} = 'cancelled')`,
      notTold: sql<number>`count(*) FILTER (WHERE ${r.status} = 'confirmed' AND ${r.promoted_at} IS NOT NULL AND ${toldAtSql("event_registrations")} IS NULL)`,
      total: count(),
    })
    .from(r)
    .where(eq(r.event_id, eventId));
}

/**
 * One page of the desk's list: newest first (the spec's order), or for the waiting list in its
 * order; filtered by status and a search (also by a payment's reference or receipt number). With
 * the count of matches, for paging.
 */
export function deskRowsQueries(db: Db, eventId: number, filter: RegistrationFilter, search: string, page: number, pageSize: number) {
  const byFilter = filter === "all" ? undefined : filter === "unpaid" ? owesFeeSql("event_registrations") : eq(r.status, filter);
  const where = and(eq(r.event_id, eventId), byFilter, or(searchCondition(search), paymentReferenceCondition(search)));
  const order = filter === "waitlisted" ? [asc(r.queued_at), asc(r.id)] : [desc(r.created_at), desc(r.id)];
  return [
    db.select(deskColumns).from(r).where(where).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(r).where(where),
  ] as const;
}

/** The registration the desk's edit form opens (?edit=<id>), with the `updated_at` its save is guarded by; nothing for id null. */
export function deskEditQuery(db: Db, eventId: number, id: number | null) {
  return db
    .select({ id: r.id, full_name: r.full_name, phone_number: r.phone_number, email: r.email, updated_at: r.updated_at })
    .from(r)
    .where(and(eq(r.id, id ?? 0), eq(r.event_id, eventId)));
}

/** A list of deskColumns (a page of the desk, check-in's matches) as a query of its ids: to read what belongs to exactly those people in the list's own batch. */
export function listedIdsQuery(db: Db, list: ReturnType<typeof checkInMatchesQuery> | ReturnType<typeof recentCheckInsQuery> | ReturnType<typeof deskRowsQueries>[0]) {
  const listed = list.as("listed");
  return db.select({ id: listed.id }).from(listed);
}

/** Check-in's search: up to `limit` people matching, A–Z (for a door volunteer, phones by their last digits only). */
export function checkInMatchesQuery(db: Db, eventId: number, search: string, limit: number, phoneEndOnly = false) {
  return db
    .select({ ...deskColumns })
    .from(r)
    .where(and(eq(r.event_id, eventId), searchCondition(search, phoneEndOnly)))
    .orderBy(sql`${r.full_name} COLLATE NOCASE`, asc(r.id))
    .limit(limit);
}

/** The last people checked in, newest first (what the door volunteer just did). */
export function recentCheckInsQuery(db: Db, eventId: number, limit: number) {
  return db
    .select({ ...deskColumns })
    .from(r)
    .where(and(eq(r.event_id, eventId), sql`${r.checked_in_at} IS NOT NULL`))
    .orderBy(desc(r.checked_in_at), desc(r.id))
    .limit(limit);
}

/** The printed door list: everyone not cancelled, A–Z (confirmed first, then the waiting list). */
export function doorListQuery(db: Db, eventId: number) {
  return db
    .select({ id: r.id, full_name: r.full_name, phone_number: r.phone_number, code: r.code, status: r.status, checked_in_at: r.checked_in_at, payment_status: r.payment_status })
    .from(r)
    .where(and(eq(r.event_id, eventId), sql`${r.status} <> 'cancelled'`))
    .orderBy(sql`${r.status} = 'waitlisted'`, sql`${r.full_name} COLLATE NOCASE`, asc(r.id));
}

/** The confirmed people of an event, A–Z, for the contacts (vCard) export. */
export function confirmedContacts(eventId: number) {
  return getDb()
    .select({ id: r.id, full_name: r.full_name, phone_number: r.phone_number, email: r.email, code: r.code })
    .from(r)
    .where(and(eq(r.event_id, eventId), eq(r.status, "confirmed")))
    .orderBy(sql`${r.full_name} COLLATE NOCASE`, asc(r.id))
    .all();
}

/** How many registrations each event has (every status): one grouped query for the admin list. */
export function registrationCountsByEventQuery(db: Db) {
  return db
    .select({
      event_id: r.event_id,
      n: count(),
      ...doorCountColumns,
      waitlisted: sql<number>`count(*) FILTER (WHERE ${r.status} = 'waitlisted')`,
    })
    .from(r)
    .groupBy(r.event_id);
}

// The CSV export (SPEC section 7): everyone, newest first, page by page.

export type Registration = Pick<
  typeof r.$inferSelect,
  "id" | "full_name" | "phone_number" | "email" | "created_at" | "status" | "code" | "checked_in_at" | "payment_status" | "cancel_reason"
> & {
  /** His group's leader, when he was registered in a group; `own_phone` false when the number is the leader's. */
  group_leader: string | null;
  own_phone: boolean;
};

const exportColumns = {
  id: r.id,
  full_name: r.full_name,
  phone_number: r.phone_number,
  email: r.email,
  created_at: r.created_at,
  status: r.status,
  code: r.code,
  checked_in_at: r.checked_in_at,
  payment_status: r.payment_status,
  cancel_reason: r.cancel_reason,
  group_leader: groupLeaderSql,
  // A man of a group without a phone of his own is on his leader's number, with no dedupe key.
  own_phone: sql<boolean>`${r.group_id} IS NULL OR ${r.dedupe_key} IS NOT NULL`.mapWith(Boolean),
};

/**
 * One page of an event's registrations newest first, after `after` (keyset paging on
 * created_at, id, served by the (event_id, created_at) index), for the streamed CSV export.
 */
export function registrationsAfter(eventId: number, after: Registration | null, pageSize = 500) {
  return getDb()
    .select(exportColumns)
    .from(r)
    .where(
      and(
        eq(r.event_id, eventId),
        after ? or(sql`${r.created_at} < ${after.created_at}`, and(eq(r.created_at, after.created_at), sql`${r.id} < ${after.id}`)) : undefined,
      ),
    )
    .orderBy(desc(r.created_at), desc(r.id))
    .limit(pageSize)
    .all();
}

/** Part of deleting an event: its registrations go with it, in the same batch. */
export function deleteRegistrationsOfEventQuery(db: Db, eventId: number, guard: SQL) {
  return db.delete(r).where(and(eq(r.event_id, eventId), guard));
}
