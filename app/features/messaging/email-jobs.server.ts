// The e-mail parts of the scheduled jobs (workers/scheduled-jobs.ts).
import { recordRegistrationSummary, registrationSummariesDue, writeDueReminders } from "~/features/events/index.server";
import { expireOutbox, outboxSweep } from "~/server/outbox.server";
import { purgeUnconfirmedSubscribers } from "~/features/messaging/subscribers.server";
import { isAddress } from "~/server/email-rules.server";
import { smsSetup } from "~/server/sms.server";
import { emailSite } from "./compose.server";
import { sendThroughQueue } from "./newsletter-queue.server";
import { deliverOutbox, newsletterQueueReady } from "./sender.server";
import { emailSetup } from "~/server/email-rules.server";

/** Newsletter copies one outbox cron run hands to the queue, or sends itself when there is no queue. */
const NEWSLETTER_ROWS_PER_RUN = { withQueue: 2500, withoutQueue: 100 } as const;

/**
 * Every few minutes: sends what is due (retries, messages written while e-mail was not set up),
 * puts rows stuck in 'sending' back (or, handed to the provider, fails them as "may have gone out":
 * decision 028), and hands newsletter copies whose queue message was lost to the queue again
 * (without a queue, sends a portion of them). SMS rows too (decision 022), outside Malawi's night
 * unless urgent. Does nothing, not even a query, while neither e-mail nor SMS is set up.
 */
export async function sendDueEmail(scheduledTime: number): Promise<void> {
  const channels = [...(emailSetup().ready ? (["email"] as const) : []), ...(smsSetup().ready ? (["sms"] as const) : [])];
  if (channels.length === 0) return;
  const withQueue = newsletterQueueReady();
  const newsletterLimit = withQueue ? NEWSLETTER_ROWS_PER_RUN.withQueue : NEWSLETTER_ROWS_PER_RUN.withoutQueue;
  const { newsletterIds, transactionalIds } = await outboxSweep(new Date(scheduledTime), { withQueue, newsletterLimit, channels });
  if (withQueue) await sendThroughQueue(newsletterIds);
  await deliverOutbox(withQueue ? transactionalIds : [...transactionalIds, ...newsletterIds]);
}

/**
 * Every outbox run: the reminders now due (each event's `reminder`: the day before or two hours
 * before), written once per event date and sent at once (SMS wait for 07:00 at night).
 */
export async function sendEventReminders(scheduledTime: number): Promise<void> {
  const ids = await writeDueReminders(new Date(scheduledTime));
  if (ids.length) await deliverOutbox(ids);
}

/** Daily: gives up messages unsent after 7 days and deletes addresses never confirmed. */
export async function dailyEmailCleanUp(scheduledTime: number): Promise<void> {
  const now = new Date(scheduledTime);
  await Promise.all([expireOutbox(now), purgeUnconfirmedSubscribers(now)]);
}

const MINUTE_MS = 60_000;
/** An event's first summary covers the day before it. */
const FIRST_SUMMARY_MS = 24 * 60 * MINUTE_MS;
/**
 * A registration is stamped with its request's time and lands within moments; a summary covers
 * registrations stamped a minute before its run, so none still landing is left out of every summary.
 */
const SUMMARY_SETTLE_MS = MINUTE_MS;

/**
 * Daily: each event set to a daily summary whose website registrations have grown since its last
 * summary gets one e-mail to the events address listing them (rendered by the events feature when
 * it is sent, from the event and its period); nothing when there are none.
 */
export async function sendRegistrationSummaries(scheduledTime: number): Promise<void> {
  const until = new Date(scheduledTime - SUMMARY_SETTLE_MS);
  const firstFrom = new Date(until.getTime() - FIRST_SUMMARY_MS);
  const due = await registrationSummariesDue(firstFrom, until);
  if (due.length === 0) return;
  const staff = (await emailSite()).settings.contact.events_email;
  // A bad address in the settings: no e-mail (logged), but the marker still moves.
  if (!isAddress(staff)) console.error("Registration summaries left out: the events address in the settings is not valid");
  const ids: number[] = [];
  for (const { event, from } of due) {
    ids.push(...(await recordRegistrationSummary(event.id, from, until, isAddress(staff) ? { to: staff, coversFrom: from ?? firstFrom.toISOString() } : null)));
  }
  await deliverOutbox(ids);
}
