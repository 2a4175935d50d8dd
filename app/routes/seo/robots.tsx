// /robots.txt: everything public may be crawled; the admin area and the APIs may not.
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /auth", "Disallow: /registrations/", "", `Sitemap: ${siteOrigin(request)}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
