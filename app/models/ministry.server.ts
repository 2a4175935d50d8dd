// Every query that touches `ministries`. Query builders take the db so a page can run several of
// them in one D1 round trip with db.batch([...]).
import { and, asc, eq } from "drizzle-orm";
import { ministries } from "~/db/schema";
import type { Db } from "~/server/db.server";

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

// Admin side (SPEC section 7, Admin reads and writes).

export type MinistryInput = Pick<
  Ministry,
  "title" | "slug" | "short_description" | "full_description" | "sort_order" | "image_url" | "image_alt" | "active"
>;

/** Every ministry, active or not, in sort_order, for the admin list. */
export function ministriesForAdminQuery(db: Db) {
  return db
    .select({
      id: ministries.id,
      title: ministries.title,
      slug: ministries.slug,
      sort_order: ministries.sort_order,
      image_url: ministries.image_url,
      active: ministries.active,
    })
    .from(ministries)
    .orderBy(asc(ministries.sort_order), asc(ministries.id));
}

export type AdminMinistryRow = Awaited<ReturnType<typeof ministriesForAdminQuery>>[number];

export function getMinistry(db: Db, id: number) {
  return db.select().from(ministries).where(eq(ministries.id, id)).get();
}

export async function createMinistry(db: Db, input: MinistryInput): Promise<number> {
  const row = await db.insert(ministries).values(input).returning({ id: ministries.id }).get();
  return row.id;
}

/** False when the ministry no longer exists. */
export async function updateMinistry(db: Db, id: number, input: MinistryInput): Promise<boolean> {
  const rows = await db
    .update(ministries)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(ministries.id, id))
    .returning({ id: ministries.id });
  return rows.length === 1;
}

/** The removed ministry's image, or undefined when there was no such ministry. */
export function deleteMinistry(db: Db, id: number) {
  return db.delete(ministries).where(eq(ministries.id, id)).returning({ image_url: ministries.image_url }).get();
}
