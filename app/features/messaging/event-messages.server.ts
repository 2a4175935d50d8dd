// Messages to an event's registrants by status (/admin/events/{id}/message, issue 24): the page's
// data (the event and past messages with their progress), the preview (how many get it by each
// channel, the SMS's segments and estimated cost), and the send: the message and one outbox row
// per recipient and channel in ONE batch (a second Send of the same preview writes nothing more),
// then fanned out through the queue like the newsletter; failures are retried by the outbox's
// backoff, and a queue message delivered twice sends nothing twice (the guarded claim).
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { churchevents, event_messages } from "~/db/schema";
import { batchable, getDb } from "~/db/db.server";
import { SENT_ALREADY_WINDOW_MS } from "~/lib/constants";
import { smsCount } from "~/lib/gsm7";
import { insertOutboxSelectQuery } from "~/server/outbox.server";
import { SMS_SIMULATED, smsDueAt, smsSetup, smsSimulated } from "~/server/sms.server";
import { emailSetup } from "~/server/email-rules.server";
import { settingsQuery, siteSettings } from "~/features/settings/index.server";
import { firstOnItsPhoneSql } from "~/features/events/index.server";
import { type EventMessageInput, eventMessageSms, exampleShortLink, type MessageAudience, type MessageChannel } from "./event-message-form";

/** Who is in each audience: registration `r` (an alias). */
const audienceOf = (audience: MessageAudience, r: SQL): SQL =>
  ({
    confirmed: sql`${r}.status = 'confirmed'`,
    waitlisted: sql`${r}.status = 'waitlisted'`,
    checked_in: sql`${r}.checked_in_at IS NOT NULL`,
    not_checked_in: sql`${r}.status = 'confirmed' AND ${r}.checked_in_at IS NULL`,
    everyone: sql`${r}.status <> 'cancelled'`,
  })[audience];

/** Who can get an SMS: a phone in international form, SMS not turned off. */
const smsReachable = (r: SQL) => sql`${r}.sms_stopped_at IS NULL AND ${r}.phone_number GLOB '+[1-9]*'`;

const t = sql.raw("t");

/** Who of the audience gets the SMS: one a phone (its owner's registration first), not one identical SMS per man on it. */
const smsReceiver = (audience: MessageAudience) => sql`${smsReachable(t)} AND ${firstOnItsPhoneSql((s) => sql`${audienceOf(audience, s)} AND ${smsReachable(s)}`)}`;


/**
 * The same message (event, text, who, how) written since an hour before `now`, newer than the one
 * the sender chose to send again (`after`): message `e` (an alias).
 */
function sameMessageRecently(eventId: number, input: EventMessageInput, now: Date, after = 0): SQL {
  const since = new Date(now.getTime() - SENT_ALREADY_WINDOW_MS).toISOString();
  return sql`e.event_id = ${eventId} AND e.body = ${input.body} AND e.audience = ${input.audience} AND e.channel = ${input.channel}
    AND e.created_at > ${since} AND e.id > ${after}`;
}

const wantsSms = (channel: MessageChannel) => channel !== "email";
const wantsEmail = (channel: MessageChannel) => channel !== "sms";

/** The event and its past messages, newest first, with how far each has gone (one round trip). */
export async function eventMessagePage(eventId: number) {
  const db = getDb();
  const [events, past, progress] = await db.batch([
    db.select({ id: churchevents.id, name: churchevents.name }).from(churchevents).where(eq(churchevents.id, eventId)),
    db.select().from(event_messages).where(eq(event_messages.event_id, eventId)).orderBy(desc(event_messages.id)).limit(20),
    batchable(
      db.all<{ message_id: number; status: string; n: number }>(sql`SELECT o.about_id AS message_id, o.status, count(*) AS n FROM email_outbox o
        WHERE o.kind = 'event-message' AND o.about_id IN (SELECT id FROM event_messages WHERE event_id = ${eventId} ORDER BY id DESC LIMIT 20)
        GROUP BY o.about_id, o.status`),
    ),
  ]);
  const event = events[0];
  if (!event) return null;
  const messages = past.map((message) => {
    const counts = Object.fromEntries(progress.filter((row) => row.message_id === message.id).map((row) => [row.status, row.n])) as Record<string, number>;
    return {
      id: message.id,
      audience: message.audience,
      channel: message.channel,
      body: message.body,
      sentBy: message.sent_by,
      createdAt: message.created_at,
      recipients: message.recipients,
      done: (counts.sent ?? 0) + (counts.delivered ?? 0),
      failed: counts.failed ?? 0,
      waiting: (counts.queued ?? 0) + (counts.sending ?? 0),
    };
  });
  return { event, messages };
}

/** What frames a message's text in each SMS before anyone is chosen: the sender (a stand-in until SMS is set up) and a link as long as a real one. */
export function smsFrameOf(origin: string) {
  const sms = smsSetup();
  return { sender: sms.ready ? sms.senderId : "SenderID", link: exampleShortLink(origin) };
}

/** What the preview shows: recipients by channel, the SMS as it will read, its length, segments and estimated cost. */
export async function previewEventMessage(eventId: number, eventName: string, input: EventMessageInput, origin: string, now = new Date()) {
  const db = getDb();
  const smsOn = smsSetup();
  // Who of the audience this way reaches at all: by SMS (a phone that takes it, SMS not stopped) or by e-mail (an address).
  const ways = [wantsSms(input.channel) && smsOn.ready ? smsReachable(t) : null, wantsEmail(input.channel) ? sql`t.email IS NOT NULL` : null].filter((way) => way !== null);
  const reached = ways.length ? sql.join(ways, sql` OR `) : sql`0`;
  // Who SMS and e-mail together would reach: of those this way misses, the ones the other way would not.
  const eitherWay = smsOn.ready ? sql`(${smsReachable(t)} OR t.email IS NOT NULL)` : sql`t.email IS NOT NULL`;
  const [counts, settingsRows, alike] = await db.batch([
    batchable(
      db.all<{ sms: number; email: number; missed: number; other_way: number }>(sql`SELECT count(*) FILTER (WHERE ${smsReceiver(input.audience)}) AS sms, count(*) FILTER (WHERE t.email IS NOT NULL) AS email,
          count(*) FILTER (WHERE NOT (${reached})) AS missed, count(*) FILTER (WHERE NOT (${reached}) AND ${eitherWay}) AS other_way
        FROM event_registrations t WHERE t.event_id = ${eventId} AND ${audienceOf(input.audience, t)}`),
    ),
    settingsQuery(db),
    // The same message to the same people within the hour (two staff, two tabs): said before it goes twice.
    batchable(
      db.all<{ id: number; created_at: string; sent_by: string }>(
        sql`SELECT e.id, e.created_at, e.sent_by FROM event_messages e WHERE ${sameMessageRecently(eventId, input, new Date())} ORDER BY e.id DESC LIMIT 1`,
      ),
    ),
  ]);
  const smsRecipients = wantsSms(input.channel) && smsOn.ready ? (counts[0]?.sms ?? 0) : 0;
  const emailRecipients = wantsEmail(input.channel) ? (counts[0]?.email ?? 0) : 0;
  const frame = smsFrameOf(origin);
  const sms = smsCount(eventMessageSms(frame.sender, eventName, input.body, frame.link));
  // What one SMS costs: a setting staff keep up to date on /admin/settings ("Registrations and SMS").
  const price = siteSettings(settingsRows).registrations.sms_price_mwk;
  return {
    smsRecipients,
    emailRecipients,
    smsNotSetUp: wantsSms(input.channel) && !smsOn.ready,
    smsSimulated: wantsSms(input.channel) && smsSimulated() ? SMS_SIMULATED : null,
    emailNotSetUp: wantsEmail(input.channel) && !emailSetup().ready,
    sentAlready: alike[0] ? { id: alike[0].id, at: alike[0].created_at, by: alike[0].sent_by } : null,
    /** People of the audience this way does not reach (no e-mail address; no phone that takes SMS, or SMS stopped). */
    missed: counts[0]?.missed ?? 0,
    /** Of those, the ones SMS and e-mail together would reach. */
    missedReachableBoth: counts[0]?.other_way ?? 0,
    /** Written now, at night and not urgent: when its SMS go (07:00), else null. */
    smsWaitUntil: smsRecipients > 0 && input.urgent !== "on" && smsDueAt(now).getTime() > now.getTime() ? smsDueAt(now).toISOString() : null,
    sms,
    estimatedCostMwk: Math.round(smsRecipients * sms.segments * price),
  };
}

/**
 * Sends: the message (by its send key, made when the preview was shown) and its outbox rows in one
 * batch. The message is written only if the same message did not go to the same people within the
 * hour (checked in the same statement, so two staff pressing Send at once send it once), unless the
 * sender chose to send that one again (`send_again`). Answers the rows to hand to the queue (none
 * when this preview was sent already), or `refused` (nothing written) when the same message went
 * within the hour.
 */
export async function sendEventMessage(
  eventId: number,
  input: EventMessageInput & { send_key: string },
  sentBy: string,
  now: Date,
): Promise<{ messageId: number | null; ids: number[] } | { refused: true }> {
  const db = getDb();
  const smsDue = wantsSms(input.channel) && smsSetup().ready ? smsDueAt(now, input.urgent === "on").toISOString() : null;
  const emailOn = wantsEmail(input.channel) ? 1 : 0;
  const [, rows, message] = await db.batch([
    batchable(
      db.run(sql`INSERT INTO event_messages (send_key, event_id, audience, channel, body, urgent, sent_by, recipients, created_at)
        SELECT ${input.send_key}, ${eventId}, ${input.audience}, ${input.channel}, ${input.body}, ${input.urgent === "on" ? 1 : 0}, ${sentBy}, 0, ${now.toISOString()}
        WHERE NOT EXISTS (SELECT 1 FROM event_messages e WHERE ${sameMessageRecently(eventId, input, now, input.send_again)})
        ON CONFLICT (send_key) DO NOTHING`),
    ),
    insertOutboxSelectQuery(
      db,
      {
        kind: "event-message",
        channel: sql`c.channel`,
        recipient: sql`CASE c.channel WHEN 'sms' THEN t.phone_number ELSE t.email END`,
        about_id: sql`m.id`,
        about: sql`json_object('registration', t.id)`,
        urgent: sql`CASE c.channel WHEN 'sms' THEN m.urgent ELSE 0 END`,
        next_attempt_at: sql`CASE c.channel WHEN 'sms' THEN ${smsDue} ELSE ${now.toISOString()} END`,
      },
      sql`FROM event_messages m JOIN event_registrations t ON t.event_id = m.event_id
        JOIN (SELECT 'email' AS channel UNION ALL SELECT 'sms') c
          ON (c.channel = 'email' AND ${emailOn} AND t.email IS NOT NULL) OR (c.channel = 'sms' AND ${smsDue !== null ? 1 : 0} AND ${smsReceiver(input.audience)})
        WHERE m.send_key = ${input.send_key} AND m.event_id = ${eventId} AND ${audienceOf(input.audience, t)}
          AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.kind = 'event-message' AND o.about_id = m.id)
        ORDER BY t.id, c.channel`,
    ),
    db
      .update(event_messages)
      .set({ recipients: sql`(SELECT count(*) FROM email_outbox o WHERE o.kind = 'event-message' AND o.about_id = ${event_messages.id})` })
      .where(and(eq(event_messages.send_key, input.send_key), eq(event_messages.event_id, eventId)))
      .returning({ id: event_messages.id }),
  ]);
  // No message has this send key: the same one went within the hour, and nothing was written.
  if (!message[0]) return { refused: true };
  return { messageId: message[0].id, ids: rows.map((row) => row.id) };
}
