// Every query that touches `contact_messages`: the contact form writes, the admin inbox reads.
import { count, desc, eq, isNull } from "drizzle-orm";
import { contact_messages } from "~/db/schema";
import { CONTACT_MESSAGES } from "~/lib/rules/contact";
import { contactSchema, type ContactInput } from "~/lib/schemas/contact";
import { getDb } from "~/server/db.server";
import type { PublicForm } from "~/server/public-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";

export type ContactMessage = typeof contact_messages.$inferSelect;

export const INBOX_PAGE_SIZE = 200;

export async function addContactMessage(message: ContactInput): Promise<void> {
  await getDb().insert(contact_messages).values(message);
}

const successToast = { title: CONTACT_MESSAGES.successTitle, description: CONTACT_MESSAGES.success };

/** The contact page's message form: validated, rate limited per address, then stored for the inbox. */
export const contactForm: PublicForm<typeof contactSchema> = {
  schema: contactSchema,
  rateLimit: RATE_LIMITS.contactPerAddress,
  rateLimitedMessage: CONTACT_MESSAGES.rateLimited,
  successToast,
  async handle(message) {
    try {
      await addContactMessage(message);
    } catch (error) {
      console.error("Contact message could not be stored:", error);
      return { error: CONTACT_MESSAGES.failed, status: 503 };
    }
    return { toast: successToast };
  },
};

/** The newest messages and how many are unread, in one round trip. */
export async function inbox() {
  const db = getDb();
  const [messages, unread, total] = await db.batch([
    db.select().from(contact_messages).orderBy(desc(contact_messages.created_at), desc(contact_messages.id)).limit(INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(contact_messages).where(isNull(contact_messages.read_at)),
    db.select({ n: count() }).from(contact_messages),
  ]);
  return { messages, unread: unread[0]?.n ?? 0, total: total[0]?.n ?? 0 };
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
