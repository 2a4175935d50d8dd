// How the activity log names a registration: the man and his event, each by id and name, so staff
// reading the log know who and which event without looking numbers up.
import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { recordName } from "~/features/accounts/index.server";

/**
 * 'registration 12 “John Banda” at event 4 “Men's Conference”'. `name`: the man's name as the change
 * left it, or null to read it (a cancel or a restore posts only the registration's id).
 */
export async function registrationName(id: number | null, name: string | null, eventId: number): Promise<string> {
  const found = await getDb().get<{ event: string | null; man: string | null } | undefined>(
    sql`SELECT e.name AS event, (SELECT r.full_name FROM event_registrations r WHERE r.id = ${id} AND r.event_id = e.id) AS man FROM churchevents e WHERE e.id = ${eventId}`,
  );
  return `${recordName("registration", id, name ?? found?.man)} at ${recordName("event", eventId, found?.event)}`;
}
