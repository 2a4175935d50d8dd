// Static files (the build's /assets, public/ such as the favicon and /media) are served by Workers
// Static Assets before the Worker runs, so workers/security.ts never sees them: their headers come
// from public/_headers. They must carry the same protections as pages (issue 17).
import { expect, test } from "@playwright/test";

const SHARED_HEADERS = ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy", "cross-origin-opener-policy"];

test("static files carry the same security headers as pages @desktop", async ({ request }) => {
  const page = await request.get("/");
  expect(page.status()).toBe(200);
  const script = /"(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeTruthy();

  for (const path of ["/favicon.svg", "/favicon.ico", "/media/og-default.jpg", script!]) {
    const asset = await request.get(path);
    expect(asset.status(), path).toBe(200);
    for (const name of SHARED_HEADERS) {
      expect(asset.headers()[name], `${path}: ${name}`).toBe(page.headers()[name]);
    }
    expect(asset.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    // The file-specific rules still apply alongside.
    if (/^\/(assets|media)\//.test(path)) expect(asset.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
  }
});
