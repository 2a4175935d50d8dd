// Every query that touches `contact_messages`: the contact form writes (with the staff's
// notification e-mail), the admin inbox reads.
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { contact_messages } from "~/db/schema";
import { batchable, getDb } from "~/db/db.server";
import { enqueueQuery } from "~/server/outbox.server";
import { phoneContact } from "~/server/phone.server";

export type ContactMessage = typeof contact_messages.$inferSelect;

export const INBOX_PAGE_SIZE = 200;

export type NewContactMessage = Pick<ContactMessage, "full_name" | "email" | "phone_number" | "subject" | "message">;

/** How long the same message sent again (a double tap without JavaScript, a retry on a slow line) is the first one (decision 038). */
export const SAME_MESSAGE_MINUTES = 2;

/**
 * Stores a message for the admin inbox and, in the same batch, the e-mail that tells staff about it
 * (to `notify`, when there is an address): about the message just stored, rendered when it is sent.
 * The very same message (name, e-mail, phone, subject and text) stored in the last 2 minutes is the same
 * message sent again: the guarded insert writes nothing, and so the e-mail neither, even for two
 * posts at once. Either way the sender is told it was sent. Answers the outbox ids to send.
 */
export async function addContactMessage(message: NewContactMessage, notify: string | null, now = new Date()): Promise<number[]> {
  const db = getDb();
  const at = now.toISOString();
  const since = new Date(now.getTime() - SAME_MESSAGE_MINUTES * 60_000).toISOString();
  const { full_name, email, phone_number, subject, message: text } = message;
  // IS, not =: either contact may be empty (null), and two empty ones are the same.
  const insert = batchable(
    db.run(sql`INSERT INTO ${contact_messages} (full_name, email, phone_number, subject, message, created_at)
    SELECT ${full_name}, ${email}, ${phone_number}, ${subject}, ${text}, ${at}
    WHERE NOT EXISTS (SELECT 1 FROM ${contact_messages} m
      WHERE m.created_at > ${since} AND m.email IS ${email} AND m.phone_number IS ${phone_number} AND m.full_name = ${full_name}
        AND m.subject = ${subject} AND m.message = ${text})`),
  );
  if (!notify) {
    await insert;
    return [];
  }
  // changes(): the rows the insert just before wrote, so a message sent again tells no one twice.
  const [, written] = await db.batch([insert, enqueueQuery(db, { kind: "contact-notification", to: notify, aboutId: sql`last_insert_rowid()` }, sql`changes() = 1`)]);
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
  // A visitor without e-mail gave a phone: staff call or WhatsApp him from the inbox.
  const named = messages.map(({ full_name, phone_number, ...message }) => {
    const phone = phoneContact(phone_number);
    // A number it cannot read is shown as typed, without links.
    return { ...message, name: full_name, phone: { ...phone, phoneText: phone.phoneText ?? phone_number } };
  });
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
