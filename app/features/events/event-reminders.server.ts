// Writes the reminders that are due (run by the outbox cron every 10 minutes): for each active event
// whose reminder time has come and whose reminder was not yet written for its current date, one
// outbox row per confirmed registrant and channel (the e-mail where given; the SMS when SMS is set
// up, unless they turned SMS off, and once a phone), kind 'event-reminder', in ONE batch with the mark that it was
// written (reminder_sent_for = the date). Two runs at once, or a run repeated, write it once; a
// date moved later arms it again. Rendered when sent (./registration-outbox.server.ts and
// ./registration-sms-outbox.server.ts), to whoever is still confirmed then.
import { and, eq, gt, isNotNull, ne, or, isNull, sql } from "drizzle-orm";
import { churchevents } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { enqueueByEachChannelQuery } from "~/server/outbox.server";
import { lastSendingTimeBefore, smsDueAt, smsSetup } from "~/server/sms.server";
import { REMINDER_LEAD_MS } from "./event-reminders";
import { firstOnItsPhoneSql } from "./registrations.server";

/** One reminder SMS a phone, for its owner's registration when he has one (./registrations.server.ts). */
const firstOnItsPhone = firstOnItsPhoneSql((s) => sql`${s}.status = 'confirmed' AND ${s}.sms_stopped_at IS NULL`);

/** Not yet written for the event's current date. */
const notWrittenSql = sql`(e.reminder_sent_for IS NULL OR e.reminder_sent_for <> e.date)`;

/** How long before 20:00 a reminder moved to the evening is written: the cron runs every 10 minutes, and its SMS must go before the night. */
const EVENING_MARGIN_MS = 30 * 60_000;

/**
 * When an event's reminder is written (ms): its lead before the start; but when SMS go and no
 * sending hour lies between that time and the start (an event before 07:00: a reminder held for
 * 07:00 would come after it began), before 20:00 the evening before.
 */
export function reminderTime(start: Date, leadMs: number, smsReady: boolean): number {
  const planned = start.getTime() - leadMs;
  if (!smsReady || smsDueAt(new Date(planned)).getTime() < start.getTime()) return planned;
  return Math.min(planned, lastSendingTimeBefore(start).getTime() - EVENING_MARGIN_MS);
}

/** Writes every reminder due at `now`; answers the outbox rows to send. */
export async function writeDueReminders(now: Date): Promise<number[]> {
  const db = getDb();
  const at = now.toISOString();
  const candidates = await db
    .select({ id: churchevents.id, date: churchevents.date, reminder: churchevents.reminder })
    .from(churchevents)
    .where(
      and(
        eq(churchevents.active, true),
        isNotNull(churchevents.date),
        gt(churchevents.date, at),
        ne(churchevents.reminder, "none"),
        or(isNull(churchevents.reminder_sent_for), ne(churchevents.reminder_sent_for, sql`${churchevents.date}`)),
      ),
    );
  const smsReady = smsSetup().ready;
  const due = candidates.filter((event) => event.reminder !== "none" && reminderTime(new Date(event.date!), REMINDER_LEAD_MS[event.reminder], smsReady) <= now.getTime());
  const smsDue = smsReady ? smsDueAt(now).toISOString() : null;
  const ids: number[] = [];
  for (const event of due) {
    const [written] = await db.batch([
      enqueueByEachChannelQuery(db, {
        kind: "event-reminder",
        aboutId: sql`t.id`,
        email: sql`t.email`,
        phone: sql`t.phone_number`,
        smsDue,
        from: sql`event_registrations t JOIN churchevents e ON e.id = t.event_id`,
        smsIf: sql`t.sms_stopped_at IS NULL AND ${firstOnItsPhone}`,
        where: sql`t.event_id = ${event.id} AND t.status = 'confirmed' AND ${notWrittenSql}`,
      }),
      db
        .update(churchevents)
        .set({ reminder_sent_for: sql`${churchevents.date}` })
        .where(and(eq(churchevents.id, event.id), sql`(${churchevents.reminder_sent_for} IS NULL OR ${churchevents.reminder_sent_for} <> ${churchevents.date})`)),
    ]);
    ids.push(...written.map((row) => row.id));
  }
  return ids;
}
