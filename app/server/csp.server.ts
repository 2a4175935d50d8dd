// The Content-Security-Policy of HTML pages.
import { BOT_CHECK_LOADER_HASH, TURNSTILE_ORIGIN } from "~/lib/bot-check";
import { AFTER_LOAD_LINE_HASH } from "~/lib/service-worker";
import { islandsLoaderHash } from "virtual:islands";
import { botCheckOn } from "./abuse.server";

/**
 * The policy for HTML pages: scripts only from this origin or carrying this response's nonce.
 * Fonts, connections, media and the manifest fall back to `default-src 'self'` (the header is part
 * of the home page's first round trip, so it names only what differs from the default).
 * Without a nonce (a cached page with no inline script, served as stored): scripts from this origin only.
 * Either way the public pages' two inline lines are allowed by their hashes: the after-load line
 * (app/lib/service-worker.ts) and the islands loader (app/root.tsx).
 * While the bot check is on (app/server/abuse.server.ts), also its inline loader (by its hash),
 * Turnstile's script and its frame (app/lib/bot-check.ts); while it is off, no frame at all.
 */
export function documentContentSecurityPolicy(nonce: string | null): string {
  const botCheck = botCheckOn();
  const scripts = ["'self'", ...(nonce === null ? [] : [`'nonce-${nonce}'`]), AFTER_LOAD_LINE_HASH, islandsLoaderHash, ...(botCheck ? [BOT_CHECK_LOADER_HASH, TURNSTILE_ORIGIN] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    botCheck ? `frame-src ${TURNSTILE_ORIGIN}` : "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}
