// How the activity log names a registration: the man and his event, each by id and name, so staff
// reading the log know who and which event without looking numbers up.
import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { recordName } from "~/features/accounts/index.server";

type Named = { id: number | null; name: string | null };

/**
 * 'registration 12 “John Banda” at event 4 “Men's Conference”', for each of these registrations of
 * one event, read in one query (the event's name, and the names of those given as null: a cancel or
 * a restore posts only the registration's id).
 */
export async function registrationNames(eventId: number, people: readonly Named[]): Promise<string[]> {
  const unnamed = people.flatMap((person) => (person.name === null && person.id !== null ? [person.id] : []));
  const rows = await getDb().all<{ id: number | null; name: string | null }>(
    sql`SELECT NULL AS id, e.name FROM churchevents e WHERE e.id = ${eventId}
      UNION ALL SELECT r.id, r.full_name FROM event_registrations r WHERE r.event_id = ${eventId} AND r.id IN (${sql.join([-1, ...unnamed].map((id) => sql`${id}`), sql`, `)})`,
  );
  const event = recordName("event", eventId, rows.find((row) => row.id === null)?.name);
  return people.map(({ id, name }) => `${recordName("registration", id, name ?? rows.find((row) => row.id !== null && row.id === id)?.name)} at ${event}`);
}

/** One registration as the log names it (registrationNames). */
export async function registrationName(id: number | null, name: string | null, eventId: number): Promise<string> {
  return (await registrationNames(eventId, [{ id, name }]))[0]!;
}
