import { env } from "cloudflare:workers";

/**
 * The public origin for absolute links (canonical, sitemap, feeds, sharing, e-mails): SITE_URL or
 * the request's. Without a request (a cron job) only SITE_URL, which production requires; locally
 * without it the links are paths.
 */
export function siteOrigin(request?: Request): string {
  const configured = env.SITE_URL?.trim().replace(/\/+$/, "");
  return configured || (request ? new URL(request.url).origin : "");
}
