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
import { env } from "cloudflare:workers";
import { TURNSTILE_FIELD } from "~/lib/bot-check";
import { clientAddress } from "./client-address.server";
import { consumeRateLimit, RATE_LIMITS } from "./rate-limit.server";

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
