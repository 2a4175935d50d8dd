// Sends outbox rows through Cloudflare Email Service (the `send_email` binding EMAIL, from
// MAIL_FROM). Every sender (after a response, through the slot workers/app.ts installs in
// app/server/outbox.server.ts; the newsletter queue's consumer; the outbox cron; an admin's Retry)
// goes through deliverOutbox: claim the rows (a guarded UPDATE, so no row is sent twice), render
// them (each kind by its feature's renderer, ./outbox-render.server.ts), send them one by one (one
// recipient each), and record each result with what was sent as soon as it is known.
// Without the binding or MAIL_FROM, e-mail is "not set up": nothing is claimed and rows wait (they
// expire after OUTBOX_EXPIRY_DAYS). The site itself works the same.
import { env } from "cloudflare:workers";
import { MAX_SEND_ATTEMPTS, ROWS_PER_QUEUE_MESSAGE } from "~/lib/constants";
import { oneLine } from "~/lib/email-layout";
import { bindingPayload, EmailRefused, messageOf, type OutboxContent, storedColumnsOf } from "~/server/email-rules.server";
import { claimOutboxRows, markOutboxFailed, markOutboxSent, releaseOutboxRows, type RenderedColumns, type SmsContent } from "~/server/outbox.server";
import { smsSetup } from "~/server/sms.server";
import { siteOrigin } from "~/server/site-url.server";
import { suppressRecipient } from "~/features/messaging/subscribers.server";
import { renderOutboxRows, renderOutboxSms } from "./outbox-render.server";
import { sendSmsRow } from "./sms-sender.server";

export type EmailSetup = { ready: true; binding: SendEmail; from: string } | { ready: false; missing: string[] };

/** Whether this deploy can send e-mail, and if not, what it lacks (shown to admins). */
export function emailSetup(): EmailSetup {
  const binding = env.EMAIL;
  const from = env.MAIL_FROM?.trim() ?? "";
  const missing = [...(binding ? [] : ["the EMAIL binding (send_email in wrangler.jsonc)"]), ...(from ? [] : ["the MAIL_FROM address"])];
  return binding && from ? { ready: true, binding, from } : { ready: false, missing };
}

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
  /** Anything else (the service is down, the sender domain not verified yet, the binding threw): retried with backoff. */
  | { type: "transient"; reason: string };

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
  return { type: "transient", reason };
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

/**
 * Sends the outbox rows among `ids` that are due and still queued (at most 25 claimed at a time),
 * one message each: e-mail through Email Service, SMS through the SMS provider (./sms-sender.server.ts),
 * each channel only when it is set up (a row of a channel not set up is not claimed and waits).
 * A refused message or a throwing provider fails only that row; rate and daily limits put the rest
 * back to wait; the result of each send is stored before the next one starts.
 */
export async function deliverOutbox(ids: readonly number[], options: { fromQueue?: boolean; origin?: string } = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, retryAfterSeconds: null, notSetUp: false };
  const setup = emailSetup();
  const sms = smsSetup();
  const channels = [...(setup.ready ? (["email"] as const) : []), ...(sms.ready ? (["sms"] as const) : [])];
  if (channels.length === 0) return { ...result, notSetUp: true };
  const origin = siteOrigin() || options.origin || "";
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
      let failure: SendFailure;
      let stored: Partial<RenderedColumns> | null;
      if (row.channel === "sms" && sms.ready) {
        const attempt = await sendSmsRow(row, smsRendered.get(row.id), sms, origin);
        if (attempt.failure === null) {
          result.sent += 1;
          continue;
        }
        ({ failure, stored } = attempt);
      } else if (setup.ready) {
        const content = rendered.get(row.id) ?? new EmailRefused("The message could not be rendered");
        // What was rendered is stored with the result (a newsletter copy's body stays its newsletter's).
        stored = content instanceof EmailRefused ? null : storedColumnsOf(content, row.newsletter_id === null);
        try {
          if (content instanceof EmailRefused) throw content;
          const sent = await setup.binding.send(bindingPayload(messageOf(row.recipient, content, setup.from)));
          await markOutboxSent(row.id, sent?.messageId ?? null, new Date(), stored);
          result.sent += 1;
          continue;
        } catch (error) {
          failure = classifySendError(error);
        }
      } else continue;
      const at = new Date();
      console.warn(`Message ${row.id} (${row.channel} ${row.kind}) not sent: ${failure.reason}`);
      if (failure.type === "throttled") {
        await releaseOutboxRows(
          rows.slice(index).map((waiting) => waiting.id),
          new Date(at.getTime() + failure.delaySeconds * 1000),
          `Waiting: ${failure.reason}`,
          at,
        );
        // The rows not claimed yet wait too (still queued, untouched): the caller retries them all later.
        return { ...result, retryAfterSeconds: failure.delaySeconds };
      }
      result.failed += 1;
      if (failure.type === "suppressed") await suppressRecipient(row, `Suppressed: ${failure.reason}`, at);
      else await markOutboxFailed(row.id, failure.reason, failure.type === "transient" ? retryTime(row.attempts, at) : null, at, stored);
    }
  }
  return result;
}
