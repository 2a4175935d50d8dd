// The dashboard's six exact counts (SPEC section 7), run together in one D1 round trip.
import { count } from "drizzle-orm";
import {
  church_testimonies,
  churchblogs,
  churchevents,
  event_registrations,
  leadership_members,
  ministries,
} from "~/db/schema";
import { getDb } from "~/db/db.server";

export async function dashboardCounts() {
  const db = getDb();
  const [events, blogs, testimonies, ministryRows, members, registrations] = await db.batch([
    db.select({ n: count() }).from(churchevents),
    db.select({ n: count() }).from(churchblogs),
    db.select({ n: count() }).from(church_testimonies),
    db.select({ n: count() }).from(ministries),
    db.select({ n: count() }).from(leadership_members),
    db.select({ n: count() }).from(event_registrations),
  ]);
  return {
    events: events[0]?.n ?? 0,
    blogs: blogs[0]?.n ?? 0,
    testimonies: testimonies[0]?.n ?? 0,
    ministries: ministryRows[0]?.n ?? 0,
    leadership: members[0]?.n ?? 0,
    registrations: registrations[0]?.n ?? 0,
  };
}
