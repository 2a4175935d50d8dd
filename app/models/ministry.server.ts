// Every query that touches `ministries`. Query builders (`...Query(db)`) are the parts of a page's
// batch (app/models/pages.server.ts); the other functions run on their own.
import { and, asc, eq } from "drizzle-orm";
import { ministries } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";

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

export async function createMinistry(input: MinistryInput): Promise<number> {
  const row = await getDb().insert(ministries).values(input).returning({ id: ministries.id }).get();
  return row.id;
}

/** False when the ministry no longer exists. */
export async function updateMinistry(id: number, input: MinistryInput): Promise<boolean> {
  const rows = await getDb()
    .update(ministries)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(ministries.id, id))
    .returning({ id: ministries.id });
  return rows.length === 1;
}

/** The removed ministry's image, or undefined when there was no such ministry. */
export function deleteMinistry(id: number) {
  return getDb().delete(ministries).where(eq(ministries.id, id)).returning({ image_url: ministries.image_url }).get();
}
