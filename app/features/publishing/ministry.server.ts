// Every query that touches `ministries`. Query builders (`...Query(db)`) are the parts of a page's
// batch (app/features/site/pages.server.ts); the other functions run on their own.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { ministries } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { createOnce, deleteWithHistory, guardedUpdate, historyQuery, onceAtSlugSql, versionQuery, type GuardedSave, type HistoryEntry, type KeptVersion, type SaveGuard } from "~/features/history/index.server";

export type Ministry = typeof ministries.$inferSelect;

/** What a ministry card shows: no full description, so list pages stay light. */
const summaryColumns = {
  id: ministries.id,
  slug: ministries.slug,
  title: ministries.title,
  short_description: ministries.short_description,
  image_url: ministries.image_url,
  image_alt: ministries.image_alt,
};

/** Active ministries in sort_order (SPEC section 7) as card summaries, optionally limited (3 on the home page). */
export function activeMinistriesQuery(db: Db, limit?: number) {
  const query = db
    .select(summaryColumns)
    .from(ministries)
    .where(eq(ministries.active, true))
    .orderBy(asc(ministries.sort_order), asc(ministries.id));
  return limit === undefined ? query : query.limit(limit);
}

/** One active ministry by slug, for its detail page and the inline view on /ministries?slug=. */
export function activeMinistryBySlugQuery(db: Db, slug: string) {
  return db
    .select()
    .from(ministries)
    .where(and(eq(ministries.slug, slug), eq(ministries.active, true)))
    .limit(1);
}

/** Where /ministries/{slug} moved when the ministry's address changed (its current slug), for an active ministry; empty when none. */
export function movedMinistryQuery(db: Db, slug: string) {
  return db
    .select({ slug: ministries.slug })
    .from(ministries)
    .where(and(sql`${ministries.id} IN (${onceAtSlugSql("ministry", slug)})`, eq(ministries.active, true)))
    .orderBy(desc(ministries.updated_at))
    .limit(1);
}

// Admin side (SPEC section 7, Admin reads and writes).

/** The fields a kept version holds: what the form edits, not whether visitors see it (`active`). */
const VERSION_COLUMNS = {
  title: ministries.title,
  slug: ministries.slug,
  short_description: ministries.short_description,
  full_description: ministries.full_description,
  sort_order: ministries.sort_order,
  image_url: ministries.image_url,
  image_alt: ministries.image_alt,
};

export type MinistryInput = Pick<Ministry, keyof typeof VERSION_COLUMNS | "active">;

/** Every ministry, active or not, in sort_order, for the admin list. */
export function ministriesForAdmin() {
  return getDb()
    .select({
      id: ministries.id,
      title: ministries.title,
      slug: ministries.slug,
      sort_order: ministries.sort_order,
      image_url: ministries.image_url,
      active: ministries.active,
    })
    .from(ministries)
    .orderBy(asc(ministries.sort_order), asc(ministries.id))
    .all();
}

export type AdminMinistryRow = Awaited<ReturnType<typeof ministriesForAdmin>>[number];

export function getMinistry(id: number) {
  return getDb().select().from(ministries).where(eq(ministries.id, id)).get();
}

export type MinistryFormData = { ministry: Ministry; history: HistoryEntry[]; version?: KeptVersion };

/** What the edit form starts from, in one D1 round trip: the ministry (undefined when there is none), its history and a kept version asked for. */
export async function ministryFormData(id: number, versionId: number | null): Promise<MinistryFormData | undefined> {
  const db = getDb();
  const key = String(id);
  const [[ministry], history, versions] = await db.batch([
    db.select().from(ministries).where(eq(ministries.id, id)).limit(1),
    historyQuery(db, "ministry", key),
    versionQuery(db, "ministry", [key], versionId ?? 0),
  ]);
  return ministry && { ministry, history, version: versions[0] };
}

/** A new ministry, saved now (the Worker's clock, as every save). */
export function createMinistry(input: MinistryInput, by: string): Promise<number> {
  return createOnce(getDb(), ministries, input, {}, by);
}

/** Saves the ministry if it is still at the version the form was opened at, keeping the version it replaces. */
export function updateMinistry(id: number, input: MinistryInput, guard: SaveGuard): Promise<GuardedSave> {
  return guardedUpdate(getDb(), { entity: "ministry", table: ministries, id, versionColumns: VERSION_COLUMNS, values: input, guard });
}

/** Deletes the ministry and its history, answering every picture they held; undefined when there was no such ministry. */
export function deleteMinistry(id: number) {
  return deleteWithHistory(getDb(), "ministry", ministries, id);
}
