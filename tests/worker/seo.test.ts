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
    for (const path of ["/", "/about", "/mission", "/leadership", "/ministries", "/events", "/blog", "/testimonies", "/contact"]) {
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

describe("manifest.webmanifest", () => {
  it("describes the site for a phone's home screen", async () => {
    const response = await request("/manifest.webmanifest");
    const manifest = await response.json<{ name: string; icons: { src: string }[]; theme_color: string }>();
    expect(manifest.name).toBe("Baptist Men's Ministry Malawi");
    expect(manifest.theme_color).toBe("#172f62");
    expect(manifest.icons.map((i) => i.src)).toEqual(["/media/icon-192.png", "/media/icon-512.png"]);
  });
});
