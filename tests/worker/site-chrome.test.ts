// The shared chrome every page carries: navigation, footer, the 404 page and the response headers.
import { describe, expect, it, vi } from "vitest";
import { createAdmin, postForm, request, seedDemo, signIn } from "./helpers";

describe("header and footer", () => {
  it("link every section of the site, with the dropdown entries and the subscribe form", async () => {
    const body = await (await request("/")).text();
    for (const href of [
      "/", "/about", "/about#mission", "/about#history", "/leadership", "/ministries",
      "/ministries#youth-mentorship", "/ministries#community-outreach", "/ministries#discipleship",
      "/events", "/blog", "/testimonies", "/contact", "/auth",
    ]) {
      expect(body).toContain(`href="${href}"`);
    }
    expect(body).toContain('aria-label="Menu"');
    expect(body).toMatch(/<form[^>]*action="\/subscribe#subscribe"[^>]*method="post"/);
    expect(body).toContain('placeholder="Your email address"');
    expect(body).toMatch(/>Subscribe</);
    expect(body).toContain('href="#main"');
  });
});

describe("unknown routes", () => {
  it.each(["/no-such-page", "/events/extra/deep", "/blog/x/y"])("%s answers the 404 page with status 404 and logs the path", async (path) => {
    const warn = vi.spyOn(console, "warn");
    const response = await request(path);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain("Oops! Page not found");
    expect(body).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home</);
    expect(warn.mock.calls.flat().join(" ")).toContain(path);
    warn.mockRestore();
  });
});

describe("response headers", () => {
  it.each(["/", "/auth"])("%s: carry a nonce-and-hash CSP without unsafe-inline scripts and the other protective headers", async (path) => {
    const response = await request(path);
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([A-Za-z0-9]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // (and the public pages' two inline lines, by their hashes: app/lib/service-worker.ts, app/root.tsx)
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9]+' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    const body = await response.text();
    // JSON-LD blocks are data, never run, and CSP does not govern them; every other inline script
    // carries the nonce or is allowed by its exact hash (a public page's lines: no nonce, so the edge
    // cache serves it as stored).
    const scripts = [...body.matchAll(/(<script[^>]*>)([^<]*)<\/script>/g)].filter(([, tag]) => tag !== '<script type="application/ld+json">');
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, tag, text] of scripts) {
      if (tag!.includes("nonce=")) expect(tag).toContain(`nonce="${nonce}"`);
      else expect(csp).toContain(`'sha256-${await sha256(text!)}'`);
    }
    if (path === "/") expect(body).not.toContain(nonce);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  // Decision 019: COOP isolates the pages that hold something; public pages do without its cost.
  it.each(["/", "/about", "/mission", "/events", "/events/1", "/blog", "/testimonies", "/ministries", "/contact", "/no-such-page", "/sitemap.xml", "/api/health"])(
    "%s, public, sends no Cross-Origin-Opener-Policy",
    async (path) => {
      const response = await request(path);
      await response.arrayBuffer();
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    },
  );

  it.each(["/admin", "/admin/events/new", "/admin.data", "/api/admin/images", "/auth", "/AUTH", "/Admin/settings", "/registrations/0123456789abcdef0123456789abcdef", "/newsletter/unsubscribe/0123456789abcdef0123456789abcdef", "/groups/0123456789abcdef0123456789abcdef", "/r/0123456789abcdef0123456789abcdef"])(
    "%s, private, sends Cross-Origin-Opener-Policy: same-origin whatever it answers",
    async (path) => {
      const response = await request(path);
      await response.arrayBuffer();
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    },
  );

  it("sends Cross-Origin-Opener-Policy on a real registration's private page and on a signed-in admin's pages", async () => {
    await createAdmin();
    const cookie = await signIn();
    for (const path of ["/admin", "/admin/settings", "/admin/account"]) {
      const page = await request(path, { cookie });
      expect(page.status, path).toBe(200);
      await page.arrayBuffer();
      expect(page.headers.get("Cross-Origin-Opener-Policy"), path).toBe("same-origin");
    }
    // Public pages a signed-in admin visits stay without it.
    const home = await request("/", { cookie });
    await home.arrayBuffer();
    expect(home.headers.get("Cross-Origin-Opener-Policy")).toBeNull();

    await seedDemo();
    const registered = await postForm("/api/registrations", { event_id: "2", full_name: "Kondwani Phiri", phone_number: "0991 555 010", email: "" }, { ip: "198.51.100.7" });
    const { registration } = await registered.json<{ registration: { privateUrl: string } }>();
    const privatePage = await request(new URL(registration.privateUrl).pathname);
    expect(privatePage.status).toBe(200);
    await privatePage.arrayBuffer();
    expect(privatePage.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    // Its own answer is no-store (the registrant's service worker keeps it, for the door); opened by
    // signed-in staff it is private as well, which no service worker keeps (workers/sw.js).
    expect(privatePage.headers.get("Cache-Control")).toBe("no-store");
    const seenByStaff = await request(new URL(registration.privateUrl).pathname, { cookie });
    await seenByStaff.arrayBuffer();
    expect(seenByStaff.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("send a path spelt with escapes (/%61dmin) to its plain spelling before anything answers it, so no check of a private path is passed by", async () => {
    await createAdmin();
    const cookie = await signIn();
    for (const [typed, plain] of [
      ["/%61dmin/settings", "/admin/settings"],
      ["/%61pi/admin/events/1/door-list?x=1", "/api/admin/events/1/door-list?x=1"],
      ["/%72egistrations/abc%2Fdef", "/registrations/abc%2Fdef"],
      ["/%41DMIN", "/ADMIN"],
    ]) {
      const answer = await request(typed!, { cookie });
      expect([answer.status, answer.headers.get("Location")], typed).toEqual([308, `http://localhost${plain}`]);
    }
    // A post stays a post (308), and is still refused from another site.
    expect((await request("/%61dmin/settings", { method: "POST", cookie, headers: { Origin: "http://localhost" } })).status).toBe(308);
    // Escapes that are not plain letters stay as they are.
    expect((await request("/blog/%E2%9C%93")).status).toBe(404);
  });

  it("use a fresh nonce for every response", async () => {
    const a = (await request("/")).headers.get("Content-Security-Policy");
    const b = (await request("/")).headers.get("Content-Security-Policy");
    expect(a).not.toBe(b);
  });
});

describe("cross-site requests", () => {
  it("are refused for every state-changing method", async () => {
    for (const path of ["/auth", "/subscribe", "/logout"]) {
      const foreign = await postForm(path, { email: "a@b.mw" }, { headers: { Origin: "https://evil.example" } });
      expect(foreign.status).toBe(403);
      const sneaky = await postForm(path, { email: "a@b.mw" }, { headers: { Origin: "", "Sec-Fetch-Site": "cross-site" } });
      expect(sneaky.status).toBe(403);
      const hidden = await postForm(path, { email: "a@b.mw" }, { headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" } });
      expect(hidden.status).toBe(403);
    }
  });

  it("let a page that sends no referrer post to its own site (the browser says Origin: null, Sec-Fetch-Site: same-origin)", async () => {
    const response = await postForm("/subscribe", { email: "own.site@example.mw" }, { ip: "198.51.100.40", headers: { Origin: "null", "Sec-Fetch-Site": "same-origin" } });
    expect(response.status).toBe(303);
  });
});

/** The base64 SHA-256 of an inline script, as a CSP hash source names it. */
async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}
