// Every query that touches `churchevents`.
import { and, asc, eq, sql } from "drizzle-orm";
import { churchevents } from "~/db/schema";
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
