// Every query that touches `church_testimonies`.
import { desc, eq, sql } from "drizzle-orm";
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

// Admin side (SPEC section 7, Admin reads and writes).

export type TestimonyInput = Pick<Testimony, "author" | "role" | "content" | "image_url" | "active">;

/** Every testimony, newest first, for the admin list. */
export function testimoniesForAdminQuery(db: Db) {
  return db
    .select({
      id: church_testimonies.id,
      author: church_testimonies.author,
      role: church_testimonies.role,
      image_url: church_testimonies.image_url,
      active: church_testimonies.active,
    })
    .from(church_testimonies)
    .orderBy(desc(church_testimonies.created_at), desc(church_testimonies.id));
}

export function getTestimony(db: Db, id: number) {
  return db.select().from(church_testimonies).where(eq(church_testimonies.id, id)).get();
}

export async function createTestimony(db: Db, input: TestimonyInput): Promise<number> {
  const row = await db.insert(church_testimonies).values(input).returning({ id: church_testimonies.id }).get();
  return row.id;
}

/** False when the testimony no longer exists. */
export async function updateTestimony(db: Db, id: number, input: TestimonyInput): Promise<boolean> {
  const rows = await db
    .update(church_testimonies)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(church_testimonies.id, id))
    .returning({ id: church_testimonies.id });
  return rows.length === 1;
}

/** Flips `active` in one statement; the new state, or undefined when there is no such testimony. */
export async function toggleTestimonyActive(db: Db, id: number): Promise<boolean | undefined> {
  const row = await db
    .update(church_testimonies)
    .set({ active: sql`NOT ${church_testimonies.active}`, updated_at: new Date().toISOString() })
    .where(eq(church_testimonies.id, id))
    .returning({ active: church_testimonies.active })
    .get();
  return row?.active;
}

export async function deleteTestimony(db: Db, id: number) {
  return db
    .delete(church_testimonies)
    .where(eq(church_testimonies.id, id))
    .returning({ image_url: church_testimonies.image_url })
    .get();
}
