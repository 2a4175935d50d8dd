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
  loginPerEmailDaily: { name: "login-email-day", limit: 100, windowSeconds: 24 * HOURS },
  loginPerDevice: { name: "login-device", limit: 5, windowSeconds: 15 * MINUTES },
  // The account page's checks of the signed-in admin's own password (app/features/accounts/own-password.server.ts).
  ownPasswordPerAccount: { name: "own-password", limit: 5, windowSeconds: 15 * MINUTES },
  // The public forms.
  registrationPerAddress: { name: "register-ip", limit: 100, windowSeconds: 10 * MINUTES },
  contactPerAddress: { name: "contact-ip", limit: 5, windowSeconds: 10 * MINUTES },
  subscribePerAddress: { name: "subscribe-ip", limit: 10, windowSeconds: 10 * MINUTES },
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
