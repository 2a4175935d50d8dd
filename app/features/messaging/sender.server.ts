// Sends outbox rows through Cloudflare Email Service (the `send_email` binding EMAIL, from
// MAIL_FROM). Every sender (after a response, through the slot workers/app.ts installs in
// app/server/outbox.server.ts; the newsletter queue's consumer; the outbox cron; an admin's Retry)
// goes through deliverOutbox: claim the rows (a guarded UPDATE, so no row is sent twice), render
// them (each kind by its feature's renderer, ./outbox-render.server.ts), send them one by one (one
// recipient each): record the attempt, call the provider, record what it answered with what was
// sent. A message whose outcome is unknown is never sent again by itself (decision 028).
// Without the binding or MAIL_FROM, e-mail is "not set up": nothing is claimed and rows wait (they
// expire after OUTBOX_EXPIRY_DAYS). The site itself works the same.
import { env } from "cloudflare:workers";
import { MAX_SEND_ATTEMPTS, ROWS_PER_QUEUE_MESSAGE } from "~/lib/constants";
import { oneLine } from "~/lib/email-layout";
import { bindingPayload, EmailRefused, type EmailSetup, emailSetup, messageOf, type OutboxContent, type OutboxRow, storedColumnsOf } from "~/server/email-rules.server";
import {
  claimOutboxRows,
  markOutboxFailed,
  markOutboxSent,
  noAnswerReason,
  recordSendAttempt,
  releaseOutboxRows,
  type RenderedColumns,
  type SmsContent,
} from "~/server/outbox.server";
import { smsSetup } from "~/server/sms.server";
import { originOf } from "~/server/site-url.server";
import { suppressRecipient } from "~/features/messaging/subscribers.server";
import { renderOutboxRows, renderOutboxSms } from "./outbox-render.server";
import { smsToSend } from "./sms-sender.server";

/** Whether newsletters can be fanned out (the OUTBOX_QUEUE producer binding). */
export function newsletterQueueReady(): boolean {
  return env.OUTBOX_QUEUE !== undefined;
}

/** How a failed send is handled, from the provider's error code (Email Service's documented codes). */
export type SendFailure =
  /** Rate or daily limit: the rows wait and are sent later; the attempt does not count. */
  | { type: "throttled"; delaySeconds: number; reason: string }
  /** The provider refuses the address for good (bounces, complaints): failed, and skipped from now on. */
  | { type: "suppressed"; reason: string }
  /** The message itself is refused: failed, no automatic retry. */
  | { type: "refused"; reason: string }
  /** Any other error the provider answered with (the service is down, the sender domain not verified yet): retried with backoff. */
  | { type: "transient"; reason: string }
  /**
   * No answer (the binding threw without the provider's code: the connection dropped): the message
   * may have gone out, so it fails without an automatic retry and a person decides (decision 028).
   */
  | { type: "unanswered"; reason: string };

const REFUSED_CODES = new Set([
  "E_VALIDATION_ERROR",
  "E_FIELD_MISSING",
  "E_TOO_MANY_RECIPIENTS",
  "E_RECIPIENT_NOT_ALLOWED",
  "E_CONTENT_TOO_LARGE",
  "E_DELIVERY_FAILED",
  "E_HEADER_NOT_ALLOWED",
  "E_HEADER_USE_API_FIELD",
  "E_HEADER_VALUE_INVALID",
  "E_HEADER_VALUE_TOO_LONG",
  "E_HEADER_NAME_INVALID",
  "E_HEADERS_TOO_LARGE",
  "E_HEADERS_TOO_MANY",
]);

/** Waits after the provider's limits: a minute for the sending rate, an hour for the daily quota. */
export const THROTTLE_DELAY_SECONDS = { rate: 60, daily: 60 * 60 } as const;

export function classifySendError(error: unknown): SendFailure {
  const code = typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : null;
  const message = error instanceof Error ? error.message : String(error);
  const reason = oneLine(code ? `${code}: ${message}` : message || "The e-mail service failed without saying why", 500);
  if (error instanceof EmailRefused) return { type: "refused", reason };
  if (code === "E_RATE_LIMIT_EXCEEDED") return { type: "throttled", delaySeconds: THROTTLE_DELAY_SECONDS.rate, reason };
  if (code === "E_DAILY_LIMIT_EXCEEDED") return { type: "throttled", delaySeconds: THROTTLE_DELAY_SECONDS.daily, reason };
  if (code === "E_RECIPIENT_SUPPRESSED") return { type: "suppressed", reason };
  if (code && REFUSED_CODES.has(code)) return { type: "refused", reason };
  return code ? { type: "transient", reason } : { type: "unanswered", reason };
}

/** Minutes before the automatic retry after a transient failure, by attempts so far (1, 2...). */
const RETRY_AFTER_MINUTES = [2, 10, 60, 6 * 60];

/** When a message that failed on its `attempts`th attempt is tried again, or null when it is given up. */
export function retryTime(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_SEND_ATTEMPTS) return null;
  const minutes = RETRY_AFTER_MINUTES[Math.max(0, Math.min(attempts, RETRY_AFTER_MINUTES.length) - 1)]!;
  return new Date(now.getTime() + minutes * 60_000);
}

export type DeliveryResult = {
  sent: number;
  failed: number;
  /** Set when the provider asked to slow down: the unsent rows wait this long. */
  retryAfterSeconds: number | null;
  /** E-mail is not set up: nothing was claimed. */
  notSetUp: boolean;
};

/**
 * How early a row may be claimed: D1 stamps a new row's due time with its own clock, which may run
 * a little ahead of the Worker's; a queue message may arrive a little before its rows are due.
 */
const EARLY_TOLERANCE_MS = { direct: 5_000, queue: 60_000 } as const;

/** Marking a message sent is tried this often: one left unmarked is later shown as "may have gone out". */
const MARK_SENT_TRIES = 3;

/** What the provider answered: the message's id, or how it failed. */
type SendOutcome = { sent: string | null } | { failure: SendFailure };

/** The e-mail to hand to the binding, or why it cannot go (refused before reaching the provider). */
function emailToSend(
  row: OutboxRow,
  content: OutboxContent | EmailRefused | undefined,
  setup: Extract<EmailSetup, { ready: true }>,
): { refused: SendFailure; stored: Partial<RenderedColumns> | null } | { stored: Partial<RenderedColumns>; send: () => Promise<SendOutcome> } {
  if (!content || content instanceof EmailRefused) return { refused: classifySendError(content ?? new EmailRefused("The message could not be rendered")), stored: null };
  // What was rendered is stored with the result (a newsletter copy's body stays its newsletter's).
  const stored = storedColumnsOf(content, row.newsletter_id === null);
  let payload: EmailMessageBuilder;
  try {
    payload = bindingPayload(messageOf(row.recipient, content, setup.from));
  } catch (error) {
    if (!(error instanceof EmailRefused)) throw error;
    return { refused: classifySendError(error), stored };
  }
  return {
    stored,
    send: async () => {
      try {
        return { sent: (await setup.binding.send(payload))?.messageId ?? null };
      } catch (error) {
        return { failure: classifySendError(error) };
      }
    },
  };
}

/**
 * The provider took the message: marks it sent, trying again when D1 fails (a guarded UPDATE, safe to
 * repeat). Should every try fail, the row stays handed over and the outbox cron later fails it as
 * "may have gone out": it is never sent again by itself.
 */
async function recordSent(id: number, providerMessageId: string | null, stored: Partial<RenderedColumns> | null): Promise<void> {
  for (let attempt = 1; attempt <= MARK_SENT_TRIES; attempt++) {
    try {
      await markOutboxSent(id, providerMessageId, new Date(), stored);
      return;
    } catch (error) {
      if (attempt === MARK_SENT_TRIES) console.error(`Message ${id} went out but could not be marked sent; it will show as "may have gone out" and is not sent again:`, error);
    }
  }
}

/**
 * Sends the outbox rows among `ids` that are due and still queued (at most 25 claimed at a time),
 * one message each: e-mail through Email Service, SMS through the SMS provider (./sms-sender.server.ts),
 * each channel only when it is set up (a row of a channel not set up is not claimed and waits).
 * Each message's attempt is recorded just before the provider is called (recordSendAttempt), so a
 * message is handed over at most once by itself, however a sender dies. A refused message or one
 * the provider fails fails only that row; rate and daily limits put the rest back to wait; the
 * result of each send is stored before the next one starts.
 */
export async function deliverOutbox(ids: readonly number[], options: { fromQueue?: boolean; origin?: string } = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, retryAfterSeconds: null, notSetUp: false };
  const setup = emailSetup();
  const sms = smsSetup();
  const channels = [...(setup.ready ? (["email"] as const) : []), ...(sms.ready ? (["sms"] as const) : [])];
  if (channels.length === 0) return { ...result, notSetUp: true };
  const origin = originOf(options.origin);
  for (let start = 0; start < ids.length; start += ROWS_PER_QUEUE_MESSAGE) {
    const now = new Date();
    const dueBy = new Date(now.getTime() + EARLY_TOLERANCE_MS[options.fromQueue ? "queue" : "direct"]);
    const rows = await claimOutboxRows(ids.slice(start, start + ROWS_PER_QUEUE_MESSAGE), now, dueBy, channels);
    if (rows.length === 0) continue;
    const emailRows = rows.filter((row) => row.channel !== "sms");
    const smsRows = rows.filter((row) => row.channel === "sms");
    const rendered = emailRows.length ? await renderOutboxRows(emailRows, origin) : new Map<number, OutboxContent | EmailRefused>();
    const smsRendered = smsRows.length && sms.ready ? await renderOutboxSms(smsRows, origin, sms.senderId) : new Map<number, SmsContent | EmailRefused>();
    for (const [index, row] of rows.entries()) {
      const message =
        row.channel === "sms" ? (sms.ready ? smsToSend(row, smsRendered.get(row.id), sms, origin) : null) : setup.ready ? emailToSend(row, rendered.get(row.id), setup) : null;
      if (!message) continue;
      let outcome: SendOutcome;
      if ("refused" in message) outcome = { failure: message.refused };
      // Recorded before the provider is called; a row no longer this sender's is left to the one that has it.
      else if (await recordSendAttempt(row, new Date())) outcome = await message.send();
      else continue;
      if ("sent" in outcome) {
        result.sent += 1;
        await recordSent(row.id, outcome.sent, message.stored);
        continue;
      }
      const { failure } = outcome;
      const at = new Date();
      console.warn(`Message ${row.id} (${row.channel} ${row.kind}) not sent: ${failure.reason}`);
      if (failure.type === "throttled") {
        await releaseOutboxRows(
          rows.slice(index).map((waiting) => waiting.id),
          row.claimed_at,
          new Date(at.getTime() + failure.delaySeconds * 1000),
          `Waiting: ${failure.reason}`,
          at,
        );
        // The rows not claimed yet wait too (still queued, untouched): the caller retries them all later.
        return { ...result, retryAfterSeconds: failure.delaySeconds };
      }
      result.failed += 1;
      if (failure.type === "suppressed") await suppressRecipient(row, `Suppressed: ${failure.reason}`, at);
      else if (failure.type === "unanswered") await markOutboxFailed(row.id, noAnswerReason(failure.reason), null, at, message.stored);
      else await markOutboxFailed(row.id, failure.reason, failure.type === "transient" ? retryTime(row.attempts, at) : null, at, message.stored);
    }
  }
  return result;
}
