import { env } from "cloudflare:workers";

/** The public origin for absolute links (canonical, sitemap, feeds, sharing): SITE_URL or the request's. */
export function siteOrigin(request: Request): string {
  const configured = env.SITE_URL?.trim().replace(/\/+$/, "");
  return configured || new URL(request.url).origin;
}
