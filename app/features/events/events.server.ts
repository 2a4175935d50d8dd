// Every query that touches `churchevents`.
import { and, asc, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { churchevents, site_settings } from "~/db/schema";
import { batchable, getDb, type Db } from "~/db/db.server";
import { atFormVersion, createOnce, guardedSaveOf, type LastSave, lastSaveQuery, nextVersion, type SaveGuard } from "~/features/history/index.server";
import { enqueueNothingQuery, enqueueQuery } from "~/server/outbox.server";
import { addressGroupsQuery } from "./cancel-burst.server";
import { registrationClosesAt } from "./registration-rules";
import { EVENT_MESSAGES } from "./event-form";
import { answersByRegistrationOf, answersOfQuery, associationChoicesOf, associationChoicesQuery, associationCountsOf, associationCountsQueries, eventQuestionsQuery, questionsOf } from "./event-questions.server";
import { groupsOf, groupsOfQuery } from "./group-registrations.server";
import {
  checkInMatchesQuery,
  confirmedCountSql,
  deleteRegistrationsOfEventQuery,
  deskEditQuery,
  deskRowsQueries,
  doorListQuery,
  listedIdsQuery,
  movedUpEmailQuery,
  promoteQuery,
  recentCheckInsQuery,
  doorCountsOf,
  registrationCountsByEventQuery,
  registrationsToSummarizeQuery,
  registrationTalliesQuery,
  type RegistrationEmail,
  type RegistrationFilter,
  type UnpaidHolds,
  unpaidHoldsOf,
  unpaidHoldsQuery,
} from "./registrations.server";

export type ChurchEvent = typeof churchevents.$inferSelect;

/** An event with how many confirmed places it has taken (what deciding "open" needs). */
export type EventWithPlaces = ChurchEvent & { confirmed: number; questions?: number };

/**
 * Every column of an event, and its confirmed count. The id is named with its table: drizzle
 * writes a lone `"id"` in a select list, which inside the subquery would mean the registration's.
 */
const eventWithPlaces = {
  ...getTableColumns(churchevents),
  confirmed: confirmedCountSql(sql.raw(`"churchevents"."id"`)),
  // How many registration questions it asks: registering then has a page of its own (./event-questions.ts).
  questions: sql<number>`(SELECT count(*) FROM event_questions q WHERE q.event_id = "churchevents"."id" AND q.removed_at IS NULL)`,
};

/** Dated events first, soonest first; undated ones last (as the original Postgres backend ordered them). */
const byDateAscending = [sql`${churchevents.date} IS NULL`, asc(churchevents.date), asc(churchevents.id)] as const;

/**
 * For the content version (installed by the Worker), `?1` being now: when an event next starts (it
 * leaves the upcoming lists) and when one next closes registration (its form goes).
 */
export const NEXT_EVENT_CHANGES_SQL = [
  "SELECT min(date) FROM churchevents WHERE active = 1 AND date > ?1",
  "SELECT min(registration_closes_at) FROM churchevents WHERE active = 1 AND registration_closes_at > ?1",
] as const;

/** Active events by date ascending (SPEC section 7), optionally limited (3 on the home page), for a page's batch. */
export function activeEventsQuery(db: Db, limit?: number) {
  const query = db
    .select(eventWithPlaces)
    .from(churchevents)
    .where(eq(churchevents.active, true))
    .orderBy(...byDateAscending);
  return limit === undefined ? query : query.limit(limit);
}

/** One active event by id, for /events/{id}, for a page's batch. */
export function activeEventByIdQuery(db: Db, id: number) {
  return db
    .select(eventWithPlaces)
    .from(churchevents)
    .where(and(eq(churchevents.id, id), eq(churchevents.active, true)))
    .limit(1);
}

/** The event the home page's card shows in 'event' mode: the one the conference settings name, if any. */
export function chosenConferenceEventQuery(db: Db) {
  const chosenId = sql`(SELECT json_extract(${site_settings.value}, '$.conference_event_id') FROM ${site_settings} WHERE ${site_settings.key} = 'conference')`;
  return db.select(eventWithPlaces).from(churchevents).where(eq(churchevents.id, chosenId)).limit(1);
}

/** The card's 'auto' mode: the next active event, still to come, that takes registrations. */
export function nextOpenEventQuery(db: Db, now: Date) {
  return db
    .select(eventWithPlaces)
    .from(churchevents)
    .where(and(eq(churchevents.active, true), eq(churchevents.registration_enabled, true), gt(churchevents.date, now.toISOString())))
    .orderBy(churchevents.date, churchevents.id)
    .limit(1);
}

/** Events still to come (active, with a date after `now`), soonest first: what the conference card may show. */
export function upcomingEventOptionsQuery(db: Db, now: Date) {
  return db
    .select({ id: churchevents.id, name: churchevents.name, date: churchevents.date })
    .from(churchevents)
    .where(and(eq(churchevents.active, true), gt(churchevents.date, now.toISOString())))
    .orderBy(asc(churchevents.date), asc(churchevents.id));
}

// Admin side (SPEC section 7, Admin reads and writes).

export type EventInput = Pick<
  ChurchEvent,
  | "name"
  | "date"
  | "ends_at"
  | "location"
  | "description"
  | "image_url"
  | "image_alt"
  | "active"
  | "registration_enabled"
  | "capacity"
  | "waitlist_enabled"
  | "registration_closes_at"
  | "registration_notifications"
  | "price"
  | "payment_hold_hours"
  | "reminder"
>;

/** Newest date first; undated events first of all, as Postgres orders NULLs in a descending sort. */
const byDateDescending = [sql`${churchevents.date} IS NULL DESC`, desc(churchevents.date), desc(churchevents.id)] as const;

/** Every event by date descending with its registration count, for the admin list, in one D1 round trip. */
export async function eventsForAdmin(now = new Date()) {
  const db = getDb();
  const [events, counts, money] = await db.batch([
    db
      .select({
        id: churchevents.id,
        name: churchevents.name,
        date: churchevents.date,
        ends_at: churchevents.ends_at,
        location: churchevents.location,
        image_url: churchevents.image_url,
        active: churchevents.active,
        registration_enabled: churchevents.registration_enabled,
        capacity: churchevents.capacity,
        registration_closes_at: churchevents.registration_closes_at,
      })
      .from(churchevents)
      .orderBy(...byDateDescending),
    registrationCountsByEventQuery(db),
    batchable(db.all<{ event_id: number }>(sql`SELECT DISTINCT event_id ${MONEY_RECORDED}`)),
  ]);
  const countOf = new Map(counts.map((row) => [row.event_id, row]));
  const withMoney = new Set(money.map((row) => row.event_id));
  /**
   * `registrations`: how many registrations deleting the event would delete with it; `closedByTime`:
   * its date (or closing time) has passed; `moneyRecorded`: it cannot be deleted (deleteEvent).
   */
  return events.map(({ registration_closes_at, ...event }) => {
    const count = countOf.get(event.id);
    const closesAt = registrationClosesAt({ date: event.date, registration_closes_at });
    const closedByTime = closesAt !== null && new Date(closesAt) <= now;
    return { ...event, registrations: count?.n ?? 0, confirmed: count?.confirmed ?? 0, waitlisted: count?.waitlisted ?? 0, closedByTime, moneyRecorded: withMoney.has(event.id) };
  });
}

export type AdminEventRow = Awaited<ReturnType<typeof eventsForAdmin>>[number];

/**
 * The registration desk of one event, for one D1 round trip (with the fees' statements, which the
 * payments feature adds): the event, its tallies, one page of its registrations (filtered and
 * searched), how many match, the address groups "Cancel a burst" offers, that page's answers and
 * groups, the questions Add a registration asks, the registration being edited (?edit=<id>) and the
 * counts by association.
 */
export function registrationDeskQueries(db: Db, eventId: number, filter: RegistrationFilter, search: string, page: number, pageSize: number, editId: number | null = null) {
  const [rowsQuery, matchesQuery] = deskRowsQueries(db, eventId, filter, search, page, pageSize);
  const onThePage = listedIdsQuery(db, rowsQuery);
  return [
    eventWithPlacesQuery(db, eventId),
    registrationTalliesQuery(db, eventId),
    rowsQuery,
    matchesQuery,
    addressGroupsQuery(db, eventId),
    answersOfQuery(db, onThePage),
    groupsOfQuery(db, onThePage),
    eventQuestionsQuery(db, eventId),
    associationChoicesQuery(db),
    deskEditQuery(db, eventId, editId),
    ...associationCountsQueries(db, eventId),
  ] as const;
}

/** What registrationDeskQueries read, as the desk uses it; undefined when there is no such event. */
export function registrationDeskOf(results: BatchResponse<ReturnType<typeof registrationDeskQueries>>) {
  const [[event], [tallies], rows, [matches], groups, answers, groupRows, questions, associations, [editing], asksAssociation, byAssociation] = results;
  return (
    event && {
      event,
      tallies: tallies!,
      rows,
      matches: matches?.n ?? 0,
      addressGroups: groups.map((row) => ({ group: row.address_group, n: row.n })),
      answers: answersByRegistrationOf(answers),
      groups: groupsOf(groupRows),
      questions: questionsOf(questions),
      associations: associationChoicesOf(associations),
      byAssociation: associationCountsOf(asksAssociation, byAssociation),
      editing: editing ?? null,
    }
  );
}

/** Check-in at the door, in one round trip: the event, its tallies, who matches the search (or who came last) and their answers. */
export function checkInQueries(db: Db, eventId: number, search: string, limit: number, volunteer = false) {
  const people = search.trim() ? checkInMatchesQuery(db, eventId, search, limit, volunteer) : recentCheckInsQuery(db, eventId, limit);
  const listed = listedIdsQuery(db, people);
  return [eventWithPlacesQuery(db, eventId), registrationTalliesQuery(db, eventId), people, answersOfQuery(db, listed), groupsOfQuery(db, listed)] as const;
}

/** What checkInQueries read, as the check-in page uses it (a group's men with "Group of {leader} (n)", as the desk); undefined for an unknown event. */
export function checkInOf([[event], [tallies], rows, answers, groupRows]: BatchResponse<ReturnType<typeof checkInQueries>>) {
  return event && { event, tallies: tallies!, rows, answers: answersByRegistrationOf(answers), groups: groupsOf(groupRows) };
}

/** The printed door list: the event and everyone not cancelled, A–Z. */
export async function doorListPage(eventId: number) {
  const db = getDb();
  const [[event], rows] = await db.batch([eventWithPlacesQuery(db, eventId), doorListQuery(db, eventId)]);
  return event && { event, rows };
}

/**
 * When an event is over, to the lists and the door: its end, or its start when its end is not known
 * (decision 051). Null for an undated event. (SQL: lastMomentSql.)
 */
function lastMomentOf(event: { date: string | null; ends_at: string | null }): string | null {
  return event.date === null ? null : (event.ends_at ?? event.date);
}

/** lastMomentOf in SQL. */
const lastMomentSql = sql`COALESCE(${churchevents.ends_at}, ${churchevents.date})`;

/** When an event that is over is still at the door: it ended (or, without an end, began) less than 24 hours ago. */
function doorOpenSince(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
}

/** Whether an event is over for the door (it ended, or began, more than 24 hours ago); an undated one never is. */
export function isPastForTheDoor(event: { date: string | null; ends_at: string | null }, now: Date): boolean {
  const last = lastMomentOf(event);
  return last !== null && last < doorOpenSince(now);
}

/** Whether a door volunteer may not work on this event: unknown, or over (they see only today's and later, and those still running). */
export async function closedToVolunteers(eventId: number, now: Date): Promise<boolean> {
  const event = await getDb().select({ date: churchevents.date, ends_at: churchevents.ends_at }).from(churchevents).where(eq(churchevents.id, eventId)).get();
  return !event || isPastForTheDoor(event, now);
}

/** Events of today and later, those still running (and undated ones), soonest first, with their tallies: where check-in starts. */
export async function checkInEvents(now: Date) {
  const db = getDb();
  const [events, counts] = await db.batch([
    db
      .select({ id: churchevents.id, name: churchevents.name, date: churchevents.date, ends_at: churchevents.ends_at, location: churchevents.location, active: churchevents.active })
      .from(churchevents)
      .where(sql`${churchevents.date} IS NULL OR ${lastMomentSql} >= ${doorOpenSince(now)}`)
      .orderBy(...byDateAscending),
    registrationCountsByEventQuery(db),
  ]);
  const countOf = new Map(counts.map((row) => [row.event_id, row]));
  return events.map((event) => ({ ...event, counts: doorCountsOf(countOf.get(event.id)) }));
}

export function getEvent(id: number) {
  return getDb().select(eventWithPlaces).from(churchevents).where(eq(churchevents.id, id)).get();
}

/**
 * The event form's page in one round trip: the event being edited (undefined when there is none)
 * with the questions it asks, and the directory's associations the built-in question offers.
 */
export async function eventFormPage(id: number) {
  const db = getDb();
  const [[event], questions, associations] = await db.batch([eventWithPlacesQuery(db, id), eventQuestionsQuery(db, id), associationChoicesQuery(db)]);
  return event && { event, questions: questionsOf(questions), associations: associationChoicesOf(associations) };
}

/** One event with its confirmed count, for a page's batch (the desk, check-in). */
export function eventWithPlacesQuery(db: Db, id: number) {
  return db.select(eventWithPlaces).from(churchevents).where(eq(churchevents.id, id)).limit(1);
}

/** A new event, saved by `by` (its last save, as for every record with a form). */
export function createEvent(input: EventInput, by: string): Promise<number> {
  return createOnce(getDb(), churchevents, input, {}, by);
}

/**
 * Saves the event if it is still at the version its form was opened at (`guard`); in the same
 * batch, raising the capacity (or removing it) moves people up from the waiting list into the new
 * places, and `movedUp` is written to each of them. When the save is refused: the event's last save
 * (`stale`), or null when it no longer exists. Else how many are confirmed now (lowering the
 * capacity below that moves nobody back), how many moved up, and the e-mails to send. Setting or
 * changing "Hours to pay" starts them at `now` for every man placed before (payment_hold_since,
 * payBySql): `holdStarted` then says how many owe the fee and until when they now have.
 */
export async function updateEvent(
  id: number,
  input: EventInput,
  guard: SaveGuard,
  now = new Date(),
  movedUp: RegistrationEmail | null = null,
): Promise<{ confirmed: number; promoted: number; outboxIds: number[]; holdStarted: UnpaidHolds | null } | { stale: LastSave | null }> {
  const db = getDb();
  // A fee is not removed while money is recorded for it (eventMoneyRecorded says so to the form
  // first; this holds against a payment at the same moment, and the save then reads as refused by
  // its version guard with the version unchanged: the action tells the two apart).
  const feeKept = input.price && input.price > 0 ? sql`1` : sql`(COALESCE(${churchevents.price}, 0) <= 0 OR NOT EXISTS (SELECT 1 ${moneyOfEventSql(id)}))`;
  const at = now.toISOString();
  // The hours run from this save when it sets or changes them (compared with the row as the update finds it).
  const holdSince = sql<string | null>`CASE WHEN ${churchevents.payment_hold_hours} IS ${input.payment_hold_hours} THEN ${churchevents.payment_hold_since} ELSE ${at} END`;
  const [written, last, movedUpNotes, promoted, after, unpaid] = await db.batch([
    db
      .update(churchevents)
      .set({ ...input, payment_hold_since: holdSince, ...nextVersion(churchevents, guard, now) })
      .where(and(atFormVersion(churchevents, id, guard), feeKept))
      .returning({ id: churchevents.id, holdSince: churchevents.payment_hold_since }),
    lastSaveQuery(db, churchevents, id),
    movedUpEmailQuery(db, movedUp, id),
    promoteQuery(db, id, at),
    db.select({ confirmed: confirmedCountSql(id) }).from(churchevents).where(eq(churchevents.id, id)),
    unpaidHoldsQuery(db, id),
  ]);
  const saved = guardedSaveOf(written, last);
  if (!saved.saved) return { stale: saved.last };
  const holdStarted = input.payment_hold_hours !== null && written[0]?.holdSince === at ? unpaidHoldsOf(unpaid) : null;
  return { confirmed: after[0]?.confirmed ?? 0, promoted: promoted.length, outboxIds: movedUpNotes.map((row) => row.id), holdStarted };
}

/**
 * The daily summaries due at `until`, in one round trip: each event set to a daily summary that has
 * website registrations since its last one (or since `firstFrom`), with them, its totals, and the
 * end of its last summary (`from`, which recordRegistrationSummary checks).
 */
export async function registrationSummariesDue(firstFrom: Date, until: Date) {
  const db = getDb();
  const [rows, events, counts] = await db.batch([
    registrationsToSummarizeQuery(db, firstFrom.toISOString(), until.toISOString()),
    db
      .select({
        id: churchevents.id,
        name: churchevents.name,
        date: churchevents.date,
        location: churchevents.location,
        capacity: churchevents.capacity,
        from: churchevents.registration_summary_until,
      })
      .from(churchevents)
      .where(eq(churchevents.registration_notifications, "daily")),
    registrationCountsByEventQuery(db),
  ]);
  return events.flatMap(({ from, capacity, ...event }) => {
    const registrations = rows.filter((row) => row.event_id === event.id);
    if (registrations.length === 0) return [];
    const count = counts.find((row) => row.event_id === event.id);
    const totals = { confirmed: count?.confirmed ?? 0, waitlisted: count?.waitlisted ?? 0, capacity };
    return [{ event, from, registrations, totals }];
  });
}

/**
 * Writes an event's daily summary (to `summary.to`, about the event and the period from
 * `summary.coversFrom` to `until`: rendered when it is sent) and moves the end of its last summary to
 * `until`, in one batch, only if no other run has done so since `from` was read: a summary is never
 * written twice. The marker moves even when there is no e-mail to write (the settings' address is
 * refused), so the next summary does not repeat these registrations. Answers the outbox ids.
 */
export async function recordRegistrationSummary(
  eventId: number,
  from: string | null,
  until: Date,
  summary: { to: string; coversFrom: string } | null,
): Promise<number[]> {
  const db = getDb();
  const unchanged = and(eq(churchevents.id, eventId), sql`${churchevents.registration_summary_until} IS ${from}`);
  const [written] = await db.batch([
    summary
      ? enqueueQuery(
          db,
          { kind: "registration-summary", to: summary.to, aboutId: eventId, about: { from: summary.coversFrom, until: until.toISOString() } },
          sql`EXISTS (SELECT 1 FROM ${churchevents} WHERE ${unchanged})`,
        )
      : enqueueNothingQuery(db),
    db.update(churchevents).set({ registration_summary_until: until.toISOString() }).where(unchanged),
  ]);
  return written.map((row) => row.id);
}

/**
 * Money recorded for an event (paid, under way, or given back, online or in cash): deleting the
 * event would leave those payments without who paid and what for, so an event with any is not
 * deleted (it can be hidden). The payments table's rows name their event. (A FROM and WHERE.)
 */
const MONEY_RECORDED = sql`FROM payments WHERE event_id IS NOT NULL AND kind IN ('online', 'cash', 'refund') AND status <> 'failed'`;

function moneyOfEventSql(id: number) {
  return sql`${MONEY_RECORDED} AND event_id = ${id}`;
}

/** Whether money is recorded for event `id` (its fee then stays, and the event is not deleted). */
export async function eventMoneyRecorded(id: number): Promise<boolean> {
  const rows = await getDb().all<{ n: number }>(sql`SELECT count(*) AS n ${moneyOfEventSql(id)}`);
  return (rows[0]?.n ?? 0) > 0;
}

/** What deleting an event came to: its image and name, refused because money is recorded for it, or gone already. */
export type EventDeleted = { image_url: string | null; name: string } | { refused: string } | undefined;

/**
 * Deletes the event and its registrations together (one atomic batch, whether or not the database
 * enforces the foreign key's cascade), unless money is recorded for it: both statements are guarded
 * by that, so a payment recorded at the same moment keeps them both.
 */
export async function deleteEvent(id: number): Promise<EventDeleted> {
  const db = getDb();
  const noMoney = sql`NOT EXISTS (SELECT 1 ${moneyOfEventSql(id)})`;
  const [money, , removed] = await db.batch([
    batchable(db.all<{ n: number }>(sql`SELECT count(*) AS n ${moneyOfEventSql(id)}`)),
    deleteRegistrationsOfEventQuery(db, id, noMoney),
    db.delete(churchevents).where(and(eq(churchevents.id, id), noMoney)).returning({ image_url: churchevents.image_url, name: churchevents.name }),
  ]);
  if (removed[0]) return removed[0];
  const kept = money[0]?.n ?? 0;
  return kept > 0 ? { refused: EVENT_MESSAGES.keptForMoney(kept) } : undefined;
}

