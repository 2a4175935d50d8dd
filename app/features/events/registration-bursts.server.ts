// Registration bursts on the server (docs/decisions/026-registration-bursts.md):
// - noticing one: two statements for a public registration's (or a leader's group's) own batch (no
//   extra round trip). The first writes the burst, only if the registration landed, the event has no
//   burst in the last 6 hours, and the last hour holds at least 20 forms sent on the website (a
//   registration, or a whole group) and more than
//   10 times the usual hourly rate; D1 runs batches one at a time, so of registrations arriving
//   together exactly one writes it. The second writes the Administrators' e-mails for the burst that
//   registration wrote (intent only: rendered when sent, below);
// - the dashboard's recent bursts, for its one batch, and staff dismissing one (real people);
// - the Administrators' e-mail, rendered when it is sent.
// Cancelling a burst at the desk is ./cancel-burst.server.ts.
import { sql, type SQL } from "drizzle-orm";
import { batchable, getDb, type Db } from "~/db/db.server";
import { administratorEmailsSql } from "~/features/accounts/index.server";
import { registrationDeskPath } from "~/lib/paths";
import { formatInSiteZone } from "~/lib/time";
import { EmailRefused, type OutboxContent } from "~/server/email-rules.server";
import { enqueueForEachQuery, inIds, type OutboxRenderer } from "~/server/outbox.server";
import { BURST_RULES, USUAL_HOURS } from "./registration-bursts";
import { registrationBurstEmail } from "./registration-emails";

const HOUR = 3_600_000;
const isoBefore = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

export const BURST_KIND = "registration-burst";

/** The kinds of message this file renders: about_id is the burst. */
export const BURST_OUTBOX_KINDS = [BURST_KIND] as const;

// ----- Noticing a burst (in the public registration's batch) ------------------------------------

/** Registrations of the event from the website (its form, or a leader's group), not staff's additions. */
function fromTheWebsiteSql(eventId: number | SQL): SQL {
  return sql`h.event_id = ${eventId} AND h.source = 'public'`;
}

/**
 * How many forms were sent among them: each registration from the form is one, and a leader's whole
 * group is one (as the per-address limit counts it), so 20 groups in an hour alert as 20
 * registrations would, and one group of 30 does not.
 */
const SUBMISSIONS = sql`count(DISTINCT CASE WHEN h.group_id IS NULL THEN -h.id ELSE h.group_id END)`;

/**
 * For the batch of the registration whose token is `token` (of a group, its first man's), after its insert: the burst (if this
 * registration tips one) and the e-mail to each Administrator about it. Their results are the new
 * burst's `{ id }` (none, usually) and the outbox rows' `{ id }`.
 */
export function burstAlertQueries(db: Db, eventId: number, token: string, now: Date) {
  const hourAgo = isoBefore(now, HOUR);
  const weekAgo = isoBefore(now, HOUR + USUAL_HOURS * HOUR);
  const lastHour = sql`(SELECT ${SUBMISSIONS} FROM event_registrations h WHERE ${fromTheWebsiteSql(eventId)} AND h.created_at > ${hourAgo})`;
  const previousWeek = sql`(SELECT ${SUBMISSIONS} FROM event_registrations h WHERE ${fromTheWebsiteSql(eventId)} AND h.created_at > ${weekAgo} AND h.created_at <= ${hourAgo})`;
  const thisRegistration = sql`(SELECT id FROM event_registrations WHERE token = ${token})`;
  // The cheap checks first: this registration landed, and no burst of the event in the last 6 hours.
  const burst = batchable(
    db.all<{ id: number }>(sql`INSERT INTO registration_bursts (event_id, detected_at, last_hour, previous_week, registration_id)
      SELECT t.event_id, ${now.toISOString()}, ${lastHour}, ${previousWeek}, t.id FROM event_registrations t
      WHERE t.token = ${token}
        AND NOT EXISTS (SELECT 1 FROM registration_bursts b WHERE b.event_id = ${eventId} AND b.detected_at > ${isoBefore(now, BURST_RULES.alertEveryHours * HOUR)})
        AND ${lastHour} >= ${BURST_RULES.floor}
        AND ${lastHour} * ${USUAL_HOURS} > ${BURST_RULES.times} * ${previousWeek}
      RETURNING id`),
  );
  const emails = enqueueForEachQuery(db, {
    kind: BURST_KIND,
    to: sql`a.email`,
    aboutId: sql`b.id`,
    from: sql`FROM registration_bursts b JOIN (${administratorEmailsSql()}) a WHERE b.registration_id = ${thisRegistration}`,
  });
  return [burst, emails] as const;
}

// ----- The dashboard ----------------------------------------------------------------------------

export type RecentBurst = {
  id: number;
  event_id: number;
  event_name: string;
  detected_at: string;
  last_hour: number;
  previous_week: number;
  /** Registrations from the website (the form, or leaders' groups) since it was seen. */
  since: number;
};

/** The bursts seen since `since` and not dismissed, newest first, with how many more registrations came after each. */
export function recentBurstsQuery(db: Db, since: string) {
  return batchable(
    db.all<RecentBurst>(sql`SELECT b.id, b.event_id, e.name AS event_name, b.detected_at, b.last_hour, b.previous_week,
        (SELECT count(*) FROM event_registrations h WHERE ${fromTheWebsiteSql(sql`b.event_id`)} AND h.created_at > b.detected_at) AS since
      FROM registration_bursts b JOIN churchevents e ON e.id = b.event_id
      WHERE b.detected_at > ${since} AND b.dismissed_at IS NULL
      ORDER BY b.detected_at DESC, b.id DESC LIMIT 10`),
  );
}

/**
 * Staff say a burst's registrations are real people: its card leaves the dashboard, for everyone.
 * One guarded statement: of two people dismissing it at once, one does; the other hears it was
 * already. The event's name for the log, or null when there is no such burst or it was dismissed.
 */
export async function dismissBurst(id: number, by: string, now: Date): Promise<{ eventName: string } | null> {
  const [row] = await getDb().all<{ event_name: string }>(
    sql`UPDATE registration_bursts SET dismissed_at = ${now.toISOString()}, dismissed_by = ${by}
      WHERE id = ${id} AND dismissed_at IS NULL
      RETURNING (SELECT name FROM churchevents e WHERE e.id = registration_bursts.event_id) AS event_name`,
  );
  return row ? { eventName: row.event_name } : null;
}

/** When a burst was seen, as staff read it: "14:05 on Mar 5" (Malawi time). */
export function burstTimeText(iso: string): string {
  return formatInSiteZone(iso, "HH:mm 'on' MMM d") ?? iso;
}

// ----- The Administrators' e-mail, rendered when sent -------------------------------------------

export const renderBurstOutbox: OutboxRenderer = async (rows, sender) => {
  const db = getDb();
  const bursts = await db.all<{ id: number; event_id: number; event_name: string; detected_at: string; last_hour: number; previous_week: number }>(
    sql`SELECT b.id, b.event_id, e.name AS event_name, b.detected_at, b.last_hour, b.previous_week
      FROM registration_bursts b JOIN churchevents e ON e.id = b.event_id
      WHERE ${inIds(sql`b.id`, rows.flatMap((row) => (row.about_id === null ? [] : [row.about_id])))}`,
  );
  const organisation = { name: sender.name, addressLines: sender.addressLines };
  const rendered = new Map<number, OutboxContent | EmailRefused>();
  for (const row of rows) {
    const burst = bursts.find((found) => found.id === row.about_id);
    if (!burst) {
      rendered.set(row.id, new EmailRefused("The event of this burst no longer exists"));
      continue;
    }
    const facts = { eventName: burst.event_name, lastHour: burst.last_hour, previousWeek: burst.previous_week, detectedText: burstTimeText(burst.detected_at) };
    rendered.set(row.id, { kind: row.kind, fromName: sender.name, ...registrationBurstEmail(facts, `${sender.origin}${registrationDeskPath(burst.event_id)}`, organisation) });
  }
  return rendered;
};
