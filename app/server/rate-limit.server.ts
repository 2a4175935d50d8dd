// Fixed-window rate limits kept in D1 (the rate_limits table), so they hold across Worker
// instances and work locally. Each hit is a single atomic statement: no read-then-write race.
// Expired rows are deleted by the daily scheduled job (workers/scheduled-jobs.ts).
import { env } from "cloudflare:workers";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

const MINUTES = 60;
const HOURS = 60 * MINUTES;

export const RATE_LIMITS = {
  // Sign-in, as OWASP's device cookies arrange it (app/features/accounts/sign-in-attempts.server.ts).
  loginPerEmailAndAddress: { name: "login-email-ip", limit: 5, windowSeconds: 15 * MINUTES },
  loginPerAddress: { name: "login-ip", limit: 20, windowSeconds: 15 * MINUTES },
  // Across addresses, per e-mail: growing delays, not a lockout (see consumeWithGrowingDelay).
  loginPerEmailDelay: { name: "login-email-delay", limit: 20, windowSeconds: 24 * HOURS },
  loginPerDevice: { name: "login-device", limit: 5, windowSeconds: 15 * MINUTES },
  // The account page's checks of the signed-in admin's own password (app/features/accounts/own-password.server.ts).
  ownPasswordPerAccount: { name: "own-password", limit: 5, windowSeconds: 15 * MINUTES },
  // The second step of sign-in (authenticator or recovery codes), per account: like passwords.
  twoStepPerAccount: { name: "two-step", limit: 10, windowSeconds: 15 * MINUTES },
  // The public forms.
  registrationPerAddress: { name: "register-ip", limit: 100, windowSeconds: 10 * MINUTES },
  // Per event and address: the limit is the setting `registrations_per_address_per_hour` (default 20).
  registrationPerEventAndAddress: { name: "register-event-ip", limit: 20, windowSeconds: HOURS },
  contactPerAddress: { name: "contact-ip", limit: 5, windowSeconds: 10 * MINUTES },
  subscribePerAddress: { name: "subscribe-ip", limit: 10, windowSeconds: 10 * MINUTES },
  // Each valid gift asks the provider to prompt a phone for its PIN: a script must not make the
  // site prompt strangers' phones over and over.
  givingPerAddress: { name: "give-ip", limit: 10, windowSeconds: 10 * MINUTES },
  // While the bot check is on, the public forms' posts without its token (no JavaScript, or sent
  // before the check finished), across the five forms (app/server/turnstile.server.ts, decision 027).
  withoutBotCheckPerAddress: { name: "no-bot-check-ip", limit: 10, windowSeconds: 10 * MINUTES },
} satisfies Record<string, RateLimitRule>;

function keyOf(rule: RateLimitRule, subject: string) {
  return `${rule.name}:${subject.toLowerCase()}`;
}

/**
 * Counts one hit and says whether the subject is still within the rule's limit (this hit
 * included). Count first, then act: of any number of simultaneous hits, at most `limit` pass.
 */
export async function consumeRateLimit(rule: RateLimitRule, subject: string, now = Date.now()): Promise<boolean> {
  const windowStartFloor = now - rule.windowSeconds * 1000;
  const row = await env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start <= ?3 THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= ?3 THEN ?2 ELSE rate_limits.window_start END
     RETURNING count`,
  )
    .bind(keyOf(rule, subject), now, windowStartFloor)
    .first<{ count: number }>();
  return (row?.count ?? 1) <= rule.limit;
}

/** The longest a growing delay gets: after that, one attempt per 5 minutes however many failed before. */
export const LONGEST_DELAY_SECONDS = 5 * MINUTES;

/**
 * Counts one attempt under a growing delay: the first `limit` pass at once; after that, an
 * attempt passes only when the last one that passed was at least 2, 4, 8 ... seconds ago (at most
 * LONGEST_DELAY_SECONDS). A refused attempt does not move the clock, so no one is ever locked out
 * for longer than that. The count starts afresh after a whole window without attempts. One atomic
 * statement. Returns 0 when admitted, else how many seconds to wait.
 */
export async function consumeWithGrowingDelay(rule: RateLimitRule, subject: string, now = Date.now()): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN 1 ELSE rate_limits.count + 1 END,
       window_start = ?2
     WHERE rate_limits.window_start <= ?2 - ?3
        OR rate_limits.count < ?4
        OR rate_limits.window_start <= ?2 - min(?5, 1000 * (1 << min(rate_limits.count - ?4 + 1, 20)))
     RETURNING count`,
  )
    .bind(keyOf(rule, subject), now, rule.windowSeconds * 1000, rule.limit, LONGEST_DELAY_SECONDS * 1000)
    .first<{ count: number }>();
  if (row) return 0;
  const held = await env.DB.prepare(`SELECT window_start, count FROM rate_limits WHERE key = ?1`).bind(keyOf(rule, subject)).first<{ window_start: number; count: number }>();
  if (!held) return 0;
  const delay = Math.min(LONGEST_DELAY_SECONDS * 1000, 1000 * 2 ** Math.min(held.count - rule.limit + 1, 20));
  return Math.max(1, Math.ceil((held.window_start + delay - now) / 1000));
}

/** Takes back one hit counted by consumeRateLimit (an attempt that turned out not to count). */
export async function refundRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await env.DB.prepare(`UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND count > 0`).bind(keyOf(rule, subject)).run();
}

export async function clearRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await env.DB.prepare(`DELETE FROM rate_limits WHERE key = ?1`).bind(keyOf(rule, subject)).run();
}

const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowSeconds));

/**
 * Deletes every row whose window has passed, each by its own rule's window (a row of a rule that
 * no longer exists, by the longest). One statement; returns how many rows went.
 */
export async function deleteExpiredRateLimits(now = Date.now()): Promise<number> {
  const windows = Object.fromEntries(Object.values(RATE_LIMITS).map((rule) => [rule.name, rule.windowSeconds * 1000]));
  const result = await env.DB.prepare(
    `DELETE FROM rate_limits
     WHERE window_start <= ?2 - COALESCE(
       (SELECT value FROM json_each(?1) WHERE json_each.key = substr(rate_limits.key, 1, instr(rate_limits.key, ':') - 1)),
       ?3)`,
  )
    .bind(JSON.stringify(windows), now, LONGEST_WINDOW_SECONDS * 1000)
    .run();
  return result.meta.changes ?? 0;
}
