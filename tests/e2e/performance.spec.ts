// Page-weight budgets for phones on slow, costly data (issue: performance). Each public route is
// opened fresh (empty cache) at 360 px wide with the demo content; every resource the browser
// fetches is counted at its gzip size (what Cloudflare sends; images as stored).
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

const BUDGET_KB = { js: 140, css: 20, html: 30, total: 350 };

const ROUTES = [
  "/",
  "/about",
  "/mission",
  "/leadership",
  "/ministries",
  "/ministries/youth-mentorship",
  "/blog",
  "/blog/rising-early-mark-1-35",
  "/testimonies",
  "/events",
  "/events/1",
  "/contact",
];

type Weight = { js: number; css: number; html: number; images: number; other: number; total: number };

function kind(contentType: string, url: string): keyof Omit<Weight, "total"> {
  if (contentType.includes("javascript") || url.endsWith(".js")) return "js";
  if (contentType.includes("css")) return "css";
  if (contentType.includes("html")) return "html";
  if (contentType.startsWith("image/")) return "images";
  return "other";
}

for (const route of ROUTES) {
  test(`${route} stays within the page-weight budgets on a phone @mobile`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true });
    const page = await context.newPage();
    const weight: Weight = { js: 0, css: 0, html: 0, images: 0, other: 0, total: 0 };
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      pending.push(
        (async () => {
          if (response.status() >= 300) return;
          const body = await response.body().catch(() => Buffer.alloc(0));
          const type = response.headers()["content-type"] ?? "";
          const bucket = kind(type, response.url());
          const bytes = bucket === "images" ? body.length : gzipSync(body).length;
          weight[bucket] += bytes;
          weight.total += bytes;
        })(),
      );
    });
    await page.goto(route, { waitUntil: "networkidle" });
    // Scroll through the page so lazy images below the fold load too, as a reader would.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    console.log(`${route}: js ${kb(weight.js)} KB, css ${kb(weight.css)} KB, html ${kb(weight.html)} KB, images ${kb(weight.images)} KB, total ${kb(weight.total)} KB`);
    expect(kb(weight.js), "JavaScript (gzip KB)").toBeLessThanOrEqual(BUDGET_KB.js);
    expect(kb(weight.css), "CSS (gzip KB)").toBeLessThanOrEqual(BUDGET_KB.css);
    expect(kb(weight.html), "HTML (gzip KB)").toBeLessThanOrEqual(BUDGET_KB.html);
    expect(kb(weight.total), "everything transferred (KB)").toBeLessThanOrEqual(BUDGET_KB.total);
    await context.close();
  });
}
