import type { Page } from "@playwright/test";
import { hydrated } from "./admin.ts";

/**
 * Resolves once the page's script has done its work on the page, as a visitor would meet it: on a
 * page with islands, once the islands script has run (importing it again resolves when it has: it
 * is fetched only after the page's pictures have loaded, so a test that acts at once can beat it);
 * on a React page, once React has hydrated it; at once on a page without script. (Not "network
 * idle": half a second of waiting on each page, for pictures below the fold that change nothing.)
 */
export async function scriptsDone(page: Page) {
  await page.evaluate(async () => {
    const loader = document.querySelector("script[data-islands]")?.textContent ?? "";
    const islands = /import\("([^"]+)"\)/.exec(loader)?.[1];
    if (islands) await import(islands);
  });
  if (await page.locator("script[type=module]:not([data-islands])").count()) {
    await hydrated(page, "main");
  }
}
