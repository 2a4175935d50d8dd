// Roles and the activity log as staff meet them on a 360 px phone: an Administrator adds a door
// volunteer (asked for their own password again); the volunteer signs in, lands on check-in, sees
// only what the door needs, and gets a friendly page elsewhere; the Administrator sees the new
// account on the dashboard and the volunteer's sign-in in the activity log.
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN } from "../../app/db/seed/demo.ts";
import { expectNoSideways, hydrated, signIn, toast } from "./support/admin.ts";

test.describe.configure({ timeout: 90_000 });

test("an Administrator adds a door volunteer, who can only check people in; the log shows it", async ({ page, browser, baseURL }) => {
  const volunteer = { email: `door-${Date.now().toString(36)}@example.org`, password: "gate-keeper-at-dawn" };
  await signIn(page);
  await page.goto("/admin/account");
  await hydrated(page);
  const add = page.getByRole("form", { name: "Add an account" });
  await add.getByLabel("Email").fill(volunteer.email);
  await add.getByLabel("Temporary password").fill(volunteer.password);
  await add.getByLabel("Role").selectOption({ label: "Door volunteer" });
  // Without the Administrator's own password, nothing is added and nothing typed is lost.
  await add.getByLabel("Your password").fill("not-my-password");
  await add.getByRole("button", { name: "Add account" }).click();
  await expect(add.getByRole("alert")).toContainText("That is not your current password");
  await expect(add.getByLabel("Email")).toHaveValue(volunteer.email);
  await expect(add.getByLabel("Role")).toHaveValue("volunteer");
  await add.getByLabel("Temporary password").fill(volunteer.password);
  await add.getByLabel("Your password").fill(DEMO_ADMIN.password);
  await add.getByRole("button", { name: "Add account" }).click();
  await expect(toast(page)).toContainText("Account added");
  await expect(page.getByText(volunteer.email, { exact: true })).toBeVisible();
  // Added: the form starts afresh, with no password left in it and no old error.
  for (const label of ["Email", "Temporary password", "Your password"]) await expect(add.getByLabel(label)).toHaveValue("");
  await expect(add.getByRole("alert")).toHaveCount(0);
  await expectNoSideways(page);

  // The volunteer, on their own phone.
  const door = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  const doorPage = await door.newPage();
  await doorPage.goto("/auth");
  await doorPage.getByLabel("Email", { exact: true }).fill(volunteer.email);
  await doorPage.getByLabel("Password").fill(volunteer.password);
  await doorPage.getByRole("button", { name: "Sign In" }).click();
  await expect(doorPage).toHaveURL(/\/admin\/check-in$/);
  // The header says as what they are signed in, in full, even when a long e-mail is cut.
  const role = doorPage.getByRole("banner").getByText("· Door volunteer", { exact: true });
  await expect(role).toBeVisible();
  expect(await role.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const nav = doorPage.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["Check-in", "Account"]);
  await expectNoSideways(doorPage);
  await doorPage.goto("/admin/settings");
  await expect(doorPage.getByRole("heading", { name: "You can't use this page" })).toBeVisible();
  await doorPage.getByRole("link", { name: "Go to check-in" }).click();
  await expect(doorPage).toHaveURL(/\/admin\/check-in$/);
  await door.close();

  // The Administrator sees the change on the dashboard, and the sign-in in the log.
  await page.goto("/admin");
  const changes = page.getByRole("region", { name: "Account changes in the last 14 days" });
  await expect(changes).toContainText(`Added account ${volunteer.email}`);
  await changes.getByRole("link", { name: "See the activity log" }).click();
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Kind")).toHaveValue("account");
  await page.getByLabel("Kind").selectOption({ label: "All kinds" });
  await page.getByLabel("Person").selectOption(volunteer.email);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Signed in" }).first()).toContainText(volunteer.email);
  await expectNoSideways(page);
});
