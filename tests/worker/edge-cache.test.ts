// Public pages are served from the Workers Cache to visitors without a session, with a fresh CSP
// nonce each time, and an admin change makes the next visit render afresh.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readCookie } from "~/server/cookies.server";
import { documentContentSecurityPolicy } from "~/server/csp.server";
import { AFTER_LOAD_LINE_HASH } from "~/lib/service-worker";
import { islandsLoaderHash } from "virtual:islands";
import { bumpContentVersion } from "~/server/content-version.server";
import { forgetPagesInMemory, isCacheablePageRequest, pagesInMemory, serveThroughEdgeCache } from "../../workers/edge-cache";
import { countD1Calls, createAdmin, postForm, request, runSql, signIn } from "./helpers";

beforeEach(() => {
  (env as { EDGE_CACHE?: string }).EDGE_CACHE = "on";
});
afterEach(() => {
  (env as { EDGE_CACHE?: string }).EDGE_CACHE = "off";
  vi.restoreAllMocks();
});

function nonceOf(response: Response) {
  return /'nonce-([a-z0-9]+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
}

describe("edge cache", () => {
  it("serves a repeat view of the home page from the cache without touching D1, as stored: its inline line needs no nonce", async () => {
    const first = await request("/");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe("no-cache");
    await first.text();

    const calls = countD1Calls();
    await (await request("/api/health")).text(); // the counter sees a real query...
    expect(calls()).toBe(1);
    const second = await request("/");
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    const body = await second.text();
    expect(calls()).toBe(1); // ...and the cached page adds none.

    // The islands loader is allowed by its hash (issue 27, decision 030): the stored
    // page and its policy are served unchanged, with no nonce to rewrite.
    expect(nonceOf(first)).toBeUndefined();
    expect(nonceOf(second)).toBeUndefined();
    expect(second.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
    expect(body).toContain('<script type="module" data-islands="">addEventListener("load",()=>import(');
    expect(body).not.toMatch(/ nonce=/);
  });

  it("keeps /subscribe too: a plain visit is the same empty form for everyone, so a repeat costs a 304; a refused post is answered fresh", async () => {
    const first = await request("/subscribe");
    await first.text();
    const second = await request("/subscribe");
    await second.text();
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    const etag = second.headers.get("ETag")!;
    expect((await request("/subscribe", { headers: { "If-None-Match": etag } })).status).toBe(304);
    const refused = await postForm("/subscribe", { email: "not-an-address" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Edge-Cache")).toBeNull();
    expect(await refused.text()).toContain('value="not-an-address"');
  });

  describe("serving a cached page", () => {
    const pending: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => void pending.push(promise);
    /** The page as the server entry renders it: its CSP names the render's nonce, whether or not an element uses it. */
    const visit = (path: string, nonce: string, body: (nonce: string) => string) =>
      serveThroughEdgeCache(new Request(`https://example.org${path}`), "release", nonce, waitUntil, async () =>
        new Response(body(nonce), { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": documentContentSecurityPolicy(nonce) } }),
      );

    /** Counts every HTMLRewriter made while `work` runs. */
    async function countRewriters(work: () => Promise<void>): Promise<number> {
      const scope = globalThis as unknown as { HTMLRewriter: typeof HTMLRewriter };
      const Original = scope.HTMLRewriter;
      let made = 0;
      scope.HTMLRewriter = class extends Original {
        constructor() {
          super();
          made += 1;
        }
      };
      try {
        await work();
      } finally {
        scope.HTMLRewriter = Original;
      }
      return made;
    }

    it("serves a page without a nonce-bearing element as it was stored: the same bytes and headers, no rewrite, a CSP naming no nonce", async () => {
      const page = () => `<!DOCTYPE html><html><head><style>p{color:red}</style></head><body><p>Mission</p><script type="application/ld+json">{}</script></body></html>`;
      const first = await visit("/no-nonce", "firstnonce", page);
      expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
      const stored = await first.text();
      // Nothing on the page uses the nonce, so the policy names none and allows no inline script at all.
      expect(first.headers.get("Content-Security-Policy")).toBe(documentContentSecurityPolicy(null));
      expect(first.headers.get("Content-Security-Policy")).toContain(`script-src 'self' ${AFTER_LOAD_LINE_HASH} ${islandsLoaderHash};`);
      await Promise.all(pending);

      const rewriters = await countRewriters(async () => {
        const second = await visit("/no-nonce", "secondnonce", page);
        expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
        expect(await second.text()).toBe(stored);
        expect(second.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
        expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
      });
      expect(rewriters).toBe(0);
    });

    it("gives a page with an inline script this response's own nonce, matching its CSP", async () => {
      const page = (nonce: string) => `<!DOCTYPE html><html><body><p>Events</p><script type="module" nonce="${nonce}">addEventListener("load",()=>{})</script></body></html>`;
      const first = await visit("/with-nonce", "firstnonce", page);
      expect(first.headers.get("Content-Security-Policy")).toContain("'nonce-firstnonce'");
      await first.text();
      await Promise.all(pending);

      const rewriters = await countRewriters(async () => {
        const second = await visit("/with-nonce", "secondnonce", page);
        expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
        expect(second.headers.get("Content-Security-Policy")).toBe(documentContentSecurityPolicy("secondnonce"));
        const body = await second.text();
        expect(body).toContain('<script type="module" nonce="secondnonce">');
        expect(body).not.toContain("firstnonce");
      });
      expect(rewriters).toBe(1);
    });
  });

  it("serves a repeat view from the isolate's memory with no cache lookup, and another isolate's with one (issue 27)", async () => {
    const first = await (await request("/about")).text();
    const cache = (caches as unknown as { default: Cache }).default;
    const lookups = vi.spyOn(cache, "match");
    const again = await request("/about");
    expect(again.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await again.text()).toBe(first);
    // The content version and the page both come from this isolate's memory.
    expect(lookups).toHaveBeenCalledTimes(0);

    // A new isolate (nothing in memory) finds the page in the Workers Cache: one lookup.
    forgetPagesInMemory();
    const elsewhere = await request("/about");
    expect(elsewhere.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await elsewhere.text()).toBe(first);
    expect(lookups).toHaveBeenCalledTimes(1);
    await (await request("/about")).text();
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it("keeps at most 64 pages in memory, the oldest going first, and an admin's change still shows at once", async () => {
    forgetPagesInMemory();
    const pending: Promise<unknown>[] = [];
    const visit = (i: number) =>
      serveThroughEdgeCache(new Request(`https://example.org/page-${i}`), "release", "n0nce", (p) => void pending.push(p), async () =>
        new Response(`<p>page ${i}</p>`, { headers: { "Content-Type": "text/html" } }),
      );
    for (let i = 0; i < 70; i++) await visit(i);
    await Promise.all(pending);
    expect(pagesInMemory()).toBe(64);
    const lookups = vi.spyOn((caches as unknown as { default: Cache }).default, "match");
    expect((await visit(69)).headers.get("X-Edge-Cache")).toBe("HIT");
    expect(lookups).toHaveBeenCalledTimes(0);
    // The first six went first: page 0 comes from the Workers Cache.
    expect(await (await visit(0)).text()).toBe("<p>page 0</p>");
    expect(lookups).toHaveBeenCalledTimes(1);

    const before = await (await request("/about")).text();
    expect((await request("/about")).headers.get("X-Edge-Cache")).toBe("HIT");
    await bumpContentVersion();
    const after = await request("/about");
    expect(after.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await after.text()).toBe(before);
  });

  it("answers a browser's revalidation with 304 and no headers that would replace its copy's CSP", async () => {
    const first = await request("/");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
    const revalidated = await request("/", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
    expect(await revalidated.text()).toBe("");
  });

  it("shows an admin's change on the next visit", async () => {
    await runSql(["INSERT INTO newsletter_subscribers (id, email) VALUES (1, 'a@example.mw')"]);
    await createAdmin();
    const cookie = await signIn();
    await (await request("/")).text();
    expect((await request("/")).headers.get("X-Edge-Cache")).toBe("HIT");

    expect((await postForm("/admin/subscribers", { intent: "remove", id: "1" }, { cookie })).status).toBe(302);
    expect((await request("/")).headers.get("X-Edge-Cache")).toBe("MISS");
  });

  it("shows a scheduled post on the blog's list once its time comes, without waiting for the cached pages to expire", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = new Date("2026-12-01T08:00:00.000Z");
    vi.setSystemTime(now);
    const at = new Date(now.getTime() + 2 * 60_000).toISOString();
    await runSql([
      `INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, status, publish_at) VALUES (1, 'goes-live', 'Goes Live Soon', '2026-12-01', 'A', 'E', 'C', 'scheduled', '${at}')`,
    ]);
    await bumpContentVersion();
    expect(await (await request("/blog")).text()).not.toContain("Goes Live Soon");
    expect((await request("/blog")).headers.get("X-Edge-Cache")).toBe("HIT");
    vi.setSystemTime(new Date(now.getTime() + 3 * 60_000));
    const live = await request("/blog");
    expect(live.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await live.text()).toContain("Goes Live Soon");
    expect(await (await request("/blog/goes-live")).text()).toContain("Goes Live Soon");
    vi.useRealTimers();
  });

  it("takes an event's registration form off its cached page once its registration closes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = new Date("2026-12-01T08:00:00.000Z");
    vi.setSystemTime(now);
    const closes = new Date(now.getTime() + 2 * 60_000).toISOString();
    await runSql([
      `INSERT INTO churchevents (id, name, date, registration_closes_at) VALUES (1, 'Closing Soon', '2030-06-12T06:00:00.000Z', '${closes}')`,
    ]);
    await bumpContentVersion();
    expect(await (await request("/events/1")).text()).not.toContain("Registration Closed");
    expect((await request("/events/1")).headers.get("X-Edge-Cache")).toBe("HIT");
    vi.setSystemTime(new Date(now.getTime() + 3 * 60_000));
    const closed = await request("/events/1");
    expect(closed.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await closed.text()).toContain("Registration Closed");
    vi.useRealTimers();
  });

  it("never caches for a signed-in admin, a pending toast, the admin area, sign-in or errors", async () => {
    await createAdmin();
    const cookie = await signIn();
    const signedIn = await request("/", { cookie });
    expect(signedIn.headers.get("X-Edge-Cache")).toBeNull();
    expect(await signedIn.text()).toContain(">Dashboard<");
    expect((await request("/", { cookie: "toast=abc" })).headers.get("X-Edge-Cache")).toBeNull();
    expect((await request("/auth")).headers.get("X-Edge-Cache")).toBeNull();
    expect((await request("/admin", { cookie })).headers.get("X-Edge-Cache")).toBeNull();
    await request("/no-such-page");
    const missing = await request("/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Edge-Cache")).toBeNull();
  });

  it("treats the admin area in any letter case as private: no-store, noindex, never stored in the edge cache (issue 28)", async () => {
    await createAdmin();
    const cookie = await signIn();
    for (const path of ["/ADMIN", "/Admin/settings", "/aDmIn/events", "/API/Admin/events/1/check-in", "/Auth", "/LOGOUT"]) {
      expect(isCacheablePageRequest(new Request(`http://localhost${path}`), true), path).toBe(false);
    }
    for (const path of ["/ADMIN", "/Admin/settings"]) {
      for (const who of [undefined, cookie]) {
        for (let visit = 0; visit < 2; visit++) {
          const response = await request(path, { cookie: who });
          expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
          expect(response.headers.get("X-Robots-Tag"), path).toBe("noindex, nofollow");
          expect(response.headers.get("X-Edge-Cache"), path).toBeNull();
        }
      }
    }
  });

  it("reads the session cookie with the app's own parser, so no Cookie header the app reads as signed in gets a cached page", async () => {
    await createAdmin();
    const token = (await signIn()).slice("session=".length);
    await (await request("/")).text(); // the visitors' copy is now cached
    // A space before "=": the app's cookie reader finds the session, a search for "session=" would not.
    const header = `theme=dark; session =${token}`;
    expect(readCookie(new Request("http://localhost/", { headers: { Cookie: header } }), "session")).toBe(token);
    const page = await request("/", { cookie: header });
    expect(page.headers.get("X-Edge-Cache")).toBeNull();
    expect(await page.text()).toContain(">Dashboard<");
  });

  it("still caches for visitors whose cookies are not personal: the device cookie, or names that only contain 'session'", async () => {
    await (await request("/")).text();
    const page = await request("/", { cookie: "device=abc; mysession=1; session_hint=x; toasted=1" });
    expect(page.headers.get("X-Edge-Cache")).toBe("HIT");
  });

  it("does not keep a page patched up after a database failure", async () => {
    await env.DB.exec("DROP TABLE church_testimonies");
    const first = await request("/");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    await first.text();
    expect((await request("/")).headers.get("X-Edge-Cache")).not.toBe("HIT");
    await env.DB.exec("DROP TABLE churchblogs");
    await (await request("/blog")).text();
    expect((await request("/blog")).headers.get("X-Edge-Cache")).not.toBe("HIT");
  });

  it("never serves a page cached by an earlier release, whose asset files a deploy removed", async () => {
    const pending: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => void pending.push(promise);
    const visit = (release: string) =>
      serveThroughEdgeCache(new Request("https://example.org/release-check"), release, "n0nce", waitUntil, async () =>
        new Response(`<script nonce="n0nce" src="/assets/entry-${release}.js"></script>`, { headers: { "Content-Type": "text/html" } }),
      );

    expect((await visit("first")).headers.get("X-Edge-Cache")).toBe("MISS");
    await Promise.all(pending);
    expect((await visit("first")).headers.get("X-Edge-Cache")).toBe("HIT");

    const afterDeploy = await visit("second");
    expect(afterDeploy.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await afterDeploy.text()).toContain("/assets/entry-second.js");
  });
});
