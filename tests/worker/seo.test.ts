import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { request, seedDemo } from "./helpers";

beforeEach(async () => {
  await seedDemo();
});

describe("robots.txt", () => {
  it("keeps /admin and /api out and points to the sitemap", async () => {
    const response = await request("/robots.txt");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const body = await response.text();
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain("Disallow: /api/");
    expect(body).toContain("Sitemap: http://localhost/sitemap.xml");
  });
});

describe("sitemap.xml", () => {
  it("lists every public page and every active record, and nothing inactive", async () => {
    const response = await request("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const body = await response.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ["/", "/about", "/mission", "/leadership", "/ministries", "/events", "/blog", "/testimonies", "/associations", "/contact"]) {
      expect(locs).toContain(`http://localhost${path}`);
    }
    expect(locs).toContain("http://localhost/ministries/youth-mentorship");
    expect(locs).not.toContain("http://localhost/ministries/family-enrichment");
    expect(locs).toContain("http://localhost/events/1");
    expect(locs).not.toContain("http://localhost/events/6");
    expect(locs).toContain("http://localhost/blog/rising-early-mark-1-35");
    expect(locs.filter((l) => l?.includes("/blog/")).length).toBe(5);
  });
});

describe("blog/rss.xml", () => {
  it("is an RSS feed of the posts, newest first, with escaped text", async () => {
    const response = await request("/blog/rss.xml");
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const body = await response.text();
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const titles = [...body.matchAll(/<item>\s*<title>([^<]+)<\/title>/g)].map((m) => m[1]);
    expect(titles[0]).toBe("Rising Early: A Devotional on Mark 1:35");
    expect(titles).toHaveLength(5);
    expect(body).toContain("<link>http://localhost/blog/fathers-who-disciple</link>");
    expect(body).toContain("Men&apos;s");
  });
});

describe("SITE_URL", () => {
  it("is the origin of every absolute link (canonical, Open Graph, JSON-LD, sharing, RSS, sitemap, robots, calendar files), whatever address the request came in on", async () => {
    const site = "https://baptistmen.example";
    (env as { SITE_URL?: string }).SITE_URL = `${site}/`;
    try {
      const pages = {
        "/": [`<link rel="canonical" href="${site}/"`, `property="og:url" content="${site}/"`, `property="og:image" content="${site}/media/`, `"url":"${site}/"`],
        "/events/1": [`href="${site}/events/1"`, `https://wa.me/?text=`, encodeURIComponent(`${site}/events/1`)],
        "/blog/rss.xml": [`<link>${site}/blog/fathers-who-disciple</link>`, `<atom:link href="${site}/blog/rss.xml"`],
        "/sitemap.xml": [`<loc>${site}/</loc>`, `<loc>${site}/events/1</loc>`],
        "/robots.txt": [`Sitemap: ${site}/sitemap.xml`],
        "/events/1/calendar.ics": [`URL:${site}/events/1`, "@baptistmen.example"],
      };
      for (const [path, expected] of Object.entries(pages)) {
        const body = (await (await request(path)).text()).replace(/\r\n /g, "");
        for (const text of expected) expect(body, `${path}: ${text}`).toContain(text);
        expect(body, path).not.toContain("http://localhost");
      }
    } finally {
      (env as { SITE_URL?: string }).SITE_URL = "";
    }
  });
});

describe("XML output", () => {
  // XML 1.0 allows tab, line feed, carriage return and U+0020 up to U+FFFD (without surrogates), and beyond.
  const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

  it("drops the characters XML forbids from the RSS feed and the sitemap, keeping the rest of the text", async () => {
    const post = await env.DB.prepare("SELECT id FROM churchblogs WHERE slug = 'fathers-who-disciple'").first<{ id: number }>();
    await env.DB.prepare("UPDATE churchblogs SET title = ?1, excerpt = ?2, slug = ?3 WHERE id = ?4")
      .bind("Pasted\u0001 from\u000B a\u001B \uFFFE word processor \u{1F64F}", "Tab\tand\u0008 backspace\uFFFF", "pasted\u000Cslug", post!.id)
      .run();
    for (const path of ["/blog/rss.xml", "/sitemap.xml"]) {
      const body = await (await request(path)).text();
      expect(FORBIDDEN.exec(body), path).toBeNull();
    }
    const feed = await (await request("/blog/rss.xml")).text();
    expect(feed).toContain("<title>Pasted from a  word processor \u{1F64F}</title>");
    expect(feed).toContain("<description>Tab\tand backspace</description>");
  });
});

describe("manifest.webmanifest", () => {
  it("describes the site for a phone's home screen", async () => {
    const response = await request("/manifest.webmanifest");
    const manifest = await response.json<{ name: string; icons: { src: string }[]; theme_color: string }>();
    expect(manifest.name).toBe("Baptist Men's Ministry Malawi");
    expect(manifest.theme_color).toBe("#172f62");
    expect(manifest.icons.map((i) => i.src)).toEqual(["/media/icon-192.png", "/media/icon-512.png"]);
  });
});
