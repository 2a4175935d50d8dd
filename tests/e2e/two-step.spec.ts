// Two-step sign-in as staff meet it on a phone: turning it on from the account page with the QR
// code's key, keeping the recovery codes, then signing in with a code, and seeing where they are
// signed in. Each Playwright project has its own account (tests/support/e2e-accounts.ts).
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { e2eTwoStepAdminFor } from "../support/e2e-accounts.ts";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** What an authenticator app shows for a base32 key now (RFC 6238: SHA-1, 30 s, 6 digits). */
function authenticatorCode(key: string): string {
  let bits = "";
  for (const char of key.replace(/\s/g, "")) bits += BASE32.indexOf(char).toString(2).padStart(5, "0");
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

test("staff turn on two-step sign-in, then sign in with a recovery code and see their sessions", async ({ page }, testInfo) => {
  const admin = e2eTwoStepAdminFor(testInfo.project.name);
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto("/admin/account");
  await page.getByRole("link", { name: "Two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await page.locator("code").first().textContent())!;
  const setup = page.getByRole("region", { name: "Turn on two-step sign-in" });
  await setup.getByLabel("Code from the app").fill(authenticatorCode(key));
  await setup.getByLabel("Your password").fill(admin.password);
  await setup.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  const recoveryCode = (await page.getByRole("listitem").filter({ hasText: /^[A-Z2-7]{5}-[A-Z2-7]{5}$/ }).first().textContent())!;
  await expect(page.getByRole("heading", { name: "Two-step sign-in is on" })).toBeVisible();

  // A new sign-in (another phone): the password, then the code.
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/two-step$/);
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
  await page.getByLabel("Code").fill(recoveryCode);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto("/admin/account/sessions");
  await expect(page.getByText("This device")).toBeVisible();
  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(page.getByText(/other sessions? ended/)).toBeVisible();
});
