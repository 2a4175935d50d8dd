import { env } from "cloudflare:workers";

/**
 * The public origin for absolute links (canonical, sitemap, feeds, sharing, e-mails, SMS): SITE_URL
 * or the request's. Without a request (a cron job sending the outbox) SITE_URL, which a deploy must
 * set (scripts/production-config.ts); without it (on this computer) the origin of the last request
 * this Worker served, so a message the cron sends locally links to the local site too.
 */
export function siteOrigin(request?: Request): string {
  return originOf(request && new URL(request.url).origin);
}

/** SITE_URL, else `requestOrigin` (a request's, handed on to what sends after it), else the last request's. */
export function originOf(requestOrigin: string | undefined): string {
  return configuredOrigin() || requestOrigin || lastRequestOrigin;
}

function configuredOrigin(): string {
  return env.SITE_URL?.trim().replace(/\/+$/, "") ?? "";
}

let lastRequestOrigin = "";

/** Called for every request the Worker serves: remembers its origin while SITE_URL is not set. */
export function rememberRequestOrigin(request: Request): void {
  if (!configuredOrigin()) lastRequestOrigin = new URL(request.url).origin;
}
