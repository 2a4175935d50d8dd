// The dashboard's six exact counts (SPEC section 7), the posts in each status, and what it needs to warn about the home page's
// conference card (the settings and the events the card may show), in one D1 round trip.
import { count } from "drizzle-orm";
import {
  church_testimonies,
  churchevents,
  event_registrations,
  leadership_members,
  ministries,
} from "~/db/schema";
import { getDb } from "~/db/db.server";
import type { PostStatus } from "~/lib/post-status";
import { postCountsByStateQuery } from "./blog.server";
import { chosenConferenceEventQuery, nextOpenEventQuery } from "./event.server";
import { settingsQuery } from "./settings.server";

export async function dashboardPage(now: Date) {
  const db = getDb();
  const [events, blogs, testimonies, ministryRows, members, registrations, settings, chosen, next] = await db.batch([
    db.select({ n: count() }).from(churchevents),
    postCountsByStateQuery(db, now),
    db.select({ n: count() }).from(church_testimonies),
    db.select({ n: count() }).from(ministries),
    db.select({ n: count() }).from(leadership_members),
    db.select({ n: count() }).from(event_registrations),
    settingsQuery(db),
    chosenConferenceEventQuery(db),
    nextOpenEventQuery(db, now),
  ]);
  const postsByStatus = Object.fromEntries(blogs.map((row) => [row.state, row.n])) as Partial<Record<PostStatus, number>>;
  const counts = {
    events: events[0]?.n ?? 0,
    blogs: blogs.reduce((sum, row) => sum + row.n, 0),
    testimonies: testimonies[0]?.n ?? 0,
    ministries: ministryRows[0]?.n ?? 0,
    leadership: members[0]?.n ?? 0,
    registrations: registrations[0]?.n ?? 0,
  };
  return { counts, postsByStatus, settings, conferenceEvents: { chosen: chosen[0] ?? null, next: next[0] ?? null } };
}
