// Helpers for the e-mail tests: e-mail set up (MAIL_FROM, an https SITE_URL) for the test's length,
// a fake sender in place of the Email Service binding that records what it was given and can throw
// like the provider, the outbox as stored, the cron and the queue consumer called as Cloudflare
// calls them.
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, expect, vi } from "vitest";
import worker from "../../workers/app";
import { runSql } from "./helpers";

export const MAIL_FROM = "news@baptistmen.example";
export const SITE_URL = "https://baptistmen.example";

/** For the file: e-mail is set up (vitest.config.ts leaves MAIL_FROM empty), links are https. */
export function withEmailSetUp({ siteUrl = SITE_URL }: { siteUrl?: string } = {}) {
  let saved: Pick<Env, "MAIL_FROM" | "SITE_URL">;
  beforeEach(() => {
    saved = { MAIL_FROM: env.MAIL_FROM, SITE_URL: env.SITE_URL };
    env.MAIL_FROM = MAIL_FROM;
    env.SITE_URL = siteUrl;
  });
  afterEach(() => {
    Object.assign(env, saved);
    vi.restoreAllMocks();
  });
}

/** What the binding was given. */
export type SentPayload = EmailMessageBuilder;

/** An error as the binding throws it: an Error with the provider's `code`. */
export function providerError(code: string, message = "refused by the provider") {
  return Object.assign(new Error(message), { code });
}

/**
 * Puts a fake in place of the EMAIL binding for the test (tests/worker/setup.ts puts the real one
 * back after it): records every call, and lets `fail(payload, call)` throw for a call (return an
 * error to throw it, nothing to accept the message). `accepted` are the payloads it accepted, in
 * order. (A fake binding, not a spy on the real one: the binding's methods are reached through the
 * runtime, and a spy on them outlived its test when test files share a workerd.)
 */
export function fakeSender(fail: (payload: SentPayload, call: number) => Error | undefined = () => undefined) {
  const accepted: SentPayload[] = [];
  let calls = 0;
  const spy = vi.fn(async (message: EmailMessage | EmailMessageBuilder) => {
    const payload = message as SentPayload;
    calls += 1;
    const error = fail(payload, calls);
    if (error) throw error;
    accepted.push(payload);
    return { messageId: `<${calls}@fake.test>` };
  });
  env.EMAIL = { send: spy } as unknown as SendEmail;
  return { spy, accepted, calls: () => calls };
}

/**
 * Makes D1 fail the statement that marks a message sent, whenever `when()` holds: the provider took
 * the message, and the outbox cannot record it. `mockRestore()` on the answer heals D1.
 */
export function failMarkingSent(when: () => boolean = () => true) {
  const prepare = env.DB.prepare.bind(env.DB);
  return vi.spyOn(env.DB, "prepare").mockImplementation((query: string) => {
    if (/^update "email_outbox" set .*"sent_at" = \?/i.test(query) && when()) throw new Error("D1_ERROR: Network connection lost.");
    return prepare(query);
  });
}

export type StoredRow = {
  id: number;
  kind: string;
  channel: string;
  recipient: string;
  about_id: number | null;
  urgent: number;
  about: string | null;
  from_name: string | null;
  /** Null until the message is rendered (when it is sent), for a row written as intent. */
  subject: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  newsletter_id: number | null;
  reply_to: string | null;
  headers: string | null;
  attachments: string | null;
  body_text: string | null;
  body_html: string | null;
  unsubscribe_url: string | null;
  updated_at: string;
};

export async function outboxRows(where = "1"): Promise<StoredRow[]> {
  const { results } = await env.DB.prepare(`SELECT * FROM email_outbox WHERE ${where} ORDER BY id`).all<StoredRow>();
  return results;
}

/** Waits until the work the Worker does after a response has left the outbox as `done` says. */
export async function waitForOutbox(done: (rows: StoredRow[]) => boolean, where = "1") {
  await vi.waitFor(
    async () => {
      const rows = await outboxRows(where);
      if (!done(rows)) throw new Error(`outbox not there yet: ${JSON.stringify(rows.map((r) => [r.id, r.status, r.last_error]))}`);
    },
    { timeout: 5000, interval: 20 },
  );
}

/** Until every row is out of 'queued' and 'sending' (sent or failed). */
export const allSettled = (rows: StoredRow[]) => rows.length > 0 && rows.every((row) => row.status === "sent" || row.status === "failed");

/** Calls the Worker's scheduled() for a cron, as Cloudflare does. */
export async function runCron(cron: string, scheduledTime = Date.now()) {
  const handler: ExportedHandler<Env> = worker;
  const ctx = createExecutionContext();
  await handler.scheduled!(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Delivers queue messages to the Worker's queue() as Cloudflare does, and answers what it acked or retried. */
export async function deliverQueueMessages(bodies: { id: string; body: unknown; attempts?: number }[]) {
  const handler: ExportedHandler<Env, unknown> = worker;
  const batch = createMessageBatch<unknown>(
    "baptist-men-malawi-outbox",
    bodies.map((message) => ({ id: message.id, timestamp: new Date(), attempts: message.attempts ?? 1, body: message.body })),
  );
  const ctx = createExecutionContext();
  await handler.queue!(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/**
 * Replaces the queue producer: what the Worker hands to the queue is kept here (nothing reaches
 * Miniflare's real queue, so the test decides when and how often each message is delivered).
 */
export function captureQueue() {
  const messages: { id: string; body: { ids: number[] } }[] = [];
  const spy = vi.spyOn(env.OUTBOX_QUEUE!, "sendBatch").mockImplementation(async (batch: Iterable<MessageSendRequest<unknown>>) => {
    for (const message of batch) messages.push({ id: `m${messages.length + 1}`, body: message.body as { ids: number[] } });
    return undefined as never;
  });
  return { messages, spy };
}

/** `n` confirmed subscribers reader1@example.mw... with unsubscribe tokens t1..., in one statement. */
export async function confirmedSubscribers(n: number, from = 1) {
  const values = Array.from({ length: n }, (_, i) => {
    const k = from + i;
    return `('reader${k}@example.mw', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'token-of-reader-${String(k).padStart(6, "0")}')`;
  });
  for (let i = 0; i < values.length; i += 400) {
    await runSql([`INSERT INTO newsletter_subscribers (email, created_at, confirmed_at, unsubscribe_token) VALUES ${values.slice(i, i + 400).join(", ")}`]);
  }
}

/** Moves every timestamp of the outbox rows matching `where` back by `minutes` (time passing). */
export async function ageOutbox(minutes: number, where = "1") {
  const shift = `'-${minutes} minutes'`;
  const moved = (column: string) => `${column} = CASE WHEN ${column} IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, ${shift}) END`;
  await runSql([`UPDATE email_outbox SET ${["created_at", "updated_at", "next_attempt_at", "claimed_at", "sent_at"].map(moved).join(", ")} WHERE ${where}`]);
}

/**
 * Things an e-mail must never carry: remote images, fonts or stylesheets, tracking pixels, scripts,
 * frames. Checks the tags themselves (text a visitor typed is escaped, so it has none).
 */
export function expectNoRemoteContent(html: string) {
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  expect(tags.filter((tag) => /^<(img|link|script|style|iframe|object|embed|video|audio|source|picture)\b/i.test(tag))).toEqual([]);
  expect(tags.filter((tag) => /\s(src|srcset|background|poster)=|url\(|@import/i.test(tag))).toEqual([]);
}
