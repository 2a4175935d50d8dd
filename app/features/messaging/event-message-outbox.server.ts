// A staff message to an event's registrants (kind 'event-message', ./event-messages.server.ts) as
// it is sent: one outbox row per recipient and channel, about_id the message (event_messages) and
// `about` the registration ({ registration: id }). Rendered at send time from the message and the registration: the SMS
// names the sender and the event and ends with the short private link (where SMS can be turned
// off); nothing goes by SMS to a person who turned SMS off.
import { sql } from "drizzle-orm";
import { batchable, getDb } from "~/db/db.server";
import { renderEmail } from "~/lib/email-layout";
import { EmailRefused, type OutboxContent, type OutboxRow } from "~/server/email-rules.server";
import { inIds, type OutboxRenderer, type SmsContent, type SmsRenderer } from "~/server/outbox.server";
import { eventMessageSms } from "./event-message-form";

export const EVENT_MESSAGE_KINDS = ["event-message"] as const;


function registrationIdOf(row: OutboxRow): number | null {
  try {
    const about = JSON.parse(row.about ?? "null") as { registration?: unknown } | null;
    const id = Number(about?.registration);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

type Found = { registration_id: number; token: string; full_name: string; sms_stopped_at: string | null; message_id: number; body: string; event_name: string; event_id: number };

async function read(rows: readonly OutboxRow[]): Promise<Found[]> {
  const db = getDb();
  const pairs = rows.flatMap((row) => {
    const registration = registrationIdOf(row);
    return registration && row.about_id !== null ? [{ message: row.about_id, registration }] : [];
  });
  const [found] = await db.batch([
    batchable(
      db.all<Found>(sql`SELECT t.id AS registration_id, t.token, t.full_name, t.sms_stopped_at, m.id AS message_id, m.body, e.name AS event_name, e.id AS event_id
        FROM event_registrations t JOIN event_messages m ON m.event_id = t.event_id JOIN churchevents e ON e.id = t.event_id
        WHERE ${inIds(sql`t.id`, pairs.map((pair) => pair.registration))} AND ${inIds(sql`m.id`, pairs.map((pair) => pair.message))}`),
    ),
  ]);
  return found;
}

function pick(found: Found[], row: OutboxRow): Found | undefined {
  const registration = registrationIdOf(row);
  return found.find((candidate) => candidate.registration_id === registration && candidate.message_id === row.about_id);
}

export const renderEventMessages: SmsRenderer = async (rows, sender) => {
  const found = await read(rows);
  const rendered = new Map<number, SmsContent | EmailRefused>();
  for (const row of rows) {
    const one = pick(found, row);
    if (!one) rendered.set(row.id, new EmailRefused("The message or the registration no longer exists"));
    else if (one.sms_stopped_at) rendered.set(row.id, new EmailRefused("The registrant turned SMS off for this event"));
    else rendered.set(row.id, { kind: row.kind, text: eventMessageSms(sender.smsName, one.event_name, one.body, `${sender.origin}/r/${one.token}`) });
  }
  return rendered;
};

export const renderEventMessageEmails: OutboxRenderer = async (rows, sender) => {
  const found = await read(rows);
  const rendered = new Map<number, OutboxContent | EmailRefused>();
  for (const row of rows) {
    const one = pick(found, row);
    if (!one) {
      rendered.set(row.id, new EmailRefused("The message or the registration no longer exists"));
      continue;
    }
    const email = renderEmail({
      subject: `${one.event_name}: a message from ${sender.name}`,
      organisation: { name: sender.name, addressLines: sender.addressLines },
      blocks: [
        { type: "paragraphs", text: `Hello ${one.full_name},` },
        { type: "paragraphs", text: one.body },
        { type: "button", label: "My registration", url: `${sender.origin}/registrations/${one.token}` },
      ],
      footer: [{ type: "paragraphs", text: "You get this because you registered for this event. Replies reach the events team." }],
    });
    rendered.set(row.id, { kind: row.kind, fromName: sender.name, replyTo: { email: sender.eventsEmail, name: sender.name }, ...email });
  }
  return rendered;
};
