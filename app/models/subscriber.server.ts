import { desc } from "drizzle-orm";
import { newsletter_subscribers } from "~/db/schema";
import { getDb } from "~/server/db.server";

/** Adds the address once; subscribing again is not an error and changes nothing. */
export async function addSubscriber(email: string): Promise<void> {
  await getDb().insert(newsletter_subscribers).values({ email }).onConflictDoNothing();
}

export async function listSubscribers() {
  return getDb().select().from(newsletter_subscribers).orderBy(desc(newsletter_subscribers.created_at)).all();
}
