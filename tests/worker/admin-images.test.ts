// Image uploads: only real images (judged by their bytes) under the size limit reach R2; they are
// served back with their sniffed type and long-lived caching; a share picture (issue 18) is stored
// beside them only as a 1200x630 JPEG of at most 300 KB; replacing or deleting removes them all.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { deleteImageSet, IMAGE_ERRORS, IMAGE_TYPES, MAX_IMAGE_BYTES, sniffImageType } from "~/features/images/image-store.server";
import securityDoc from "../../docs/security.md?raw";
import { fixtureBytes } from "../fixtures/images";
import { MAX_UPLOAD_BYTES } from "../../workers/api/admin-images";
import { publicPicture } from "../fixtures/public-files";
import { createAdmin, request, signIn } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

function upload(kind: string, files: Record<string, BlobPart>, options: { cookie?: string | null; name?: string; type?: string } = {}) {
  const form = new FormData();
  form.set("kind", kind);
  form.set("name", options.name ?? "Phone Photo.JPG");
  for (const [field, bytes] of Object.entries(files)) {
    form.append(field, new Blob([bytes], { type: field === "share" ? "image/jpeg" : (options.type ?? "image/webp") }), field);
  }
  return request("/api/admin/images", { method: "POST", cookie: options.cookie === undefined ? cookie : options.cookie, body: form });
}

/** A real share picture: 1200x630 JPEG, 29 KB. */
const SHARE = publicPicture("/media/events/sample-retreat-share.jpg")!;

async function keys(prefix = "") {
  return (await env.IMAGES.list({ prefix })).objects.map((o) => o.key).sort();
}

describe("POST /api/admin/images", () => {
  it("needs an admin session", async () => {
    const response = await upload("event", { w480: fixtureBytes("webp") }, { cookie: null });
    expect(response.status).toBe(401);
    expect(await keys()).toEqual([]);
  });

  it("stores each prepared width under the spec's prefix and answers the widest URL", async () => {
    const response = await upload("event", { w480: fixtureBytes("webp"), w960: fixtureBytes("webp"), w1200: fixtureBytes("webp") });
    expect(response.status).toBe(201);
    const { url } = await response.json<{ url: string }>();
    expect(url).toMatch(/^\/images\/event-images\/[a-f0-9]{32}-1200w\.webp$/);
    const stem = url.slice("/images/".length).replace(/-1200w\.webp$/, "");
    expect(await keys("event-images/")).toEqual([`${stem}-1200w.webp`, `${stem}-480w.webp`, `${stem}-960w.webp`]);
  });

  it.each([
    ["profile", /^\/images\/profile-images\/\d{13}-[a-f0-9]{12}-480w\.png$/, "png"],
    ["ministry", /^\/images\/ministry-images\/ministries\/[a-f0-9]{32}-480w\.jpg$/, "jpeg"],
    ["blog", /^\/images\/blog-images\/blogs\/[a-f0-9]{32}-480w\.gif$/, "gif"],
    ["testimony", /^\/images\/blog-images\/\d{13}-Phone-Photo-[a-f0-9]{6}-480w\.webp$/, "webp"],
  ] as const)("names %s images as the spec's buckets do", async (kind, pattern, fixture) => {
    const response = await upload(kind, { w480: fixtureBytes(fixture) });
    expect(response.status).toBe(201);
    expect((await response.json<{ url: string }>()).url).toMatch(pattern);
  });

  it("stores a share picture beside the widths as <stem>-share.jpg, the stem saying it has one", async () => {
    const response = await upload("event", { w480: fixtureBytes("webp"), w960: fixtureBytes("webp"), share: SHARE });
    expect(response.status).toBe(201);
    const { url } = await response.json<{ url: string }>();
    expect(url).toMatch(/^\/images\/event-images\/[a-f0-9]{32}-og-960w\.webp$/);
    const stem = url.slice("/images/".length).replace(/-960w\.webp$/, "");
    expect(await keys("event-images/")).toEqual([`${stem}-480w.webp`, `${stem}-960w.webp`, `${stem}-share.jpg`]);

    const served = await request(`/images/${stem}-share.jpg`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(SHARE);
  });

  it("refuses a share picture over 300 KB, not a JPEG, or not 1200x630, and stores nothing", async () => {
    const heavy = new Uint8Array(300 * 1024 + 1);
    heavy.set(SHARE); // still a 1200x630 JPEG to a reader: decoders ignore what follows its end
    const tooLarge = await upload("event", { w480: fixtureBytes("webp"), share: heavy });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: "The link preview picture must be 300 KB or smaller." });
    for (const share of [fixtureBytes("png"), fixtureBytes("jpeg"), new TextEncoder().encode("<svg/>")]) {
      const refused = await upload("event", { w480: fixtureBytes("webp"), share });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "The link preview picture must be a 1200x630 JPEG." });
    }
    expect(await keys()).toEqual([]);
  });

  it("serves an upload with its sniffed type, a year of immutable caching and an ETag", async () => {
    const { url } = await (await upload("event", { w480: fixtureBytes("png") }, { type: "text/html" })).json<{ url: string }>();
    const served = await request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const etag = served.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fixtureBytes("png"));
    const again = await request(url, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("accepts exactly the types docs/security.md and its refusal name: JPEG, PNG, WebP and GIF (issue 28)", () => {
    const names: Record<string, string> = { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP", "image/gif": "GIF" };
    expect([...IMAGE_TYPES].sort()).toEqual(Object.keys(names).sort());
    for (const fixture of ["jpeg", "png", "webp", "gif"] as const) expect(IMAGE_TYPES).toContain(sniffImageType(fixtureBytes(fixture)));
    const uploadsRow = securityDoc.split("\n").find((line) => line.startsWith("| Uploads:"));
    const listed = /type sniffed from the bytes \(([^)]*)\)/.exec(uploadsRow ?? "")?.[1] ?? "";
    for (const name of Object.values(names)) {
      expect(listed, name).toContain(name);
      expect(IMAGE_ERRORS.notImage, name).toContain(name);
    }
  });

  it("refuses what is not an image whatever its name or declared type: SVG, HTML, text", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    for (const body of [svg, "<html><script>alert(1)</script></html>", "just text"]) {
      const response = await upload("blog", { w480: body }, { name: "photo.png", type: "image/png" });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ error: "Only JPEG, PNG, WebP or GIF images can be uploaded." });
    }
    expect(await keys()).toEqual([]);
  });

  it("refuses a file over the size limit with a clear message", async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(fixtureBytes("jpeg"));
    const response = await upload("event", { w480: big });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Images must be 5 MB or smaller." });
    expect(await keys()).toEqual([]);
  });

  it("refuses widths the site does not use, an unknown kind and a non-multipart body", async () => {
    expect((await upload("event", { w3000: fixtureBytes("webp") })).status).toBe(400);
    expect((await upload("event", { w700: fixtureBytes("webp"), w900: fixtureBytes("webp") })).status).toBe(400);
    expect((await upload("avatar", { w480: fixtureBytes("webp") })).status).toBe(400);
    const json = await request("/api/admin/images", { method: "POST", cookie, headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    expect(await keys()).toEqual([]);
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])("refuses the kind %s, which every object has but is not a bucket", async (kind) => {
    const response = await upload(kind, { w480: fixtureBytes("webp") });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Unknown image kind." });
    expect(await keys()).toEqual([]);
  });

  it("counts the bytes it receives, not what Content-Length says: a streamed body without one is refused past the limit", async () => {
    const form = new FormData();
    form.set("kind", "event");
    form.append("w480", new Blob([fixtureBytes("webp")], { type: "image/webp" }), "w480");
    form.set("padding", "x".repeat(MAX_UPLOAD_BYTES));
    const encoded = new Response(form);
    // Through a TransformStream its length is unknown, so no Content-Length is sent (chunked).
    const response = await request("/api/admin/images", {
      method: "POST",
      cookie,
      headers: { "Content-Type": encoded.headers.get("Content-Type")! },
      body: encoded.body!.pipeThrough(new TransformStream()),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Images must be 5 MB or smaller." });
    expect(await keys()).toEqual([]);
  });
});

describe("deleting an image", () => {
  it("removes every stored width and the share picture, and nothing else", async () => {
    const first = await (await upload("event", { w480: fixtureBytes("webp"), w960: fixtureBytes("webp"), share: SHARE })).json<{ url: string }>();
    const second = await (await upload("event", { w480: fixtureBytes("webp") })).json<{ url: string }>();
    await deleteImageSet(first.url);
    expect(await keys()).toEqual([second.url.slice("/images/".length)]);
    await deleteImageSet("/media/events/sample-retreat-1600w.webp"); // bundled: left alone, no error
    await deleteImageSet(null);
    expect(await keys()).toHaveLength(1);
  });
});

describe("GET /images/*", () => {
  it("answers 404 for unknown or malformed keys", async () => {
    expect((await request("/images/event-images/nothing-480w.webp")).status).toBe(404);
    expect((await request("/images/../secret")).status).toBe(404);
    expect((await request("/images/other-bucket/x.webp")).status).toBe(404);
  });
});
