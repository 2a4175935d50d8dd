// The dashboard's six exact counts (SPEC section 7), the posts in each status, what it needs to warn about the home page's
// conference card (the settings and the events the card may show), the registration bursts of the last day and the money paid
// lately (the route shows this month's to Administrators), in one D1 round trip.
import { count } from "drizzle-orm";
import {
  church_testimonies,
  churchevents,
  event_registrations,
  leadership_members,
  ministries,
  type RegistrationStatus,
} from "~/db/schema";
import { getDb } from "~/db/db.server";
import type { PostStatus } from "~/features/publishing";
import { recentAccountChangesQuery } from "~/features/accounts/index.server";
import { postCountsByStateQuery } from "~/features/publishing/index.server";
import { chosenConferenceEventQuery, nextOpenEventQuery, recentBurstsQuery } from "~/features/events/index.server";
import { BURST_RULES } from "~/features/events";
import { settingsQuery } from "~/features/settings/index.server";
import { recentMoneyQuery } from "~/features/payments/index.server";

/** How far back the dashboard shows account changes to Administrators. */
export const ACCOUNT_CHANGES_DAYS = 14;

export async function dashboardPage(now: Date) {
  const db = getDb();
  const accountChangesSince = new Date(now.getTime() - ACCOUNT_CHANGES_DAYS * 86_400_000).toISOString();
  const burstsSince = new Date(now.getTime() - BURST_RULES.dashboardHours * 3_600_000).toISOString();
  const [events, blogs, testimonies, ministryRows, members, registrations, settings, chosen, next, accountChanges, bursts, recentMoney] = await db.batch([
    db.select({ n: count() }).from(churchevents),
    postCountsByStateQuery(db, now),
    db.select({ n: count() }).from(church_testimonies),
    db.select({ n: count() }).from(ministries),
    db.select({ n: count() }).from(leadership_members),
    db.select({ status: event_registrations.status, n: count() }).from(event_registrations).groupBy(event_registrations.status),
    settingsQuery(db),
    chosenConferenceEventQuery(db),
    nextOpenEventQuery(db, now),
    recentAccountChangesQuery(db, accountChangesSince),
    recentBurstsQuery(db, burstsSince),
    recentMoneyQuery(db, now),
  ]);
  const postsByStatus = Object.fromEntries(blogs.map((row) => [row.state, row.n])) as Partial<Record<PostStatus, number>>;
  const counts = {
    events: events[0]?.n ?? 0,
    blogs: blogs.reduce((sum, row) => sum + row.n, 0),
    testimonies: testimonies[0]?.n ?? 0,
    ministries: ministryRows[0]?.n ?? 0,
    leadership: members[0]?.n ?? 0,
    registrations: registrations.filter((row) => row.status !== "cancelled").reduce((sum, row) => sum + row.n, 0),
  };
  /** The registrations by status, for the card's line ("6 confirmed, 1 waiting; 4 cancelled"). */
  const registrationsByStatus = Object.fromEntries(registrations.map((row) => [row.status, row.n])) as Partial<Record<RegistrationStatus, number>>;
  return { counts, postsByStatus, registrationsByStatus, settings, conferenceEvents: { chosen: chosen[0] ?? null, next: next[0] ?? null }, accountChanges, bursts, recentMoney };
}
