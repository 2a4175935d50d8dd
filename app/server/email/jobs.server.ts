// The e-mail parts of the scheduled jobs (app/server/scheduled-jobs.server.ts).
import { expireOutbox, outboxSweep } from "~/models/outbox.server";
import { purgeUnconfirmedSubscribers } from "~/models/subscriber.server";
import { sendThroughQueue } from "./queue.server";
import { deliverOutbox, emailSetup, newsletterQueueReady } from "./sender.server";

/** Newsletter copies one outbox cron run hands to the queue, or sends itself when there is no queue. */
const NEWSLETTER_ROWS_PER_RUN = { withQueue: 2500, withoutQueue: 100 } as const;

/**
 * Every few minutes: sends what is due (retries, messages written while e-mail was not set up),
 * puts rows stuck in 'sending' back, and hands newsletter copies whose queue message was lost to the
 * queue again (without a queue, sends a portion of them). Does nothing, not even a query, while
 * e-mail is not set up.
 */
export async function sendDueEmail(scheduledTime: number): Promise<void> {
  if (!emailSetup().ready) return;
  const withQueue = newsletterQueueReady();
  const newsletterLimit = withQueue ? NEWSLETTER_ROWS_PER_RUN.withQueue : NEWSLETTER_ROWS_PER_RUN.withoutQueue;
  const { newsletterIds, transactionalIds } = await outboxSweep(new Date(scheduledTime), { withQueue, newsletterLimit });
  if (withQueue) await sendThroughQueue(newsletterIds);
  await deliverOutbox(withQueue ? transactionalIds : [...transactionalIds, ...newsletterIds]);
}

/** Daily: gives up messages unsent after 7 days and deletes addresses never confirmed. */
export async function dailyEmailCleanUp(scheduledTime: number): Promise<void> {
  const now = new Date(scheduledTime);
  await Promise.all([expireOutbox(now), purgeUnconfirmedSubscribers(now)]);
}
