// Every query that touches `event_registrations`.
import { and, count, desc, eq, lt, or } from "drizzle-orm";
import { event_registrations } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { registrationDedupeKey } from "~/lib/registration-key";

/** One person signing up for one event; the e-mail is optional. */
export type NewRegistration = { event_id: number; full_name: string; phone_number: string; email: string | null };

export type RegistrationOutcome = "registered" | "already-registered" | "event-not-found" | "registration-closed";

/**
 * Registers one person for one event. The insert is a single guarded statement: the row is only
 * written if, at that instant, the event exists, is active and open for registration (so an admin
 * closing registration cannot race a sign-up in), and the same person signing up twice is one row
 * (UNIQUE(event_id, dedupe_key) with DO NOTHING). The event's state is read in the same batch, one
 * D1 round trip, to say why nothing was written.
 */
export async function registerForEvent(input: NewRegistration): Promise<RegistrationOutcome> {
  const d1 = getDb().$client;
  const [inserted, event] = await d1.batch<{ id?: number; active?: number; registration_enabled?: number }>([
    d1
      .prepare(
        `INSERT INTO event_registrations (event_id, full_name, phone_number, email, dedupe_key)
         SELECT id, ?2, ?3, ?4, ?5 FROM churchevents
         WHERE id = ?1 AND active = 1 AND registration_enabled = 1
         ON CONFLICT (event_id, dedupe_key) DO NOTHING
         RETURNING id`,
      )
      .bind(
        input.event_id,
        input.full_name,
        input.phone_number,
        input.email,
        registrationDedupeKey(input.full_name, input.phone_number),
      ),
    d1.prepare(`SELECT active, registration_enabled FROM churchevents WHERE id = ?1`).bind(input.event_id),
  ]);

  if (inserted?.results.length) return "registered";
  const state = event?.results[0];
  if (!state?.active) return "event-not-found";
  if (!state.registration_enabled) return "registration-closed";
  return "already-registered";
}

// Admin side (SPEC section 7: registrations of one event, newest first; the CSV export).

export type Registration = Pick<
  typeof event_registrations.$inferSelect,
  "id" | "full_name" | "phone_number" | "email" | "created_at"
>;

const registrationColumns = {
  id: event_registrations.id,
  full_name: event_registrations.full_name,
  phone_number: event_registrations.phone_number,
  email: event_registrations.email,
  created_at: event_registrations.created_at,
};

const newestFirst = [desc(event_registrations.created_at), desc(event_registrations.id)] as const;

/** How many registrations each event has: one grouped query for the whole admin list. */
export function registrationCountsByEventQuery(db: Db) {
  return db
    .select({ event_id: event_registrations.event_id, n: count() })
    .from(event_registrations)
    .groupBy(event_registrations.event_id);
}

/** The newest `limit` registrations of one event, for its registrations page's batch. */
export function latestRegistrationsQuery(db: Db, eventId: number, limit: number) {
  return db.select(registrationColumns).from(event_registrations).where(eq(event_registrations.event_id, eventId)).orderBy(...newestFirst).limit(limit);
}

/** How many registrations one event has, for its registrations page's batch. */
export function registrationCountQuery(db: Db, eventId: number) {
  return db.select({ n: count() }).from(event_registrations).where(eq(event_registrations.event_id, eventId));
}

/**
 * One page of an event's registrations newest first, after `after` (keyset paging on
 * created_at, id, served by the (event_id, created_at) index), for the streamed CSV export.
 */
export function registrationsAfter(eventId: number, after: Registration | null, pageSize = 500) {
  const t = event_registrations;
  return getDb()
    .select(registrationColumns)
    .from(t)
    .where(
      and(
        eq(t.event_id, eventId),
        after ? or(lt(t.created_at, after.created_at), and(eq(t.created_at, after.created_at), lt(t.id, after.id))) : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(pageSize)
    .all();
}

/** Part of deleting an event: its registrations go with it, in the same batch. */
export function deleteRegistrationsOfEventQuery(db: Db, eventId: number) {
  return db.delete(event_registrations).where(eq(event_registrations.event_id, eventId));
}
