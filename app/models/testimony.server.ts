// Every query that touches `church_testimonies`.
import { desc, eq } from "drizzle-orm";
import { church_testimonies } from "~/db/schema";
import type { Db } from "~/server/db.server";

export type Testimony = typeof church_testimonies.$inferSelect;

/** Active testimonies, newest first (SPEC section 7), optionally limited (5 on the home page). */
export function activeTestimoniesQuery(db: Db, limit?: number) {
  const query = db
    .select({
      id: church_testimonies.id,
      content: church_testimonies.content,
      author: church_testimonies.author,
      role: church_testimonies.role,
      image_url: church_testimonies.image_url,
    })
    .from(church_testimonies)
    .where(eq(church_testimonies.active, true))
    .orderBy(desc(church_testimonies.created_at), desc(church_testimonies.id));
  return limit === undefined ? query : query.limit(limit);
}
