// Fixed-window rate limits kept in D1 (the rate_limits table), so they hold across Worker
// instances and work locally. Each check is a single atomic statement: no read-then-write race.
import { env } from "cloudflare:workers";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export const RATE_LIMITS = {
  loginPerEmail: { name: "login-email", limit: 5, windowSeconds: 15 * 60 },
  loginPerAddress: { name: "login-ip", limit: 20, windowSeconds: 15 * 60 },
  registrationPerAddress: { name: "register-ip", limit: 20, windowSeconds: 10 * 60 },
  contactPerAddress: { name: "contact-ip", limit: 5, windowSeconds: 10 * 60 },
  subscribePerAddress: { name: "subscribe-ip", limit: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

function keyOf(rule: RateLimitRule, subject: string) {
  return `${rule.name}:${subject.toLowerCase()}`;
}

/** Counts one hit and says whether the subject is still within the rule's limit (this hit included). */
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

/** Whether the subject has already used up the rule's limit, without counting a hit. */
export async function isRateLimited(rule: RateLimitRule, subject: string, now = Date.now()): Promise<boolean> {
  const row = await env.DB.prepare(`SELECT count FROM rate_limits WHERE key = ?1 AND window_start > ?2`)
    .bind(keyOf(rule, subject), now - rule.windowSeconds * 1000)
    .first<{ count: number }>();
  return (row?.count ?? 0) >= rule.limit;
}

export async function clearRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await env.DB.prepare(`DELETE FROM rate_limits WHERE key = ?1`).bind(keyOf(rule, subject)).run();
}
