// /blog/rss.xml: the blog as an RSS 2.0 feed (the newest 20 posts visitors see now).
import { blogFeedTitle } from "~/features/site";
import { xmlEscape } from "~/lib/xml";
import { postPath } from "~/lib/paths";
import { blogPage } from "~/features/site/index.server";
import { siteSettings } from "~/features/settings/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/blog-rss";

const FEED_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const page = await blogPage(new Date());
  if (page.posts === null) throw new Error("The blog feed could not be read");
  const { organisation } = siteSettings(page.settings);
  const posts = page.posts.slice(0, FEED_SIZE);
  const items = posts
    .map((post) => {
      const link = `${origin}${postPath(post)}`;
      const published = new Date(`${post.date}T08:00:00+02:00`).toUTCString();
      return [
        "    <item>",
        `      <title>${xmlEscape(post.title)}</title>`,
        `      <link>${xmlEscape(link)}</link>`,
        `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
        `      <pubDate>${published}</pubDate>`,
        `      <dc:creator>${xmlEscape(post.author)}</dc:creator>`,
        post.category ? `      <category>${xmlEscape(post.category)}</category>` : "",
        `      <description>${xmlEscape(post.excerpt)}</description>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xmlEscape(blogFeedTitle(organisation))}</title>
    <link>${xmlEscape(`${origin}/blog`)}</link>
    <atom:link href="${xmlEscape(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${xmlEscape(`Articles, devotionals and ministry updates from ${organisation.name}.`)}</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
