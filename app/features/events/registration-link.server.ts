// "Get my link again" on the server (/events/{id}/my-link, ./registration-link.ts): the public
// form's steps (limit per address, bot check), the phone read as a number, the receipt written again
// for that number's registration and the link of a group it leads, within their limits
// (./registrations.server.ts, ./group-registrations.server.ts), sent after the response; then on to
// the page's "on its way" answer, the same whether the number is registered.
import { sql } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { answerPublicForm, readPublicForm } from "~/server/forms.server";
import { sendAfterResponse, sendHeldNowQuery } from "~/server/outbox.server";
import { toInternationalPhone } from "~/server/phone.server";
import { RATE_LIMITS } from "~/server/abuse.server";
import { smsSetup } from "~/server/sms.server";
import { REGISTRATION_MESSAGES } from "./registration-form";
import { LINK_AGAIN_MESSAGES, linkAgainSchema, type LinkChannels } from "./registration-link";
import { linkAgainPath } from "./registration-rules";
import { receiptAgain, registrationEmailQuery, smsDueNow } from "./registrations.server";
import { groupLinkQuery } from "./group-registrations.server";

const serverSchema = linkAgainSchema.extend({
  phone_number: linkAgainSchema.shape.phone_number.transform(toInternationalPhone(REGISTRATION_MESSAGES.phoneNotPossible)),
});

const RULES = {
  rateLimit: RATE_LIMITS.linkAgainPerAddress,
  rateLimitedMessage: LINK_AGAIN_MESSAGES.rateLimited,
  successToast: { title: LINK_AGAIN_MESSAGES.sentTitle },
};

/** By which channels the link goes again now. */
export function linkChannels(): LinkChannels {
  return smsSetup().ready ? "sms" : "email";
}

/**
 * Writes again, within their limits, the receipt of the registration that holds `phone` as its own
 * and the link of each group it leads, for the event: the outbox ids to send. One batch. A receipt
 * or link still held for the morning (written at night) goes now instead of a second copy.
 */
async function writeLinksAgain(eventId: number, phone: string): Promise<number[]> {
  const db = getDb();
  const ownRegistration = sql`event_id = ${eventId} AND dedupe_key = ${phone}`;
  const ledGroups = sql`event_id = ${eventId} AND leader_phone = ${phone}`;
  const [heldReceipts, heldLinks, receipts, groupLinks] = await db.batch([
    sendHeldNowQuery(db, ["registration-confirmed", "registration-waitlisted"], sql`SELECT id FROM event_registrations WHERE ${ownRegistration}`),
    sendHeldNowQuery(db, ["group-link"], sql`SELECT id FROM registration_groups WHERE ${ledGroups}`),
    registrationEmailQuery(db, receiptAgain(), ownRegistration),
    groupLinkQuery(db, ledGroups, smsDueNow(true), true),
  ]);
  return [...heldReceipts, ...heldLinks, ...receipts, ...groupLinks].map((row) => row.id);
}

/** The page's action: a plain post (the page ships no script). */
export async function linkAgainAction(request: Request, eventId: number) {
  const path = linkAgainPath(eventId);
  const read = await readPublicForm(request, serverSchema, RULES);
  if ("done" in read) return answerPublicForm(request, read.done, { fallbackPath: path, renderFailures: true });
  sendAfterResponse(await writeLinksAgain(eventId, read.value.phone_number), request);
  return redirect(`${path}?sent`, 303);
}
