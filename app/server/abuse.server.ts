// Holding back abuse of the site's forms, in one place: who the client is (its address as limits
// count it, and the address group a registration stores instead), how often it may do a thing
// (rate limits kept in D1), and, while it is on, the bot check of the public write forms. It knows
// no feature: a form's action asks it (through ./forms.server.ts's readPublicForm for the public
// forms; sign-in and the account pages directly).
import { env } from "cloudflare:workers";
import { TURNSTILE_FIELD } from "~/lib/bot-check";
import { usableSessionSecret } from "./secret.server";

// ----- The client's address ----------------------------------------------------------------------
// The visitor's address as rate limits count it, and the address group a registration stores
// instead of the address (decision 026).

/**
 * The visitor's address as Cloudflare reports it, as rate limits count it: an IPv4 address as it
 * is, an IPv6 address as its /64 network (one home or phone usually gets a whole /64, so counting
 * single IPv6 addresses would let one client take as many turns as it likes). Locally there is no
 * such header, so every local request shares one bucket, which is what a single developer needs.
 */
export function clientAddress(request: Request): string {
  const address = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase() || "local";
  return address.includes(":") ? ipv6Network(address) : address;
}

/** The eight groups of an IPv6 address (leading zeros dropped), or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const [head = "", tail, ...rest] = address.split("::");
  if (rest.length) return null;
  const groups = (part: string) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => group.replace(/^0+(?=.)/, ""));
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/** `2001:db8:1:2::5` → `2001:db8:1:2::/64`; an IPv4-mapped address (`::ffff:192.0.2.1`) → the IPv4 one. */
export function ipv6Network(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/**
 * The network a client address belongs to, as a burst is told apart by it: an IPv4 address's /24
 * (`192.0.2.0/24`), an IPv6 address's /48 (`2001:db8:1::/48`), anything else as it is ('local').
 */
export function addressNetwork(address: string): string {
  const ipv4 = IPV4_MAPPED.exec(address)?.[1] ?? address;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ipv4);
  if (octets) return `${octets[1]}.${octets[2]}.${octets[3]}.0/24`;
  const groups = address.includes(":") ? ipv6Groups(address) : null;
  return groups ? `${groups.slice(0, 3).join(":")}::/48` : address;
}

let groupKey: { secret: string; key: Promise<CryptoKey> } | null = null;

/**
 * The request's address group (decision 026): the first 8 hex characters of an HMAC-SHA-256, keyed
 * with SESSION_SECRET, of its network (addressNetwork). Registrations from one network share it,
 * so staff can cancel a burst from one place, but the site never stores the address, and without
 * the secret a group cannot be turned back into a network. Null when the secret is not usable.
 */
export async function addressGroup(request: Request): Promise<string | null> {
  const secret = usableSessionSecret();
  if (!secret) return null;
  if (groupKey?.secret !== secret) {
    const key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    groupKey = { secret, key };
  }
  const address = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase() || "local";
  const mac = await crypto.subtle.sign("HMAC", await groupKey.key, new TextEncoder().encode(`address-group:${addressNetwork(address)}`));
  return [...new Uint8Array(mac).slice(0, 4)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// ----- Rate limits -------------------------------------------------------------------------------
// Fixed-window rate limits kept in D1 (the rate_limits table), so they hold across Worker
// instances and work locally. Each hit is a single atomic statement: no read-then-write race.
// Expired rows are deleted by the daily scheduled job (workers/scheduled-jobs.ts).

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
  // "Get my link again" (/events/{id}/my-link): each may send an SMS; the registration's own limits
  // come on top (app/features/events/registrations.server.ts, receiptAgain).
  linkAgainPerAddress: { name: "link-again-ip", limit: 5, windowSeconds: 10 * MINUTES },
  // Each valid gift (/give) and each fee payment (a registration's private page) asks the provider
  // to prompt a phone for its PIN: a script must not make the site prompt strangers' phones over
  // and over, by either form (one count for both). Per address loosely: many men share one (a
  // carrier's, a church hall's Wi-Fi) and pay near a deadline, and a man who cannot pay in time
  // loses his place. Per phone tightly, counted from the charges written (the payments feature's
  // wallet.server.ts, phoneMayBePromptedSql): that is the harm.
  mobileMoneyPromptsPerAddress: { name: "mobile-money-ip", limit: 30, windowSeconds: 10 * MINUTES },
  // While the bot check is on, the public forms' posts without its token (no JavaScript, or sent
  // before the check finished), across the public forms (the bot check, below; decision 027).
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

// ----- The bot check -----------------------------------------------------------------------------
// The bot check of the public write forms (event registration, group registration, contact,
// newsletter subscribe, giving): Cloudflare Turnstile, checked here with its siteverify API
// (docs/decisions/027-turnstile.md). It knows no feature: a form's action calls checkBot once its
// post is valid and within its own limits, and refuses with the answer's message when it says no.
//
// Settings (wrangler.jsonc and `wrangler secret put`, docs/deploy.md "Bot check"):
// - TURNSTILE_SITE_KEY (a plain variable: it is in every page) and TURNSTILE_SECRET_KEY (a secret):
//   the check is on only when both are set; otherwise every form works exactly as without it;
// - TURNSTILE_SITEVERIFY_URL: local runs only (a browser test's stand-in for Cloudflare); the
//   deploy check refuses it.
//
// What a post comes to while the check is on:
// - a token siteverify accepts: passes;
// - a token it refuses (made up, expired, used before): refused, "please try again" (the form keeps
//   what was typed and the widget gets a fresh token);
// - no token (no JavaScript, or sent before the widget finished): passes within a tighter allowance
//   per address, RATE_LIMITS.withoutBotCheckPerAddress, on top of the form's own limits;
// - siteverify unreachable, slow or confused: refused (fails closed), "try again in a minute".

/** Cloudflare's verification endpoint (the only network call of the check: tests stub `fetch` for it). */
export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Turnstile's tokens are at most this long; a longer one is refused without asking. */
const MAX_TOKEN_LENGTH = 2048;

/** How long a visitor waits for siteverify before the form says "try again". */
const SITEVERIFY_TIMEOUT_MS = 5000;

export const BOT_CHECK_MESSAGES = {
  failed: "We could not confirm you are not a robot. Please try again.",
  unavailable: "We could not check this form just now. Please try again in a minute.",
  tooManyWithout: "Too many forms have been sent from your internet connection. Please wait 10 minutes and try again.",
} as const;

export type BotCheck = { ok: true } | { ok: false; status: number; message: string };

type Keys = { siteKey: string; secret: string };

function keys(): Keys | null {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim() ?? "";
  const secret = env.TURNSTILE_SECRET_KEY?.trim() ?? "";
  return siteKey && secret ? { siteKey, secret } : null;
}

/** The site key pages give the widget, or null while the check is off. */
export function botCheckSiteKey(): string | null {
  return keys()?.siteKey ?? null;
}

/** Whether the check is on (both keys set), for the CSP and for staff. */
export function botCheckOn(): boolean {
  return keys() !== null;
}

type Verdict = "passed" | "failed" | "unavailable";

/** Error codes that mean our own set-up is wrong, not the visitor's token. */
const OUR_FAULT = new Set(["missing-input-secret", "invalid-input-secret", "bad-request", "internal-error"]);

/** Asks siteverify about one token (form-encoded, as Cloudflare documents). */
async function siteverify(secret: string, token: string, request: Request): Promise<Verdict> {
  const body = new URLSearchParams({ secret, response: token });
  const visitor = request.headers.get("CF-Connecting-IP")?.trim();
  if (visitor) body.set("remoteip", visitor);
  let answer: { success?: unknown; "error-codes"?: unknown };
  try {
    const response = await fetch(env.TURNSTILE_SITEVERIFY_URL?.trim() || SITEVERIFY_URL, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = await response.json();
  } catch (error) {
    console.error("Bot check: siteverify could not be asked:", error instanceof Error ? error.message : String(error));
    return "unavailable";
  }
  if (answer.success === true) return "passed";
  const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
  if (answer.success !== false || codes.some((code) => OUR_FAULT.has(code))) {
    console.error(`Bot check: siteverify refused our request (${codes.join(", ") || "no success field"}): check TURNSTILE_SECRET_KEY`);
    return "unavailable";
  }
  return "failed";
}

/**
 * The bot check of one valid post (see the top of this file). Counts a post without a token
 * against its allowance, so call it after the form's own checks and limits.
 */
export async function checkBot(request: Request, form: FormData): Promise<BotCheck> {
  const set = keys();
  if (!set) return { ok: true };
  const posted = form.get(TURNSTILE_FIELD);
  const token = typeof posted === "string" ? posted.trim() : "";
  if (!token) {
    if (await consumeRateLimit(RATE_LIMITS.withoutBotCheckPerAddress, clientAddress(request))) return { ok: true };
    return { ok: false, status: 429, message: BOT_CHECK_MESSAGES.tooManyWithout };
  }
  const verdict = token.length > MAX_TOKEN_LENGTH ? "failed" : await siteverify(set.secret, token, request);
  if (verdict === "passed") return { ok: true };
  if (verdict === "failed") return { ok: false, status: 403, message: BOT_CHECK_MESSAGES.failed };
  return { ok: false, status: 503, message: BOT_CHECK_MESSAGES.unavailable };
}
