// What the admin browser tests share: signing in as the demo admin, waiting for hydration, and
// checks every manager's test makes.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "../../../app/db/seed/demo.ts";

export async function signIn(page: Page, admin: { email: string; password: string } = DEMO_ADMIN) {
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
}

/** Resolves once React has hydrated the page's main form or list (or what `selector` names): React has put its props on it. */
export async function hydrated(page: Page, selector = "main form, main a[href*='delete=']") {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

/** Nothing on the page is wider than the screen (a table may scroll inside its own box). */
export async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export function toast(page: Page) {
  return page.getByTestId("toast");
}

/** A name no other test (nor the other project running alongside) uses. */
export function uniqueName(label: string) {
  return `${label} ${test.info().project.name} ${Date.now().toString(36)}`;
}
