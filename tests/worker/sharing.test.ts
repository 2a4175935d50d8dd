// What a crawler, WhatsApp or Facebook reads from a public page (issue: sharing and search): its own
// title and description, an absolute canonical URL, Open Graph and Twitter card tags with a picture,
// schema.org JSON-LD, the blog's feed, and the 'Share on WhatsApp' and 'Add to calendar' links.
import { beforeEach, describe, expect, it } from "vitest";
import { request, runSql, seedDemo } from "./helpers";

/** Demo event dates are relative to the moment of seeding: this one puts event 1 on 4 December 2026. */
const SEEDED_AT = new Date("2026-11-22T09:00:00Z");
const ORIGIN = "http://localhost";
const DEFAULT_IMAGE = `${ORIGIN}/media/og-default.jpg`;

beforeEach(async () => {
  await seedDemo(SEEDED_AT);
});

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decode = (text: string) => text.replace(/&(#x27|#39|amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name]!);

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, decode(value!)]));
}

/** The <head> as a crawler reads it: title, meta tags by name/property, links, JSON-LD blocks. */
async function head(path: string) {
  const response = await request(path);
  const html = await response.text();
  const headHtml = html.slice(0, html.indexOf("</head>"));
  const metas = [...headHtml.matchAll(/<meta [^>]*>/g)].map((m) => attributes(m[0]));
  const links = [...headHtml.matchAll(/<link [^>]*>/g)].map((m) => attributes(m[0]));
  const jsonLdSources = [...headHtml.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const meta = (key: string) => {
    const found = metas.filter((m) => m.name === key || m.property === key);
    expect(found.length, `${path}: one ${key}`).toBeLessThanOrEqual(1);
    return found[0]?.content;
  };
  return {
    response,
    html,
    titles: [...headHtml.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    meta,
    links,
    canonical: links.filter((l) => l.rel === "canonical").map((l) => l.href),
    jsonLdSources,
    jsonLd: jsonLdSources.map((source) => JSON.parse(source) as Record<string, unknown>),
  };
}

function linksIn(html: string): Record<string, string | undefined>[] {
  return [...html.matchAll(/<a [^>]*>[\s\S]*?<\/a>/g)].map((m) => ({
    ...attributes(m[0].slice(0, m[0].indexOf(">") + 1)),
    text: decode(m[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim()),
  }));
}

const whatsapp = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** Every public page with what its preview should show. */
const PUBLIC_PAGES = [
  { path: "/", canonical: "/", image: DEFAULT_IMAGE },
  { path: "/about", canonical: "/about", image: DEFAULT_IMAGE },
  { path: "/mission", canonical: "/mission", image: DEFAULT_IMAGE },
  { path: "/leadership", canonical: "/leadership", image: DEFAULT_IMAGE },
  { path: "/ministries", canonical: "/ministries", image: DEFAULT_IMAGE },
  { path: "/ministries/youth-mentorship", canonical: "/ministries/youth-mentorship", image: `${ORIGIN}/media/ministries/youth-mentorship-share.jpg` },
  { path: "/blog", canonical: "/blog", image: DEFAULT_IMAGE },
  { path: "/blog/rising-early-mark-1-35", canonical: "/blog/rising-early-mark-1-35", image: `${ORIGIN}/media/blog/sunrise-devotional-share.jpg`, type: "article" },
  { path: "/testimonies", canonical: "/testimonies", image: DEFAULT_IMAGE },
  { path: "/events", canonical: "/events", image: DEFAULT_IMAGE },
  { path: "/events/1", canonical: "/events/1", image: `${ORIGIN}/media/events/prayer-breakfast-share.jpg` },
  { path: "/events/5", canonical: "/events/5", image: DEFAULT_IMAGE },
  { path: "/contact", canonical: "/contact", image: DEFAULT_IMAGE },
];

describe("every public page gives link previews and search engines what they need", () => {
  it("has its own title and description, an absolute canonical URL and complete Open Graph and Twitter tags", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      const { response, titles: pageTitles, meta, canonical } = await head(page.path);
      expect(response.status, page.path).toBe(200);
      expect(pageTitles, page.path).toHaveLength(1);
      const description = meta("description");
      expect(description, page.path).toMatch(/\S.{20,}/);
      expect(description!.length, page.path).toBeLessThanOrEqual(200);
      titles.add(pageTitles[0]!);
      descriptions.add(description!);

      const url = `${ORIGIN}${page.canonical}`;
      expect(canonical, page.path).toEqual([url]);
      expect(meta("og:url"), page.path).toBe(url);
      expect(meta("og:type"), page.path).toBe(page.type ?? "website");
      expect(meta("og:site_name"), page.path).toBe("Baptist Men's Ministry Malawi");
      expect(meta("og:locale"), page.path).toBe("en_GB");
      expect(meta("og:title"), page.path).toBeTruthy();
      expect(meta("og:description"), page.path).toBe(description);
      expect(meta("og:image"), page.path).toBe(page.image);
      expect(meta("og:image:alt"), page.path).toBeTruthy();
      expect(meta("twitter:card"), page.path).toBe("summary_large_image");
      expect(meta("twitter:title"), page.path).toBe(meta("og:title"));
      expect(meta("twitter:description"), page.path).toBe(description);
      expect(meta("twitter:image"), page.path).toBe(page.image);
      expect(meta("robots"), page.path).toBeUndefined();
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });

  it("names the record in its preview: the event's, ministry's and post's own title and picture description", async () => {
    const event = await head("/events/1");
    expect(event.titles).toEqual(["Central Region Men's Prayer Breakfast | Baptist Men Malawi"]);
    expect(event.meta("og:title")).toBe("Central Region Men's Prayer Breakfast");
    expect(event.meta("og:image:alt")).toBe("Central Region Men's Prayer Breakfast: illustration");
    // When and where first, as a WhatsApp group needs it, then what.
    expect(event.meta("description")).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at 6:30 AM · Lilongwe Baptist Church, Area 47, Lilongwe\. Start the day in prayer with men/);

    const post = await head("/blog/rising-early-mark-1-35");
    expect(post.meta("og:title")).toBe("Rising Early: A Devotional on Mark 1:35");
    expect(post.meta("description")).toMatch(/^Before the crowds/);
    expect(post.meta("article:author")).toBe("Rev. Chikondi Banda");
    expect(post.meta("article:published_time")).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const ministry = await head("/ministries/youth-mentorship");
    expect(ministry.meta("og:title")).toBe("Youth Mentorship");
    expect(ministry.meta("og:image:alt")).toBe("Youth Mentorship: illustration");
  });

  it("gives the default picture's size, which link previews use to lay out the card", async () => {
    const { meta } = await head("/about");
    expect([meta("og:image:width"), meta("og:image:height")]).toEqual(["1200", "630"]);
  });

  it("drops query strings from the canonical URL: /events?register=1 is /events, /contact?subject= is /contact", async () => {
    const register = await head("/events?register=1");
    expect(register.canonical).toEqual([`${ORIGIN}/events`]);
    // The shared link keeps its own preview: it names the event it opens.
    expect(register.meta("og:url")).toBe(`${ORIGIN}/events?register=1`);
    expect(register.meta("og:title")).toBe("Register for Central Region Men's Prayer Breakfast");
    expect(register.meta("og:image")).toBe(`${ORIGIN}/media/events/prayer-breakfast-share.jpg`);

    const closed = await head("/events?register=3");
    expect(closed.canonical).toEqual([`${ORIGIN}/events`]);
    expect(closed.meta("og:url")).toBe(`${ORIGIN}/events`);

    expect((await head("/contact?subject=Finding%20a%20chapter")).canonical).toEqual([`${ORIGIN}/contact`]);
    expect((await head("/ministries?slug=discipleship")).canonical).toEqual([`${ORIGIN}/ministries`]);
  });

  it("names a post by its slug when it is opened by id", async () => {
    const { canonical, meta } = await head("/blog/1");
    expect(canonical).toEqual([`${ORIGIN}/blog/rising-early-mark-1-35`]);
    expect(meta("og:url")).toBe(`${ORIGIN}/blog/rising-early-mark-1-35`);
  });

  it("asks search engines not to list 404 pages or the sign-in page", async () => {
    for (const path of ["/no-such-page", "/events/999", "/events/6", "/blog/no-such-post", "/auth"]) {
      const { response, meta, canonical, titles } = await head(path);
      expect(meta("robots"), path).toBe("noindex");
      expect(canonical, path).toEqual([]);
      expect(titles, path).toHaveLength(1);
      if (path !== "/auth") expect(response.status, path).toBe(404);
    }
  });
});

describe("JSON-LD", () => {
  it("describes the organisation on the home page: name, address, logo and contact points", async () => {
    const { jsonLd } = await head("/");
    expect(jsonLd).toHaveLength(1);
    expect(jsonLd[0]).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Baptist Men's Ministry Malawi",
      url: `${ORIGIN}/`,
      logo: { url: `${ORIGIN}/media/icon-512.png` },
      address: { "@type": "PostalAddress", streetAddress: "Falls Area 1", addressLocality: "Lilongwe", addressCountry: "MW" },
      contactPoint: expect.arrayContaining([
        expect.objectContaining({ "@type": "ContactPoint", telephone: "+265 999 123 456", email: "president@baptistmen.mw" }),
        expect.objectContaining({ "@type": "ContactPoint", email: "events@baptistmen.mw" }),
      ]),
    });
  });

  it("describes an open event: start in Malawi time with its +02:00 offset, place, picture, free registration in stock", async () => {
    const { jsonLd } = await head("/events/1");
    expect(jsonLd).toHaveLength(1);
    const event = jsonLd[0]!;
    expect(event).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Central Region Men's Prayer Breakfast",
      startDate: "2026-12-04T06:30:00+02:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Lilongwe Baptist Church, Area 47, Lilongwe",
        address: { "@type": "PostalAddress", addressCountry: "MW" },
      },
      image: [`${ORIGIN}/media/events/prayer-breakfast-960w.webp`],
      description: expect.stringMatching(/^Start the day in prayer/),
      organizer: { "@type": "Organization", name: "Baptist Men's Ministry Malawi" },
      offers: {
        "@type": "Offer",
        price: 0,
        priceCurrency: "MWK",
        availability: "https://schema.org/InStock",
        url: `${ORIGIN}/events?register=1`,
      },
    });
    expect(new Date(event.startDate as string).toISOString()).toBe("2026-12-04T04:30:00.000Z");
  });

  it("marks an event whose registration has closed as sold out, with no registration link", async () => {
    expect((await head("/events/3")).jsonLd).toEqual([
      expect.objectContaining({
        "@type": "Event",
        offers: expect.objectContaining({ availability: "https://schema.org/SoldOut", url: `${ORIGIN}/events/3` }),
      }),
    ]);
  });

  it("gives an event with a fee its price in kwacha, as its page says it", async () => {
    const { jsonLd } = await head("/events/2");
    expect(jsonLd).toEqual([expect.objectContaining({ offers: expect.objectContaining({ price: 35000, priceCurrency: "MWK" }) })]);
  });

  it("gives no Event data for an event without a date (search engines require a start)", async () => {
    expect((await head("/events/5")).jsonLd).toEqual([]);
  });

  it("describes a blog post: headline, date, author, picture, publisher and page", async () => {
    const { jsonLd } = await head("/blog/rising-early-mark-1-35");
    expect(jsonLd).toHaveLength(1);
    expect(jsonLd[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: "Rising Early: A Devotional on Mark 1:35",
      datePublished: "2026-11-19",
      author: { "@type": "Person", name: "Rev. Chikondi Banda" },
      image: [`${ORIGIN}/media/blog/sunrise-devotional-960w.webp`],
      publisher: { "@type": "Organization", name: "Baptist Men's Ministry Malawi" },
      mainEntityOfPage: { "@type": "WebPage", "@id": `${ORIGIN}/blog/rising-early-mark-1-35` },
    });
  });

  it("keeps a hostile title inside the script element", async () => {
    const title = `</script><script>alert("x")</script><!-- & more`;
    await runSql([
      `INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content) VALUES (99, 'hostile', '${title.replaceAll("'", "''")}', '2026-11-20', 'A </SCRIPT> author', 'Ex</script>cerpt', 'Body')`,
    ]);
    const { response, html, jsonLdSources, jsonLd } = await head("/blog/hostile");
    expect(response.status).toBe(200);
    expect(jsonLdSources).toHaveLength(1);
    expect(jsonLdSources[0]).not.toMatch(/<\/script|<!--|</i);
    expect(jsonLdSources[0]).toContain("\\u003c/script");
    expect(jsonLd[0]).toMatchObject({ headline: title, description: "Ex</script>cerpt", author: { name: "A </SCRIPT> author" } });
    // Nothing the database holds became a script of its own.
    expect(html).not.toContain('<script>alert("x")');
  });
});

describe("the blog's RSS feed", () => {
  it("is announced on the blog list and on every post, and nowhere else", async () => {
    for (const path of ["/blog", "/blog/rising-early-mark-1-35"]) {
      const { links } = await head(path);
      const alternates = links.filter((l) => l.rel === "alternate");
      expect(alternates, path).toHaveLength(1);
      expect(alternates[0], path).toMatchObject({
        type: "application/rss+xml",
        title: "Baptist Men's Ministry Malawi: Blog & Devotionals",
        href: "/blog/rss.xml",
      });
    }
    expect((await head("/about")).links.some((l) => l.rel === "alternate")).toBe(false);
    expect((await request("/blog/rss.xml")).status).toBe(200);
  });
});

describe("Share on WhatsApp", () => {
  it("on an event: a wa.me link with the event's name and absolute address, opening in a new tab", async () => {
    const { html } = await head("/events/1");
    const share = linksIn(html).filter((l) => l.href?.startsWith("https://wa.me/"));
    expect(share).toHaveLength(1);
    expect(share[0]!.href).toBe(whatsapp("Central Region Men's Prayer Breakfast http://localhost/events/1"));
    expect(share[0]!.target).toBe("_blank");
    expect(share[0]!.rel).toBe("noopener noreferrer");
    expect(share[0]!.text).toMatch(/^Share on WhatsApp.*\(opens WhatsApp in a new tab\)$/);
    expect(share[0]!.text).not.toMatch(/<svg/);
  });

  it("on a blog post: the post's title and address", async () => {
    const { html } = await head("/blog/rising-early-mark-1-35");
    const share = linksIn(html).filter((l) => l.href?.startsWith("https://wa.me/"));
    expect(share.map((l) => l.href)).toEqual([whatsapp("Rising Early: A Devotional on Mark 1:35 http://localhost/blog/rising-early-mark-1-35")]);
    expect(share[0]!.text).toBe("Share on WhatsApp (opens WhatsApp in a new tab)");
  });

  it("on every event card of /events, each naming its event", async () => {
    const { html } = await head("/events");
    const share = linksIn(html).filter((l) => l.href?.startsWith("https://wa.me/"));
    expect(share).toHaveLength(5);
    expect(share.map((l) => l.href)).toContain(whatsapp("Lake Malawi Men's Retreat http://localhost/events/2"));
    expect(share.find((l) => l.href === whatsapp("Lake Malawi Men's Retreat http://localhost/events/2"))!.text).toBe(
      "Share on WhatsApp : Lake Malawi Men's Retreat (opens WhatsApp in a new tab)",
    );
  });
});
