// Reaching the public pages as a visitor does: header dropdowns to anchored sections, the phone
// menu at 360 px, not-found redirects and the blog, with the sticky header never covering a target.
import { expect, test, type Locator, type Page } from "@playwright/test";

const HEADER_HEIGHT = 64;

/** The element is on screen and below the sticky header. */
async function expectInView(page: Page, target: Locator) {
  await expect(target).toBeInViewport();
  await expect.poll(async () => (await target.boundingBox())!.y).toBeGreaterThanOrEqual(HEADER_HEIGHT);
}

test("the 'Our History' entry of the About Us dropdown lands on the history timeline @desktop", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await nav.getByLabel("About Us submenu").click();
  await nav.getByRole("link", { name: "Our History" }).click();
  await expect(page).toHaveURL(/\/about#history$/);
  await expectInView(page, page.getByRole("heading", { name: "Our History" }));
  await expect(page.getByText("1994", { exact: false }).first()).toBeVisible();
});

test("opening /about#mission directly shows the mission section below the header", async ({ page }) => {
  await page.goto("/about#mission");
  await expectInView(page, page.getByRole("heading", { name: "Our Mission" }));
});

test("the Ministries dropdown's anchors land on their cards @desktop", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await nav.getByLabel("Ministries submenu").click();
  await nav.getByRole("link", { name: "Community Outreach" }).click();
  await expect(page).toHaveURL(/\/ministries#community-outreach$/);
  await expectInView(page, page.locator("#community-outreach").getByRole("heading", { name: "Community Outreach" }));
});

test("the phone menu reaches a page, and every public page fits 360 px @mobile", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Menu", { exact: true }).click();
  await page.getByRole("navigation", { name: "Main (mobile)" }).getByRole("link", { name: "Our History" }).click();
  await expect(page).toHaveURL(/\/about#history$/);
  await expectInView(page, page.getByRole("heading", { name: "Our History" }));

  await page.getByLabel("Menu", { exact: true }).click();
  await page.getByRole("navigation", { name: "Main (mobile)" }).getByRole("link", { name: "Testimonies" }).click();
  await expect(page).toHaveURL(/\/testimonies$/);
  await expect(page.getByRole("heading", { level: 1, name: "Testimonies" })).toBeVisible();

  for (const path of ["/", "/about", "/mission", "/leadership", "/ministries", "/ministries/community-outreach", "/blog", "/blog/rising-early-mark-1-35", "/testimonies", "/contact"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    await expect(page.locator("h1")).toHaveCount(1);
  }
});

test("a ministry card opens its page, and an unknown ministry returns to the list with a toast", async ({ page }) => {
  await page.goto("/ministries");
  await page.getByRole("link", { name: "Learn more about Prayer Fellowship" }).click();
  await expect(page).toHaveURL(/\/ministries\/prayer-fellowship$/);
  await expect(page.getByRole("heading", { level: 1, name: "Prayer Fellowship" })).toBeVisible();

  await page.goto("/ministries/no-such-ministry");
  await expect(page).toHaveURL(/\/ministries$/);
  await expect(page.getByTestId("toast")).toContainText("Ministry not found");
});

test("leadership shows both groups with contact links", async ({ page }) => {
  await page.goto("/leadership");
  await expect(page.getByRole("heading", { level: 1, name: "Leadership Team" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "National Executive Committee" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Regional Coordinators" })).toBeVisible();
  await expect(page.getByRole("link", { name: "president@baptistmen.mw" }).first()).toHaveAttribute("href", "mailto:president@baptistmen.mw");
  await expect(page.getByText("Regional Coordinator - Northern Region")).toBeVisible();
});

test("a blog post opens from the list and leads back to it", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog & Devotionals" })).toBeVisible();
  await page.getByRole("link", { name: /^Read More\s+about Rising Early/ }).click();
  await expect(page).toHaveURL(/\/blog\/rising-early-mark-1-35$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rising Early: A Devotional on Mark 1:35" })).toBeVisible();
  await expect(page).toHaveTitle("Rising Early: A Devotional on Mark 1:35 | Baptist Men Malawi");
  await page.getByRole("link", { name: "Back to all blogs" }).click();
  await expect(page).toHaveURL(/\/blog$/);

  const missing = await page.goto("/blog/no-such-post");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Blog Post Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to all blogs" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
