// Shared by the pages e-mail links open (confirming a subscription, unsubscribing).

/** The answer's headers: a token in the address makes the page private to whoever holds the link. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** A link's token as the site makes them (32 hex digits; older links up to 64 characters): anything else is unknown without asking D1. */
export function isLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(token);
}
