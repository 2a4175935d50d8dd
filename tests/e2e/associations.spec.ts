// The associations directory on a phone (issue 25): the hero's Find Association leads to it, and a
// visitor finds an association by typing in the filter and submitting (a plain GET form: the page
// runs no JavaScript), then can call or message its contact.
import { expect, test } from "@playwright/test";

test("the hero's Find Association opens the directory, grouped by region, at 360 px @mobile", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Find Association" }).click();
  await expect(page).toHaveURL(/\/associations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Find an Association" })).toBeVisible();
  const regions = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(regions).toHaveText(["Northern Region", "Central Region", "Southern Region"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: ".tmp/playwright/associations-360.png", fullPage: true });
});

test("typing a district in the filter and submitting finds its associations @mobile", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/associations");
  await page.getByRole("searchbox", { name: "Search by district, region or name" }).fill("Zomba");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/associations\?q=Zomba$/);
  await expect(page.getByRole("main").getByRole("status")).toContainText("1 association matches “Zomba”");
  const card = page.getByRole("article").filter({ hasText: "Zomba Baptist Men's Fellowship" });
  await expect(card).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Southern Region"]);
  await expect(page.getByText("Area 25 Baptist Men")).toHaveCount(0);
  await expect(card.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", "tel:+265888905663");
  await expect(card.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", "https://wa.me/265888905663");
  await expect(page.getByRole("searchbox", { name: "Search by district, region or name" })).toHaveValue("Zomba");
  expect(scripts, "the directory runs no JavaScript").toEqual([]);
  await page.screenshot({ path: ".tmp/playwright/associations-filtered-360.png", fullPage: true });
});
