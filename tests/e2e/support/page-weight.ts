// What a first visit costs a phone on mobile data: every resource the browser fetches, counted by
// type, text at its gzip size (what Cloudflare sends; Brotli would be smaller), images as stored.
// Shared by the budget test (tests/e2e/performance.spec.ts) and `npm run bench`.
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";

/** The page-weight budgets, in KB. */
export const PAGE_WEIGHT_BUDGET_KB = { js: 140, css: 20, html: 30, total: 350 };

export { BUDGETED_ROUTES } from "../../support/budgeted-routes.ts";

export type PageWeight = { route: string; js: number; css: number; html: number; images: number; other: number; total: number };
type Bucket = Exclude<keyof PageWeight, "route" | "total">;

function bucketOf(contentType: string, url: string): Bucket {
  if (contentType.includes("javascript") || url.endsWith(".js")) return "js";
  if (contentType.includes("css")) return "css";
  if (contentType.includes("html")) return "html";
  if (contentType.startsWith("image/")) return "images";
  return "other";
}

/** KB with one decimal, as the budgets are written. */
export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Opens `url` in a fresh 360 px phone context (device pixel ratio 2, empty cache), scrolls to the
 * end as a reader would so lazy images load, and adds up what was transferred.
 */
export async function measurePageWeight(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true });
  try {
    const page = await context.newPage();
    const weight: PageWeight = { route: new URL(url).pathname, js: 0, css: 0, html: 0, images: 0, other: 0, total: 0 };
    const pending: Promise<void>[] = [];
    // A body that cannot be read must not count as 0 bytes: the measurement fails, naming the URL.
    const unreadable: string[] = [];
    page.on("response", (response) => {
      pending.push(
        (async () => {
          if (response.status() >= 300) return;
          const body = await response.body().catch((error: unknown) => {
            unreadable.push(`${response.url()} (${error instanceof Error ? error.message : String(error)})`);
            return null;
          });
          if (!body) return;
          const bucket = bucketOf(response.headers()["content-type"] ?? "", response.url());
          const bytes = bucket === "images" ? body.length : gzipSync(body).length;
          weight[bucket] += bytes;
          weight.total += bytes;
        })(),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    if (unreadable.length) throw new Error(`Could not read the body of ${unreadable.join(", ")}, so the weight of ${url} is unknown`);
    return weight;
  } finally {
    await context.close();
  }
}
