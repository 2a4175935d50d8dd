// Response headers and request checks shared by every response the Worker sends.
import type { MiddlewareHandler } from "hono";
import { LOCAL_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from "~/lib/constants";
import { readCookie } from "~/server/cookies.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers always
 * send Origin on cross-site POSTs; requests without Origin or Sec-Fetch-Site come from non-browser
 * clients, which carry no victim's cookies. A page with `Referrer-Policy: no-referrer` (a
 * registration's private page) makes the browser send `Origin: null` even to its own site: then
 * Sec-Fetch-Site decides. (An old browser without Sec-Fetch-Site is let through; the admin's
 * SameSite cookie is not sent on a cross-site post anyway.)
 */
export const sameOriginOnly: MiddlewareHandler = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const ownOrigin = new URL(c.req.url).origin;
    const crossSite =
      origin && origin !== "null" ? origin !== ownOrigin : fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    if (crossSite) {
      return c.text("Cross-site request refused: submit the form from this website.", 403);
    }
  }
  await next();
};

/** A percent-escaped letter, digit or - . _ ~ (RFC 3986's unreserved characters: the same path either way). */
const ESCAPED_UNRESERVED = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/**
 * Sends a path with escaped plain characters (`/%61dmin`) to its plain spelling (308, so a post
 * stays a post). The router and Hono decode such a path to the page it names, while the checks
 * here, the edge cache's and the service worker's read it as typed: every path they test is plain.
 */
export const plainPathsOnly: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const plain = url.pathname.replace(ESCAPED_UNRESERVED, (escaped) => String.fromCharCode(parseInt(escaped.slice(1), 16)));
  if (plain === url.pathname) return next();
  url.pathname = plain;
  return c.redirect(url.toString(), 308);
};

/** A locked-down policy for anything that is not an HTML page (images, CSV, JSON, text). */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Static files never reach the Worker: public/_headers gives them the same headers. */
/** /admin, its pages and `.data` requests, and /api/admin/*, in any letter case (the router matches paths case-insensitively). */
export function isPrivatePath(pathname: string): boolean {
  return /^\/(api\/)?admin([/.]|$)/.test(pathname.toLowerCase());
}

/**
 * The pages that get `Cross-Origin-Opener-Policy: same-origin`: those holding something another
 * window must not reach (a session, a password being typed, a registrant's own data). Public pages
 * do without it: they hold no secret, and the browsing-context swap COOP forces shows on a phone as
 * a long task on every visit (docs/decisions/019-isolate-only-private-pages.md).
 * A new private page is one line here.
 */
const ISOLATED_PATHS: RegExp[] = [
  /^\/(api\/)?admin([/.]|$)/, // the admin area, its `.data` requests and APIs
  /^\/auth([/.]|$)/, // sign-in
  /^\/registrations\/[^/]+/, // a registration's private page (its token is the credential)
  /^\/give\/[^/]+/, // a gift's thank-you page (its token is the credential)
  /^\/groups\/[^/]+/, // a group's private page: its men, the leader's phone, each man's private link
  /^\/r\/[^/]+/, // a private page's short link (an SMS's): its token is the registration's
  /^\/newsletter\/(confirm|unsubscribe)\/[^/]+/, // a subscriber's e-mailed links, which show their address
];

/** Whether a path is isolated from other windows. The router matches paths case-insensitively, so this does too. */
export function isolatedPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return ISOLATED_PATHS.some((pattern) => pattern.test(path));
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // A 304 updates the browser's stored headers: adding a CSP here would replace the page's own.
  if (c.res.status === 304) return;
  const headers = new Headers(c.res.headers);
  headers.set("X-Content-Type-Options", "nosniff");
  // A page may ask for less (a registration's private page sends no referrer at all).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_DOCUMENT_CSP);
  const { pathname } = new URL(c.req.url);
  if (isolatedPath(pathname)) headers.set("Cross-Origin-Opener-Policy", "same-origin");
  // The admin area and its APIs, whatever they answer (a page, a 403, an export): never stored, never indexed.
  if (isPrivatePath(pathname)) {
    headers.set("Cache-Control", "private, no-store");
    headers.set("X-Robots-Tag", "noindex, nofollow");
  }
  // An answer to a signed-in request, or one setting a cookie, is personal: no shared cache and no
  // service worker may keep it (workers/sw.js keeps nothing marked private).
  const signedIn = readCookie(c.req.raw, SESSION_COOKIE_NAME) !== null || readCookie(c.req.raw, LOCAL_SESSION_COOKIE_NAME) !== null;
  if (signedIn || headers.has("Set-Cookie")) {
    const control = headers.get("Cache-Control");
    if (!control) headers.set("Cache-Control", "private, no-cache");
    else if (!/private/.test(control)) headers.set("Cache-Control", `private, ${control.replace(/\bpublic,?\s*/, "")}`);
  }
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  const response = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  // Hono's setter copies the old response's headers onto a new one, over ours: a page's own
  // "Cache-Control: no-store" would undo its "private" (and a signed-in staff member's service
  // worker would keep a registrant's page). Clearing it first keeps these headers as written.
  c.res = undefined;
  c.res = response;
};
