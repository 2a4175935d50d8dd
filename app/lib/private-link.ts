// A private link: a page whose address holds its only credential, a token (a registration's, a
// group's, a gift's). The token is 128 random bits; the page is never stored by the browser, the edge
// cache or a proxy, never indexed, and its address is never sent on as a referrer.

/** A new token: 128 random bits as base64url (22 characters). */
export function newPrivateToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A token's shape: 22 or more characters of base64url. */
export const PRIVATE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The token from an address as it came, or "-" when it is not shaped like one. Such a token still
 * runs the same lookup (it finds nothing), so timing says nothing, and no odd text reaches a query.
 */
export function privateTokenOf(param: string): string {
  return PRIVATE_TOKEN_PATTERN.test(param) ? param : "-";
}

/** The headers of every answer of a private page (its loader's, its actions', its redirects). */
export const PRIVATE_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** A private page's `headers`: its action's answer when it made one, else its loader's. */
export function privatePageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}
