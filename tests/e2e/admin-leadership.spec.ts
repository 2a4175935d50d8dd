// The leadership manager as an admin uses it: add a regional member (the region field follows the
// position), edit, toggle and delete through the dialog; and the refused form that says what is
// missing and keeps what was typed. Runs on the desktop and at 360 px.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSideways, hydrated, signIn, toast, uniqueName } from "./support/admin.ts";

function row(page: Page, name: string) {
  return page.getByRole("listitem").filter({ hasText: name });
}

async function openNewMemberForm(page: Page) {
  await signIn(page);
  await page.goto("/admin?tab=leadership");
  await page.getByRole("link", { name: "Add Member" }).click();
  await expect(page).toHaveURL(/\/admin\/leadership\/new$/);
  await expect(page.getByRole("heading", { name: "Add Team Member" })).toBeVisible();
  await hydrated(page);
}

test("an admin adds a regional member, edits, deactivates and deletes him", async ({ page }) => {
  test.slow(); // five round trips through the server, on a busy machine
  const name = uniqueName("Yohane Chisale");
  await openNewMemberForm(page);
  await expectNoSideways(page);
  await expect(page.getByRole("switch", { name: "Active" })).toBeChecked();
  await expect(page.getByText("PNG, JPG or GIF, max 2MB")).toBeVisible();

  // The region field appears only for a regional position, and choosing another position clears it.
  const position = page.getByLabel("Position");
  const region = page.getByRole("combobox", { name: "Region" });
  await expect(region).toBeHidden();
  await position.selectOption({ label: "Regional Coordinator (Regional)" });
  await expect(region).toBeVisible();
  await region.fill("Northern");
  await position.selectOption({ label: "President (NEC)" });
  await expect(region).toBeHidden();
  await position.selectOption({ label: "Assistant Regional Coordinator (Regional)" });
  await expect(region).toHaveValue("");
  await region.fill("Eastern");

  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Title").fill("Pastor");
  await page.getByLabel("Email").fill("yohane@example.mw");
  await page.getByLabel("Phone").fill("+265 999 000 111");
  await page.getByLabel("Bio").fill("Leads the men's fellowship in Mangochi.\nPreaches at Namiasi on Sundays.");
  await page.getByRole("button", { name: "Add Member" }).click();

  await expect(page).toHaveURL(/\/admin\?tab=leadership$/);
  await expect(toast(page)).toContainText("Member Added");
  const listed = row(page, name);
  await expect(listed).toContainText(`Pastor ${name}`);
  await expect(listed).toContainText("Assistant Regional Coordinator - Eastern Region");
  await expect(listed.getByText("Regional", { exact: true })).toBeVisible();
  await expectNoSideways(page);
  // On /leadership his bio keeps its line break, as typed.
  const leadership = await page.context().newPage();
  await leadership.goto("/leadership");
  const bio = leadership.getByText("Leads the men's fellowship in Mangochi.");
  expect(await bio.innerText()).toBe("Leads the men's fellowship in Mangochi.\nPreaches at Namiasi on Sundays.");
  await leadership.close();

  // Edit: a non-regional position drops the region.
  await listed.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Team Member" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Full Name")).toHaveValue(name);
  await expect(region).toHaveValue("Eastern");
  await position.selectOption({ label: "Treasurer (NEC)" });
  await expect(region).toBeHidden();
  await page.getByRole("button", { name: "Update Member" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=leadership$/);
  await expect(toast(page)).toContainText("Member Updated");
  await expect(listed).toContainText("Treasurer");
  await expect(listed).not.toContainText("Region");
  await expect(listed.getByText("NEC", { exact: true })).toBeVisible();

  // Toggle from the list.
  await listed.getByRole("button", { name: `Active: deactivate ${name}` }).click();
  await expect(toast(page)).toContainText("Status Updated");
  await expect(listed.getByRole("button", { name: `Inactive: activate ${name}` })).toHaveText("Inactive");

  // Delete through the dialog: Cancel keeps him, Delete removes him.
  await listed.getByRole("link", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete team member?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${name} will be removed from the leadership team`);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await listed.getByRole("link", { name: `Delete ${name}` }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Member Deleted");
  await expect(row(page, name)).toHaveCount(0);
});

test("a refused form says what is missing, marks the fields and keeps what was typed", async ({ page }) => {
  test.slow(); // a cold server on a busy machine can take most of the default 30 s to sign in
  await openNewMemberForm(page);
  await page.getByLabel("Title").fill("Rev.");
  await page.getByLabel("Bio").fill("Pastor in Karonga.");
  await page.getByRole("button", { name: "Add Member" }).click();

  await expect(toast(page)).toContainText("Validation Error");
  await expect(toast(page)).toContainText("Please fill in all required fields");
  await expect(page.getByRole("main").getByText("Full name is required")).toBeVisible();
  await expect(page.getByRole("main").getByText("Please choose a position")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toBeFocused();
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title")).toHaveValue("Rev.");
  await expect(page.getByLabel("Bio")).toHaveValue("Pastor in Karonga.");
  await expect(page).toHaveURL(/\/admin\/leadership\/new$/);
  await expectNoSideways(page);

  // A regional position needs its region.
  await page.getByLabel("Full Name").fill(uniqueName("Moses Kaunda"));
  await page.getByLabel("Position").selectOption({ label: "Regional Coordinator (Regional)" });
  await page.getByRole("button", { name: "Add Member" }).click();
  await expect(page.getByRole("main").getByText("Region is required for a regional position")).toBeVisible();
  await expect(toast(page)).toContainText("Please fill in all required fields");

  // A bad e-mail is named as such.
  await page.getByRole("combobox", { name: "Region" }).fill("Northern");
  await page.getByLabel("Email").fill("moses.kaunda");
  await page.getByRole("button", { name: "Add Member" }).click();
  await expect(page.getByRole("main").getByText("Please enter a valid email address")).toBeVisible();
  await expect(toast(page)).toContainText("Please enter a valid email address");
  await expect(page.getByRole("main").getByText("Region is required for a regional position")).toBeHidden();
  await expect(page.getByLabel("Bio")).toHaveValue("Pastor in Karonga.");
});
