// Every query that touches `church_testimonies`.
import { desc, eq } from "drizzle-orm";
import { church_testimonies } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { createOnce, type GuardedSave, type SaveGuard, toggleActive, versionedUpdate } from "~/features/history/index.server";

export type Testimony = typeof church_testimonies.$inferSelect;

/** Active testimonies, newest first (SPEC section 7), optionally limited (5 on the home page), for a page's batch. */
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
export function testimoniesForAdmin() {
  return getDb()
    .select({
      id: church_testimonies.id,
      author: church_testimonies.author,
      role: church_testimonies.role,
      image_url: church_testimonies.image_url,
      active: church_testimonies.active,
    })
    .from(church_testimonies)
    .orderBy(desc(church_testimonies.created_at), desc(church_testimonies.id))
    .all();
}

export type AdminTestimonyRow = Awaited<ReturnType<typeof testimoniesForAdmin>>[number];

export function getTestimony(id: number) {
  return getDb().select().from(church_testimonies).where(eq(church_testimonies.id, id)).get();
}

/** A new testimony, saved by `by` (its last save, as for every record with a form). */
export function createTestimony(input: TestimonyInput, by: string): Promise<number> {
  return createOnce(getDb(), church_testimonies, input, {}, by);
}

/** Saves the testimony if it is still at the form's version (`guard`); else its last save, or null when it no longer exists. */
export function updateTestimony(id: number, input: TestimonyInput, guard: SaveGuard): Promise<GuardedSave> {
  return versionedUpdate(getDb(), church_testimonies, id, input, guard);
}

/** Flips `active` in one statement, as a new version of the record (a form opened before is refused); the new state, or undefined when there is no such testimony. */
export function toggleTestimonyActive(id: number, by: string): Promise<boolean | undefined> {
  return toggleActive(getDb(), church_testimonies, id, by);
}

/** The removed testimony's image, or undefined when there was no such testimony. */
export function deleteTestimony(id: number) {
  return getDb()
    .delete(church_testimonies)
    .where(eq(church_testimonies.id, id))
    .returning({ image_url: church_testimonies.image_url, author: church_testimonies.author })
    .get();
}
