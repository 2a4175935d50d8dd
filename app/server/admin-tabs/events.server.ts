import { eventsForAdminQuery, toAdminEventRow, type AdminEventRow } from "~/models/event.server";
import { registrationCountsByEventQuery } from "~/models/registration.server";
import type { Db } from "~/server/db.server";

const EVENTS_LIST_FAILED = "Failed to load events. Please try again.";

/** The events tab: every event by date descending with its registration count, in one D1 round trip. */
export async function loadEventsTab(db: Db): Promise<{ rows: AdminEventRow[]; error: string | null }> {
  try {
    const [events, counts] = await db.batch([eventsForAdminQuery(db), registrationCountsByEventQuery(db)]);
    const countOf = new Map(counts.map((row) => [row.event_id, row.n]));
    return { rows: events.map((event) => toAdminEventRow(event, countOf.get(event.id) ?? 0)), error: null };
  } catch (cause) {
    console.error("events list failed", cause);
    return { rows: [], error: EVENTS_LIST_FAILED };
  }
}
