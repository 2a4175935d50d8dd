// Zero axe violations (WCAG 2.1 A/AA rules) on every public and admin page, at desktop and phone
// widths, as a visitor or an admin would open them.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/admin.ts";
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

/** Every violation on every page, as "path: rule (impact): elements" lines. */
async function violations(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // E-mail previews (/admin/newsletter, /admin/outbox/{id}) are sandboxed frames of an e-mail, not
    // pages of the site; axe hangs on frames (its last step opens a helper page that never answers).
    const results = await new AxeBuilder({ page }).exclude("iframe").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    for (const v of results.violations) {
      found.push(`${path}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    }
  }
  return found;
}

test("every public page has no accessibility violations", async ({ page }) => {
  test.setTimeout(180_000);
  expect(await violations(page, PUBLIC_PAGES)).toEqual([]);
});

test("every admin page has no accessibility violations", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  expect(await violations(page, ADMIN_PAGES)).toEqual([]);
});
