import { and, count, desc, eq, lt, or } from "drizzle-orm";
import { newsletter_subscribers } from "~/db/schema";
import { getDb } from "~/db/db.server";

export type Subscriber = typeof newsletter_subscribers.$inferSelect;

/** Adds the address once; subscribing again is not an error and changes nothing. */
export async function addSubscriber(email: string): Promise<void> {
  await getDb().insert(newsletter_subscribers).values({ email }).onConflictDoNothing();
}

export async function subscribersPage(limit = 500) {
  const db = getDb();
  const [rows, total] = await db.batch([
    db.select().from(newsletter_subscribers).orderBy(desc(newsletter_subscribers.created_at), desc(newsletter_subscribers.id)).limit(limit),
    db.select({ n: count() }).from(newsletter_subscribers),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One page of subscribers newest first, after `after` (keyset paging for the CSV export). */
export async function subscribersAfter(after: Subscriber | null, pageSize = 500) {
  const t = newsletter_subscribers;
  return getDb()
    .select()
    .from(t)
    .where(after ? or(lt(t.created_at, after.created_at), and(eq(t.created_at, after.created_at), lt(t.id, after.id))) : undefined)
    .orderBy(desc(t.created_at), desc(t.id))
    .limit(pageSize)
    .all();
}

export async function removeSubscriber(id: number): Promise<void> {
  await getDb().delete(newsletter_subscribers).where(eq(newsletter_subscribers.id, id));
}
