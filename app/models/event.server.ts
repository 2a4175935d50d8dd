// Every query that touches `churchevents`.
import { and, asc, eq, sql } from "drizzle-orm";
import { churchevents } from "~/db/schema";
import { EVENT_DATE_FORMAT, EVENT_TIME_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import type { Db } from "~/server/db.server";

export type ChurchEvent = typeof churchevents.$inferSelect;

/** Dated events first, soonest first; undated ones last (as the original Postgres backend ordered them). */
const byDateAscending = [sql`${churchevents.date} IS NULL`, asc(churchevents.date), asc(churchevents.id)] as const;

/** Active events by date ascending (SPEC section 7), optionally limited (3 on the home page). */
export function activeEventsQuery(db: Db, limit?: number) {
  const query = db
    .select()
    .from(churchevents)
    .where(eq(churchevents.active, true))
    .orderBy(...byDateAscending);
  return limit === undefined ? query : query.limit(limit);
}

/** One active event by id, for /events/{id}. */
export function activeEventByIdQuery(db: Db, id: number) {
  return db
    .select()
    .from(churchevents)
    .where(and(eq(churchevents.id, id), eq(churchevents.active, true)))
    .limit(1);
}

/**
 * What the public events pages send to the browser: only the fields a visitor sees, with the date and
 * time already written out in Malawi time (so the browser needs no time-zone code and prints exactly
 * what the server printed).
 */
export type PublicEvent = {
  id: number;
  name: string;
  /** The start as an ISO instant (for <time dateTime>), or null when not set yet. */
  date: string | null;
  /** 'EEEE, MMMM d, yyyy' in Malawi time, or null when there is no date. */
  dateText: string | null;
  /** 'h:mm a' in Malawi time, or null when there is no date. */
  timeText: string | null;
  location: string | null;
  description: string | null;
  imageUrl: string | null;
  imageAlt: string;
  registrationEnabled: boolean;
};

export function toPublicEvent(event: ChurchEvent): PublicEvent {
  return {
    id: event.id,
    name: event.name,
    date: event.date,
    dateText: formatInSiteZone(event.date, EVENT_DATE_FORMAT),
    timeText: formatInSiteZone(event.date, EVENT_TIME_FORMAT),
    location: event.location?.trim() || null,
    description: event.description?.trim() || null,
    imageUrl: event.image_url,
    imageAlt: event.image_alt ?? "",
    registrationEnabled: event.registration_enabled,
  };
}
