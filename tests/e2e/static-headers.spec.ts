// Static files (the build's /assets, public/ such as the favicon and /media) are served by Workers
// Static Assets before the Worker runs, so workers/security.ts never sees them: their headers come
// from public/_headers. They must carry the same protections as public pages (issue 17), and like
// them no Cross-Origin-Opener-Policy, which only sign-in, the admin area and private pages get (issue 27).
import { expect, test } from "@playwright/test";

const SHARED_HEADERS = ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"];

test("static files carry the same security headers as pages @desktop", async ({ request }) => {
  const page = await request.get("/");
  expect(page.status()).toBe(200);
  expect(page.headers()["cross-origin-opener-policy"]).toBeUndefined();
  const script = /"(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeTruthy();

  for (const path of ["/favicon.svg", "/favicon.ico", "/media/og-default.jpg", script!]) {
    const asset = await request.get(path);
    expect(asset.status(), path).toBe(200);
    for (const name of SHARED_HEADERS) {
      expect(asset.headers()[name], `${path}: ${name}`).toBe(page.headers()[name]);
    }
    expect(asset.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    // Like public pages, static files hold nothing to isolate (decision 019).
    expect(asset.headers()["cross-origin-opener-policy"], path).toBeUndefined();
    // The file-specific rules still apply alongside.
    if (/^\/(assets|media)\//.test(path)) expect(asset.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
  }
});

test("the production build isolates sign-in, the admin area and private pages with COOP, and only them @desktop", async ({ request }) => {
  for (const path of ["/auth", "/admin", "/registrations/0123456789abcdef0123456789abcdef"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
  }
  for (const path of ["/", "/mission", "/events", "/blog", "/testimonies"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cross-origin-opener-policy"], path).toBeUndefined();
  }
});
