// /admin/giving on a 360 px phone: someone gives through /give (the local simulator stands in for
// the phone's PIN prompt), and the Administrator reads the gift whole, the amount beside the giver,
// without a sideways swipe; on a wider screen the gifts are still a table.
import { expect, test } from "@playwright/test";
import { expectNoSideways, signIn, uniqueName } from "./support/admin.ts";
import { axeViolations } from "./support/axe.ts";

test.describe.configure({ timeout: 90_000 });

test("each gift reads whole on a phone, the amount beside the giver, with no sideways scrolling; a table on a wide screen @mobile", async ({ page }) => {
  const giver = uniqueName("Chisomo Banda");
  await page.goto("/give?amount=20000");
  await page.getByLabel("Mobile money number").fill(`0991 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`);
  await page.getByLabel("Your name (optional)").fill(giver);
  await page.getByRole("button", { name: "Give", exact: true }).click();
  await page.getByRole("link", { name: /Open the payment simulator/ }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Thank you for your gift")).toBeVisible();

  await signIn(page);
  await page.goto("/admin/giving");
  const gift = page.getByRole("row").filter({ hasText: giver });
  const name = gift.getByText(giver, { exact: true });
  const amount = gift.getByText("MK 20,000", { exact: true });
  const receipt = gift.getByText(/G-[A-Z2-9]{8}$/);
  await gift.scrollIntoViewIfNeeded();
  for (const part of [name, amount, gift.getByText("General Fund"), receipt]) await expect(part).toBeInViewport({ ratio: 1 });
  // The amount on the giver's line, at its right.
  const [nameBox, amountBox] = [await name.boundingBox(), await amount.boundingBox()];
  expect(amountBox!.y).toBeLessThan(nameBox!.y + nameBox!.height);
  expect(amountBox!.x).toBeGreaterThan(nameBox!.x);
  // Nothing scrolls sideways: not the page, and not a box inside it.
  await expectNoSideways(page);
  const sideways = await page.evaluate(() =>
    [...document.querySelectorAll("main *")].filter((element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth).length,
  );
  expect(sideways).toBe(0);
  await expect(page.getByRole("heading", { name: "By month" }).locator("..")).not.toContainText(/\d{4}-\d{2}/);
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 1024, height: 768 });
  for (const column of ["Date", "Giver", "Fund", "Amount", "Receipt"]) await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
