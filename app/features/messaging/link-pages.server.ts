// Shared by the pages e-mail links open (confirming a subscription, unsubscribing). Their token
// makes them private links: lib/private-link.ts's headers.

/** A link's token as the site makes them (32 hex digits; older links up to 64 characters): anything else is unknown without asking D1. */
export function isLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(token);
}
