// The visitors' service worker (issue 26): served small at /sw.js for this release; registered after
// `load` by one inline line that needs no nonce (so cached read-only pages stay served as stored);
// and the Worker marks whatever a signed-in visitor gets as private, which the worker never keeps.
import { beforeEach, describe, expect, it } from "vitest";
import { AFTER_LOAD_LINE, AFTER_LOAD_LINE_HASH } from "~/lib/service-worker";
import { islandsLoader } from "virtual:islands";
import { createAdmin, request, seedReference, signIn } from "./helpers";

async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

beforeEach(async () => {
  await seedReference();
});

describe("/sw.js", () => {
  it("is the service worker of this release, at most 3 KB compressed, allowed to fetch from this site only", async () => {
    const response = await request("/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("javascript");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'self'");
    const text = await response.text();
    expect(text).not.toContain("__RELEASE__");
    expect(text).toContain("pages-");
    expect(text).not.toMatch(/^\/\//m);
    const size = await gzipSize(text);
    console.log(`sw.js: ${text.length} bytes, ${size} bytes gzip`);
    expect(size).toBeLessThanOrEqual(3 * 1024);
  });

  it("answers a browser's check of an unchanged worker with 304 and no body (a visit does not download it again)", async () => {
    const first = await request("/sw.js");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"sw-[^"]+"$/);
    await first.text();
    const again = await request("/sw.js", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // As a compressing proxy sends it back (weak), and in a list of tags.
    expect((await request("/sw.js", { headers: { "If-None-Match": `W/${etag}` } })).status).toBe(304);
    expect((await request("/sw.js", { headers: { "If-None-Match": `"other", ${etag}` } })).status).toBe(304);
    // Another release's worker is sent whole.
    expect((await request("/sw.js", { headers: { "If-None-Match": '"sw-old-release"' } })).status).toBe(200);
  });
});

describe("registering it", () => {
  it("a read-only page carries one line, after load, allowed by its hash and no nonce", async () => {
    const response = await request("/mission");
    const html = await response.text();
    expect(html).toContain(`<script data-after-load="">${AFTER_LOAD_LINE}</script>`);
    expect(html).not.toMatch(/<script[^>]*nonce/);
    // First the header's menu closing when its link leads within the page, then the worker after load,
    // a failed registration (the signal lost as the page loads) caught, not an error in the page.
    expect(AFTER_LOAD_LINE).toMatch(/^addEventListener\("hashchange",\(\)=>document\.querySelectorAll\("header \[open\]"\)\.forEach\(d=>d\.open=0\)\);addEventListener\("load",\(\)=>\{navigator\.serviceWorker\?\.register\("\/sw\.js"\)\.catch\(/);
    expect(response.headers.get("Content-Security-Policy")).toContain(AFTER_LOAD_LINE_HASH);
  });

  it("a page with islands leaves it to the islands script, which its one inline line loads after load", async () => {
    const html = await (await request("/contact")).text();
    expect(html).not.toContain("data-after-load");
    expect(html).toContain(`<script type="module" data-islands="">${islandsLoader}</script>`);
  });

  it("an admin page (React) registers nothing", async () => {
    await createAdmin();
    const cookie = await signIn();
    const html = await (await request("/admin", { cookie })).text();
    expect(html).not.toContain("data-after-load");
    expect(html).not.toContain("/sw.js");
  });
});

describe("what a service worker may keep", () => {
  it("a public page for a visitor is not private; the same page for someone signed in is, and so is the admin area", async () => {
    expect((await request("/mission")).headers.get("Cache-Control") ?? "").not.toContain("private");
    await createAdmin();
    const cookie = await signIn();
    expect((await request("/mission", { cookie })).headers.get("Cache-Control")).toContain("private");
    expect((await request("/admin", { cookie })).headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a registration's private page is no-store for everyone, and private too with a session", async () => {
    expect((await request("/registrations/not-a-real-token-0123456789ab")).headers.get("Cache-Control")).toBe("no-store");
  });

  it("signing out clears what the browser keeps for the site (the door list and queue, the worker's copies)", async () => {
    await createAdmin();
    const cookie = await signIn();
    const out = await request("/logout", { method: "POST", cookie });
    expect(out.headers.get("Clear-Site-Data")).toBe('"storage"');
  });
});

describe("adding to the home screen", () => {
  it("the site's manifest has icons, a start address, standalone display and the theme colour", async () => {
    const manifest = await (await request("/manifest.webmanifest")).json<Record<string, unknown>>();
    expect(manifest).toMatchObject({ start_url: "/", display: "standalone", theme_color: "#172f62" });
    expect((manifest.icons as { sizes: string }[]).map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
  });

  it("check-in can be added on its own: its manifest starts at the door, and the check-in pages name it", async () => {
    const manifest = await (await request("/check-in.webmanifest")).json<Record<string, unknown>>();
    expect(manifest).toMatchObject({ id: "/admin/check-in", start_url: "/admin/check-in", scope: "/admin/", display: "standalone", short_name: "Check-in" });
    await createAdmin();
    const cookie = await signIn();
    await request("/admin", { cookie });
    const page = await (await request("/admin/check-in", { cookie })).text();
    expect(page).toContain('<link rel="manifest" href="/check-in.webmanifest"/>');
    // A public page names the site's manifest two seconds after load (a browser fetches it, and its
    // icon, as soon as it sees the link), or at once in a <noscript> for a phone without JavaScript.
    const mission = await (await request("/mission")).text();
    expect(mission).toContain('<noscript><link rel="manifest" href="/manifest.webmanifest"/></noscript>');
    expect(mission).not.toMatch(/<link rel="manifest"[^>]*>(?!<\/noscript>)/);
    expect(AFTER_LOAD_LINE).toContain('setTimeout(()=>document.head.insertAdjacentHTML("beforeend","<link rel=manifest href=/manifest.webmanifest>"),2e3)');
  });
});
