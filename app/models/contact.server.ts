// Every query that touches `contact_messages` (the admin inbox will add its reads here).
import { contact_messages } from "~/db/schema";
import type { ContactInput } from "~/lib/schemas/contact";
import { getDb } from "~/server/db.server";

export async function addContactMessage(message: ContactInput): Promise<void> {
  await getDb().insert(contact_messages).values(message);
}
