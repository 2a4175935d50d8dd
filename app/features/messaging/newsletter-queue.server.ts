// The newsletter's fan-out through Cloudflare Queues (binding OUTBOX_QUEUE; this Worker is also
// its consumer). Each queue message names at most 25 outbox rows; the consumer sends them with the
// same guarded claim as every sender, so a message delivered twice finds its rows sent and sends
// nothing, and a message that died halfway leaves its unsent rows queued for the next delivery (or,
// stuck in 'sending', for the outbox cron after 15 minutes; the one being handed to the provider
// when it died is not sent again by itself, decision 028).
import { env } from "cloudflare:workers";
import { ROWS_PER_QUEUE_MESSAGE } from "~/lib/constants";
import { deliverOutbox } from "./sender.server";

/** A queue message: the outbox rows to send. */
export type OutboxJob = { ids: number[] };

/** Queues.sendBatch takes at most 100 messages. */
const MESSAGES_PER_BATCH = 100;
/** How long a message whose sending failed unexpectedly (e.g. D1 unavailable) waits before its next delivery. */
const FAILED_MESSAGE_DELAY_SECONDS = 60;

/** Hands rows to the queue, 25 per message. False when there is no queue (the rows stay queued). */
export async function sendThroughQueue(ids: readonly number[]): Promise<boolean> {
  const queue = env.OUTBOX_QUEUE;
  if (!queue) return false;
  const jobs: OutboxJob[] = [];
  for (let start = 0; start < ids.length; start += ROWS_PER_QUEUE_MESSAGE) jobs.push({ ids: ids.slice(start, start + ROWS_PER_QUEUE_MESSAGE) });
  for (let start = 0; start < jobs.length; start += MESSAGES_PER_BATCH) {
    await queue.sendBatch(jobs.slice(start, start + MESSAGES_PER_BATCH).map((body) => ({ body, contentType: "json" as const })));
  }
  return true;
}

/** The rows a message names, or null for a message this release cannot read. */
function idsOf(body: unknown): number[] | null {
  if (typeof body !== "object" || body === null || !("ids" in body) || !Array.isArray(body.ids)) return null;
  const ids = body.ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
  return ids.length === body.ids.length && ids.length <= ROWS_PER_QUEUE_MESSAGE ? ids : null;
}

/** The queue consumer (the Worker's `queue()` handler). */
export async function consumeOutboxQueue(batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const ids = idsOf(message.body);
    if (!ids) {
      console.error(`Outbox queue: message ${message.id} is not a list of at most ${ROWS_PER_QUEUE_MESSAGE} row ids; dropped.`);
      message.ack();
      continue;
    }
    try {
      const result = await deliverOutbox(ids, { fromQueue: true });
      // Rate or daily limit: the same message comes back once the wait is over.
      if (result.retryAfterSeconds !== null) message.retry({ delaySeconds: result.retryAfterSeconds });
      else message.ack();
    } catch (error) {
      console.error(`Outbox queue: message ${message.id} failed; it will be delivered again:`, error);
      message.retry({ delaySeconds: FAILED_MESSAGE_DELAY_SECONDS });
    }
  }
}
