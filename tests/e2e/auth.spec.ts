import { expect, test } from "@playwright/test";
import { DEMO_ADMIN } from "../../app/db/seed/demo.ts";
import { e2eAdminFor } from "../support/e2e-accounts.ts";

test("an admin signs in, sees the dashboard, and signs out", async ({ page }, testInfo) => {
  // Signing out ends every session of that admin, so this test uses an account of its own.
  const admin = e2eAdminFor(testInfo.project.name);
  await page.goto("/");
  const menuToggle = page.getByLabel("Menu", { exact: true });
  if (await menuToggle.isVisible()) await menuToggle.click();
  await page.getByRole("link", { name: "Login" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("You have been logged in successfully.")).toBeVisible();
  await expect(page.getByText(admin.email).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "View Website" })).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Logged out")).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth$/);
});

test("a wrong password shows the error in a red alert and keeps the e-mail", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid login credentials" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(DEMO_ADMIN.email);
});

test("empty fields are refused with the spec's message", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email and password are required" })).toBeVisible();
});
