// Every query that touches `contact_messages`: the contact form writes (with the staff's
// notification e-mail), the admin inbox reads.
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { contact_messages } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { enqueueQuery } from "~/server/outbox.server";

export type ContactMessage = typeof contact_messages.$inferSelect;

export const INBOX_PAGE_SIZE = 200;

export type NewContactMessage = Pick<ContactMessage, "full_name" | "email" | "subject" | "message">;

/**
 * Stores a message for the admin inbox and, in the same batch, the e-mail that tells staff about it
 * (to `notify`, when there is an address): about the message just stored, rendered when it is sent.
 * Answers the outbox ids to send.
 */
export async function addContactMessage(message: NewContactMessage, notify: string | null): Promise<number[]> {
  const db = getDb();
  const insert = db.insert(contact_messages).values(message);
  if (!notify) {
    await insert;
    return [];
  }
  const [, written] = await db.batch([insert, enqueueQuery(db, { kind: "contact-notification", to: notify, aboutId: sql`last_insert_rowid()` })]);
  return written.map((row) => row.id);
}

/** The newest messages and how many are unread, in one round trip. */
export async function inboxPage() {
  const db = getDb();
  const [messages, unread, total] = await db.batch([
    db.select().from(contact_messages).orderBy(desc(contact_messages.created_at), desc(contact_messages.id)).limit(INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(contact_messages).where(isNull(contact_messages.read_at)),
    db.select({ n: count() }).from(contact_messages),
  ]);
  const named = messages.map(({ full_name, ...message }) => ({ ...message, name: full_name }));
  return { messages: named, unread: unread[0]?.n ?? 0, total: total[0]?.n ?? 0 };
}

/** Marks a message read, or unread again. */
export async function setMessageRead(id: number, read: boolean): Promise<void> {
  await getDb()
    .update(contact_messages)
    .set({ read_at: read ? new Date().toISOString() : null })
    .where(eq(contact_messages.id, id));
}

export async function deleteMessage(id: number): Promise<void> {
  await getDb().delete(contact_messages).where(eq(contact_messages.id, id));
}
