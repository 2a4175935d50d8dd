// /sitemap.xml: every public page, every active record and every post visitors see now, in one D1
// round trip.
import { xmlEscape } from "~/lib/xml";
import { postPath } from "~/lib/paths";
import { sitemapPage } from "~/features/site/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = ["/", "/about", "/mission", "/leadership", "/ministries", "/events", "/blog", "/testimonies", "/associations", "/contact"];

export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const { ministries, events, posts } = await sitemapPage(new Date());
  const entries: { path: string; lastmod?: string }[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...ministries.map((m) => ({ path: `/ministries/${encodeURIComponent(m.slug)}` })),
    ...events.map((e) => ({ path: `/events/${e.id}`, lastmod: e.updated_at })),
    ...posts.map((post) => ({ path: postPath(post), lastmod: post.date })),
  ];
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${xmlEscape(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
