// Every query that touches `churchevents`.
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { churchevents, site_settings } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import {
  deleteRegistrationsOfEventQuery,
  latestRegistrationsQuery,
  registrationCountQuery,
  registrationCountsByEventQuery,
} from "./registration.server";

export type ChurchEvent = typeof churchevents.$inferSelect;

/** Dated events first, soonest first; undated ones last (as the original Postgres backend ordered them). */
const byDateAscending = [sql`${churchevents.date} IS NULL`, asc(churchevents.date), asc(churchevents.id)] as const;

/** Active events by date ascending (SPEC section 7), optionally limited (3 on the home page), for a page's batch. */
export function activeEventsQuery(db: Db, limit?: number) {
  const query = db
    .select()
    .from(churchevents)
    .where(eq(churchevents.active, true))
    .orderBy(...byDateAscending);
  return limit === undefined ? query : query.limit(limit);
}

/** One active event by id, for /events/{id}, for a page's batch. */
export function activeEventByIdQuery(db: Db, id: number) {
  return db
    .select()
    .from(churchevents)
    .where(and(eq(churchevents.id, id), eq(churchevents.active, true)))
    .limit(1);
}

/** The event the home page's card shows in 'event' mode: the one the conference settings name, if any. */
export function chosenConferenceEventQuery(db: Db) {
  const chosenId = sql`(SELECT json_extract(${site_settings.value}, '$.conference_event_id') FROM ${site_settings} WHERE ${site_settings.key} = 'conference')`;
  return db.select().from(churchevents).where(eq(churchevents.id, chosenId)).limit(1);
}

/** The card's 'auto' mode: the next active event, still to come, that takes registrations. */
export function nextOpenEventQuery(db: Db, now: Date) {
  return db
    .select()
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
  "name" | "date" | "location" | "description" | "image_url" | "image_alt" | "active" | "registration_enabled"
>;

/** Newest date first; undated events first of all, as Postgres orders NULLs in a descending sort. */
const byDateDescending = [sql`${churchevents.date} IS NULL DESC`, desc(churchevents.date), desc(churchevents.id)] as const;

/** Every event by date descending with its registration count, for the admin list, in one D1 round trip. */
export async function eventsForAdmin() {
  const db = getDb();
  const [events, counts] = await db.batch([
    db
      .select({
        id: churchevents.id,
        name: churchevents.name,
        date: churchevents.date,
        location: churchevents.location,
        image_url: churchevents.image_url,
        active: churchevents.active,
        registration_enabled: churchevents.registration_enabled,
      })
      .from(churchevents)
      .orderBy(...byDateDescending),
    registrationCountsByEventQuery(db),
  ]);
  const countOf = new Map(counts.map((row) => [row.event_id, row.n]));
  /** `registrations`: how many registrations deleting the event would delete with it. */
  return events.map((event) => ({ ...event, registrations: countOf.get(event.id) ?? 0 }));
}

export type AdminEventRow = Awaited<ReturnType<typeof eventsForAdmin>>[number];

/**
 * The registrations page of one event, in one D1 round trip: its name and date, the newest `limit`
 * registrations and how many there are in all. Undefined when there is no such event.
 */
export async function eventRegistrationsPage(eventId: number, limit: number) {
  const db = getDb();
  const [[event], rows, counts] = await db.batch([
    db.select({ id: churchevents.id, name: churchevents.name, date: churchevents.date }).from(churchevents).where(eq(churchevents.id, eventId)),
    latestRegistrationsQuery(db, eventId, limit),
    registrationCountQuery(db, eventId),
  ]);
  return event && { event, rows, total: counts[0]?.n ?? 0 };
}

export function getEvent(id: number) {
  return getDb().select().from(churchevents).where(eq(churchevents.id, id)).get();
}

export async function createEvent(input: EventInput): Promise<number> {
  const row = await getDb().insert(churchevents).values(input).returning({ id: churchevents.id }).get();
  return row.id;
}

/** False when the event no longer exists. */
export async function updateEvent(id: number, input: EventInput): Promise<boolean> {
  const rows = await getDb()
    .update(churchevents)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(churchevents.id, id))
    .returning({ id: churchevents.id });
  return rows.length === 1;
}

/**
 * Deletes the event and its registrations together (one atomic batch, whether or not the database
 * enforces the foreign key's cascade). Returns the removed event's image, or undefined if none.
 */
export async function deleteEvent(id: number) {
  const db = getDb();
  const [, removed] = await db.batch([
    deleteRegistrationsOfEventQuery(db, id),
    db.delete(churchevents).where(eq(churchevents.id, id)).returning({ image_url: churchevents.image_url }),
  ]);
  return removed[0];
}
