// Every query that touches `activity_log`. The log is only ever added to and read; the one
// deletion is the daily pruning of rows older than it is kept.
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { activity_log } from "~/db/schema";
import { batchable, getDb, type Db } from "~/db/db.server";

export type ActivityKind = (typeof activity_log.$inferInsert)["kind"];
export const ACTIVITY_KINDS: readonly ActivityKind[] = ["write", "sign-in", "sign-in-failed", "sign-out", "account", "export", "refused"];

export type ActivityEntry = {
  actor: string;
  kind: ActivityKind;
  action: string;
  target?: string;
  summary?: string;
  address?: string | null;
  /** When it happened (ISO); default now. */
  at?: string;
  /** Logged only if the same actor did not log the same action on the same target in these minutes (a create sent again: decision 049). */
  onceWithinMinutes?: number;
};

/** How long the log keeps a row: 13 months, so at least 12 are always there. */
export const ACTIVITY_KEPT_DAYS = 396;

const MAX_TEXT = 500;
const clip = (text: string | undefined) => (text ?? "").slice(0, MAX_TEXT);

function rowOf(entry: ActivityEntry) {
  return {
    at: entry.at ?? new Date().toISOString(),
    actor: clip(entry.actor),
    kind: entry.kind,
    action: clip(entry.action),
    target: clip(entry.target),
    summary: clip(entry.summary),
    address: entry.address ?? null,
  };
}

/** Adding entries, for a batch that also makes the change they describe. */
export function addActivityQuery(db: Db, entries: ActivityEntry[]) {
  return db.insert(activity_log).values(entries.map(rowOf));
}

/**
 * Adds an entry unless the same actor logged the same action on the same target since `since` (ISO):
 * for what a page reads again and again (the door's list, every half minute), one line an hour.
 */
function addActivityOnceQuery(db: Db, entry: ActivityEntry, since: string) {
  const row = rowOf(entry);
  return batchable(
    db.run(sql`INSERT INTO ${activity_log} (at, actor, kind, action, target, summary, address)
      SELECT ${row.at}, ${row.actor}, ${row.kind}, ${row.action}, ${row.target}, ${row.summary}, ${row.address}
      WHERE NOT EXISTS (SELECT 1 FROM ${activity_log} WHERE actor = ${row.actor} AND kind = ${row.kind} AND action = ${row.action}
        AND target = ${row.target} AND at >= ${since})`),
  );
}

export async function recordActivityOnce(entry: ActivityEntry, since: string): Promise<void> {
  await addActivityOnceQuery(getDb(), entry, since);
}

/**
 * Adds entries (one logged only once in its `onceWithinMinutes`), trying up to three times: a write
 * that happened is never left unrecorded because of one failed statement (and the error is thrown,
 * not swallowed, if all three fail).
 */
export async function recordActivity(entries: ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const db = getDb();
  const plain = entries.filter((entry) => !entry.onceWithinMinutes);
  const once = entries.filter((entry) => entry.onceWithinMinutes);
  const sinceOf = (entry: ActivityEntry) => new Date(Date.now() - entry.onceWithinMinutes! * 60_000).toISOString();
  const queries = () => [...(plain.length ? [addActivityQuery(db, plain)] : []), ...once.map((entry) => addActivityOnceQuery(db, entry, sinceOf(entry)))];
  for (let attempt = 1; ; attempt++) {
    try {
      // Made afresh each try: a statement can fail as it is prepared.
      await db.batch(queries() as [ReturnType<typeof queries>[number], ...ReturnType<typeof queries>]);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export type ActivityFilter = { actor: string | null; kind: ActivityKind | null; day: string | null };

/** One page of the log, newest first, filtered by person, kind and day (a Malawi calendar day's UTC bounds). */
export async function activityPage(filter: ActivityFilter, dayBounds: { from: string; to: string } | null, page: number, pageSize: number) {
  const db = getDb();
  const where = and(
    filter.actor ? eq(activity_log.actor, filter.actor) : undefined,
    filter.kind ? eq(activity_log.kind, filter.kind) : undefined,
    dayBounds ? and(gte(activity_log.at, dayBounds.from), lt(activity_log.at, dayBounds.to)) : undefined,
  );
  const [rows, [total], actors] = await db.batch([
    db.select().from(activity_log).where(where).orderBy(desc(activity_log.at), desc(activity_log.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(activity_log).where(where),
    db.selectDistinct({ actor: activity_log.actor }).from(activity_log).where(sql`${activity_log.kind} <> 'sign-in-failed'`).orderBy(activity_log.actor),
  ]);
  return { rows, total: total?.n ?? 0, actors: actors.map((a) => a.actor) };
}

/** Account changes since `since` (ISO), newest first: what every Administrator's dashboard shows. */
export function recentAccountChangesQuery(db: Db, since: string, limit = 10) {
  return db
    .select({ at: activity_log.at, actor: activity_log.actor, action: activity_log.action, target: activity_log.target, summary: activity_log.summary })
    .from(activity_log)
    .where(and(eq(activity_log.kind, "account"), gte(activity_log.at, since)))
    .orderBy(desc(activity_log.at), desc(activity_log.id))
    .limit(limit);
}

/** The daily job: deletes rows older than the log keeps them; returns how many went. */
export async function deleteOldActivity(now: number): Promise<number> {
  const cutoff = new Date(now - ACTIVITY_KEPT_DAYS * 86_400_000).toISOString();
  const result = await getDb().delete(activity_log).where(lt(activity_log.at, cutoff)).run();
  return result.meta.changes ?? 0;
}
