// Zero axe violations (WCAG 2.1 A/AA rules) on every public and admin page, at desktop and phone
// widths, as a visitor or an admin would open them.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signIn } from "./support/admin.ts";
import { PUBLIC_PAGES } from "./support/pages.ts";


const ADMIN_PAGES = [
  "/admin",
  "/admin?tab=leadership",
  "/admin?tab=ministries",
  "/admin?tab=blogs",
  "/admin?tab=testimonies",
  "/admin?tab=events",
  "/admin?tab=events&delete=1",
  "/admin/leadership/new",
  "/admin/leadership/edit/1",
  "/admin/ministries/new",
  "/admin/ministries/edit/1",
  "/admin/blogs/new",
  "/admin/blogs/edit/1",
  "/admin/blogs/preview/1",
  "/admin?tab=blogs&status=published",
  "/admin/testimonies/new",
  "/admin/testimonies/edit/1",
  "/admin?tab=associations",
  "/admin/associations/new",
  "/admin/associations/edit/1",
  "/admin/associations/import",
  "/admin/events/new",
  "/admin/events/edit/1",
  "/admin/events/registrations/1",
  "/admin/settings",
  "/admin/pages",
  "/admin/messages",
  "/admin/subscribers",
  "/admin/activity",
  "/admin/check-in",
  "/admin/events/1/check-in",
  "/admin/events/1/door-list",
  "/admin/newsletter",
  "/admin/outbox",
  "/admin/outbox/setup",
  "/admin/account",
];

/**
 * Resolves once the page's script has done its work on the page, as a visitor would meet it: on a
 * page with islands, once the islands script has run (importing it again resolves when it has);
 * on a React page, once React has hydrated it; at once on a page without script. (Not "network
 * idle": half a second of waiting on each of some 110 pages, and the pictures below the fold that
 * it would wait for change nothing axe reads.)
 */
async function scriptsDone(page: Page) {
  await page.evaluate(async () => {
    const loader = document.querySelector("script[data-islands]")?.textContent ?? "";
    const islands = /import\("([^"]+)"\)/.exec(loader)?.[1];
    if (islands) await import(islands);
  });
  if (await page.locator("script[type=module]:not([data-islands])").count()) {
    await hydrated(page, "main");
  }
}

/** Every violation on every page, as "path: rule (impact): elements" lines. */
async function violations(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await scriptsDone(page);
    // E-mail previews (/admin/newsletter, /admin/outbox/{id}) are sandboxed frames of an e-mail, not
    // pages of the site; axe hangs on frames (its last step opens a helper page that never answers).
    // With frames left out, axe runs in the page itself ("legacy mode": the same rules, without the
    // helper page each analysis otherwise opens and closes, half its time on these pages).
    const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude("iframe").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    for (const v of results.violations) {
      found.push(`${path}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    }
    // No page scrolls sideways (the mobile project runs this at 360 px, as staff and visitors read it).
    const [wide, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (wide! > viewport!) found.push(`${path}: ${wide} px wide in a ${viewport} px window (scrolls sideways)`);
  }
  return found;
}

test("every public page has no accessibility violations", async ({ page }) => {
  test.setTimeout(180_000);
  expect(await violations(page, PUBLIC_PAGES)).toEqual([]);
});

// In three parts, which the two Playwright workers share (one part alone took over a minute).
const PARTS = 3;
for (let part = 0; part < PARTS; part++) {
  const size = Math.ceil(ADMIN_PAGES.length / PARTS);
  const pages = ADMIN_PAGES.slice(part * size, (part + 1) * size);
  test(`every admin page has no accessibility violations (part ${part + 1} of ${PARTS}: ${pages[0]} to ${pages.at(-1)})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    expect(await violations(page, pages)).toEqual([]);
  });
}
