// Response headers and request checks shared by every response the Worker sends.
import type { MiddlewareHandler } from "hono";

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

/** A locked-down policy for anything that is not an HTML page (images, CSV, JSON, text). */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Static files never reach the Worker: public/_headers gives them the same headers. */
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
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_DOCUMENT_CSP);
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
};
