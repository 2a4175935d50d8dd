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
