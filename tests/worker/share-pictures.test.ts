// WhatsApp previews (issue 18): every public page's og:image is a JPEG of 1200x630 and at most
// 300 KB at an absolute address on the site, its tags say its type, size and what it shows, Twitter
// cards show the same picture, and the picture exists: uploads are fetched through the Worker (R2),
// bundled ones read from public/ (which the Worker does not serve in tests). The pages come from
// app/routes.ts, so a public page added later is covered the day it is added.
import { beforeEach, describe, expect, it } from "vitest";
import { sharePictureUrl } from "~/features/images/images";
import routes from "~/routes";
import { jpegSize, sniffImageType } from "~/features/images/image-store.server";
import { fixtureBytes } from "../fixtures/images";
import { PUBLIC_PATHS, publicPicture } from "../fixtures/public-files";
import { flattenRoutes, samplePath } from "../support/route-paths";
import { createAdmin, ORIGIN, request, runSql, seedDemo, signIn } from "./helpers";

const MAX_BYTES = 300 * 1024;
const DEFAULT_PICTURE = `${ORIGIN}/media/og-default.jpg`;

/** Routes under the public layout that answer with something other than a page, or a private page never shared (a registration's, a group leader's, a giver's thank-you), or the SMS short link (a redirect). */
const NOT_PAGES = new Set(["/events/1/calendar.ics", "/subscribe", "/registrations/1", "/groups/1", "/give/1", "/r/1"]);

/** Every public page with the demo content: each route once, plus an event without a picture and a registration link. */
const PUBLIC_PAGES = [
  ...flattenRoutes(routes)
    .filter((r) => r.file.startsWith("routes/public/") && !r.path.endsWith("*"))
    .map((r) => samplePath(r.path).replace("/ministries/1", "/ministries/youth-mentorship").replace("/blog/1", "/blog/rising-early-mark-1-35"))
    .filter((path) => !NOT_PAGES.has(path)),
  "/events/5",
  "/events?register=1",
];

let cookie: string;
beforeEach(async () => {
  await seedDemo();
  await createAdmin();
  cookie = await signIn();
});

/** The preview tags of a page's <head>, by property or name. */
async function previewTags(path: string): Promise<Record<string, string>> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const tags: Record<string, string> = {};
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:property|name)="((?:og|twitter):[^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) tags[key] = content.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
  }
  return tags;
}

/** The bytes of a picture on the site: an upload through the Worker, a bundled one from public/. */
async function pictureBytes(url: string): Promise<Uint8Array> {
  expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
  const path = url.slice(ORIGIN.length);
  if (path.startsWith("/images/")) {
    const response = await request(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("Content-Type"), path).toBe("image/jpeg");
    return new Uint8Array(await response.arrayBuffer());
  }
  const bytes = publicPicture(path);
  expect(bytes, `${path} is in public/`).not.toBeNull();
  return bytes!;
}

async function expectSharePicture(url: string) {
  const bytes = await pictureBytes(url);
  expect(sniffImageType(bytes), url).toBe("image/jpeg");
  expect(jpegSize(bytes), url).toEqual({ width: 1200, height: 630 });
  expect(bytes.length, url).toBeLessThanOrEqual(MAX_BYTES);
}

/** Asserts a page's preview tags and the picture they name; returns the picture's address. */
async function expectPreview(path: string): Promise<string> {
  const tags = await previewTags(path);
  const image = tags["og:image"]!;
  expect(image, path).toMatch(/^http:\/\/localhost\/.+\.jpg$/);
  expect(tags["og:image:type"], path).toBe("image/jpeg");
  expect(tags["og:image:width"], path).toBe("1200");
  expect(tags["og:image:height"], path).toBe("630");
  expect(tags["og:image:alt"], path).toMatch(/\S/);
  expect(tags["twitter:card"], path).toBe("summary_large_image");
  expect(tags["twitter:image"], path).toBe(image);
  expect(tags["twitter:image:alt"], path).toBe(tags["og:image:alt"]);
  await expectSharePicture(image);
  return image;
}

/** A real share picture, as the admin's browser makes one: 1200x630 JPEG. */
const A_SHARE_PICTURE = publicPicture("/media/events/sample-retreat-share.jpg")!;

/** Uploads a picture as the admin's browser does: its widths and, unless told otherwise, its share picture. */
async function upload(kind: string, { withShare = true } = {}): Promise<string> {
  const form = new FormData();
  form.set("kind", kind);
  form.set("name", "photo.jpg");
  for (const width of [480, 960, 1600]) form.append(`w${width}`, new Blob([fixtureBytes("webp")], { type: "image/webp" }), `${width}.webp`);
  if (withShare) form.set("share", new Blob([A_SHARE_PICTURE], { type: "image/jpeg" }), "share.jpg");
  const response = await request("/api/admin/images", { method: "POST", cookie, body: form });
  expect(response.status).toBe(201);
  return (await response.json<{ url: string }>()).url;
}

describe("every public page's link preview", () => {
  it("covers the pages of the site map", () => {
    expect(PUBLIC_PAGES).toEqual(
      expect.arrayContaining(["/", "/about", "/mission", "/leadership", "/ministries", "/ministries/youth-mentorship", "/blog"]),
    );
    expect(PUBLIC_PAGES).toEqual(expect.arrayContaining(["/blog/rising-early-mark-1-35", "/testimonies", "/events", "/events/1", "/contact"]));
  });

  it("is a 1200x630 JPEG of at most 300 KB on the site's address, with its type, size and description", async () => {
    const pictures: Record<string, string> = {};
    for (const path of PUBLIC_PAGES) pictures[path] = await expectPreview(path);
    // Pages with a bundled picture of their own share its JPEG version; the rest the default.
    expect(pictures["/events/1"]).toBe(`${ORIGIN}/media/events/prayer-breakfast-share.jpg`);
    expect(pictures["/events?register=1"]).toBe(`${ORIGIN}/media/events/prayer-breakfast-share.jpg`);
    expect(pictures["/blog/rising-early-mark-1-35"]).toBe(`${ORIGIN}/media/blog/sunrise-devotional-share.jpg`);
    expect(pictures["/ministries/youth-mentorship"]).toBe(`${ORIGIN}/media/ministries/youth-mentorship-share.jpg`);
    for (const path of ["/", "/about", "/events", "/events/5", "/contact"]) expect(pictures[path], path).toBe(DEFAULT_PICTURE);
  });

  it("of an event, a post and a ministry with an uploaded picture is that upload's share picture, served from R2", async () => {
    const event = await upload("event");
    const post = await upload("blog");
    const ministry = await upload("ministry");
    await runSql([
      `UPDATE churchevents SET image_url = '${event}' WHERE id = 2`,
      `UPDATE churchblogs SET image_url = '${post}' WHERE slug = 'fathers-who-disciple'`,
      `UPDATE ministries SET image_url = '${ministry}' WHERE slug = 'community-outreach'`,
    ]);
    for (const [path, url] of [
      ["/events/2", event],
      ["/blog/fathers-who-disciple", post],
      ["/ministries/community-outreach", ministry],
    ] as const) {
      expect(await expectPreview(path), path).toBe(`${ORIGIN}${url.replace(/-1600w\.webp$/, "-share.jpg")}`);
    }
  });

  it("of a record whose upload has no share picture (uploaded before them, or without JavaScript) is the default picture", async () => {
    const older = await upload("event", { withShare: false });
    expect(older).not.toMatch(/-og-/);
    await runSql([
      `UPDATE churchevents SET image_url = '${older}' WHERE id = 2`,
      `UPDATE churchblogs SET image_url = '/images/blog-images/blogs/0123456789abcdef0123456789abcdef.jpg' WHERE slug = 'fathers-who-disciple'`,
    ]);
    const event = await previewTags("/events/2");
    expect(event["og:image"]).toBe(DEFAULT_PICTURE);
    // The default picture is described by the organisation's name and tagline (its settings).
    expect(event["og:image:alt"]).toBe("Baptist Men's Ministry Malawi: Men of faith, serving Christ, family and community");
    expect(await expectPreview("/blog/fathers-who-disciple")).toBe(DEFAULT_PICTURE);
  });
});

describe("bundled pictures", () => {
  it("every event, ministry and blog picture has its share picture beside it, and no other bundled picture claims one", async () => {
    const sets = new Map<string, string>(); // a bundled picture's stem -> one of its widths
    for (const path of PUBLIC_PATHS) {
      const stem = /^(.*)-\d+w\.webp$/.exec(path)?.[1];
      if (stem) sets.set(stem, path);
    }
    const previewFolders = /^\/media\/(events|ministries|blog)\//;
    expect([...sets.keys()].filter((stem) => previewFolders.test(stem))).toHaveLength(12);
    for (const [stem, url] of sets) {
      if (!previewFolders.test(stem)) {
        expect(sharePictureUrl(url), url).toBeNull();
        continue;
      }
      expect(sharePictureUrl(url), url).toBe(`${stem}-share.jpg`);
      await expectSharePicture(`${ORIGIN}${stem}-share.jpg`);
    }
  });
});
