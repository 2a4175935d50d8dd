// The associations directory on a phone (issue 25): the hero's Find Association leads to it, and a
// visitor finds an association by typing in the filter and submitting (a plain GET form: the page
// runs no JavaScript), then can call or message its contact.
import { expect, test } from "@playwright/test";
import { hydrated, uniqueName } from "./support/admin.ts";
import { signInQuickly } from "./support/setup.ts";

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

test("a file refused for a bad row is corrected in the box and imported from there, the file no longer chosen @mobile", async ({ page }) => {
  await signInQuickly(page);
  await page.goto("/admin/associations/import");
  await hydrated(page);
  const good = uniqueName("Likoma Men");
  const csv = `name,region,district,contact_name,contact_phone,meeting\n${good},Northern,Likoma,,,\nBad Row,,,,,\n`;
  await page.getByLabel("CSV file").setInputFiles({ name: "associations.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Line 3: region is required" })).toContainText("Correct these rows (they are in the box below) and import again");
  await expect(page.getByRole("alert").filter({ hasText: "Correct the rows in the box and import again." })).toBeVisible();
  const box = page.getByLabel("Or paste the rows, header included");
  await expect(box).toHaveValue(csv);
  expect(await page.getByLabel("CSV file").evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

  await box.fill(csv.replace("Bad Row,,,,,\n", ""));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=associations/);
  await expect(page.getByText("1 association imported")).toBeVisible();
  await expect(page.getByText(good, { exact: true })).toBeVisible();
});
