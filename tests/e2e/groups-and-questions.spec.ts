// Registration questions and group registration on a 360 px phone (issue 25): staff switch on the
// Association question and add a choice question in the event form; a visitor answers them on the
// event's registration page (a plain form, no script), and is told by the field when an answer is
// missing; a church secretary registers a group of men and gets the page with every man's code.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSideways, hydrated, signIn, uniqueName } from "./support/admin.ts";
import { createEvent, signInQuickly, uniquePhone, type EventFields } from "./support/setup.ts";

// Each test makes its event through the admin's form and registers through the public one: on CI's
// two busy cores the longest took 26 s of the default 30.
test.describe.configure({ timeout: 60_000 });

/** A visitor on a phone, in their own browser. */
async function visitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

/** A man's row in his group's list (line, name, code, status), found by its first words. */
function manRow(page: Page, name: string) {
  return page.getByRole("row", { name: new RegExp(`^\\d+ ${name} `) });
}

/** The row under a man's that holds "Correct {name}" and its form. */
function correctionRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByText(`Correct ${name}`, { exact: true }) });
}

/** The questions the events below ask: the Association (required) and "Accommodation" (a choice, required). */
const QUESTIONS: EventFields = {
  capacity: "20",
  association_question: "required",
  questions: [{ label: "Accommodation", kind: "choice", choices: "Hostel\nHotel\nNone needed", required: true }],
};

/** Creates an event asking the same questions through the admin's event form on its page, as staff do; returns its id. */
async function createEventWithQuestions(page: Page, name: string): Promise<string> {
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.getByLabel("Event Name").fill(name);
  await page.getByLabel("Date and Time").fill("2030-07-12T08:00");
  await page.getByLabel("Capacity").fill("20");
  const questions = page.getByRole("group", { name: "Registration questions" });
  await questions.getByRole("group", { name: /^Association/ }).getByLabel("Ask, answer required").check();
  const first = questions.getByRole("group", { name: "New question 1" });
  await first.getByLabel("Question").fill("Accommodation");
  await first.getByLabel("Type of answer").selectOption("choice");
  await first.getByLabel(/^Choices/).fill("Hostel\nHotel\nNone needed");
  await first.getByRole("switch", { name: "Answer required" }).check();
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  const row = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
  return (await row.getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))!.split("/").pop()!;
}

test("answering an event's questions on a phone: a missing answer is named by its field, then the registration goes through @mobile", async ({ page, browser, baseURL }) => {
  await signIn(page);
  const eventName = uniqueName("Questions Rally");
  const id = await createEventWithQuestions(page, eventName);

  const { context, page: phone } = await visitor(browser, baseURL);
  await phone.goto(`/events/${id}`);
  await phone.getByRole("link", { name: /Register Now/ }).click();
  await expect(phone).toHaveURL(new RegExp(`/events/${id}/register$`));
  await phone.getByLabel("Full Name").fill("Chikondi Phiri");
  await phone.getByLabel("Phone Number").fill(uniquePhone());
  await phone.getByLabel("Association").selectOption({ label: "Other / not listed" });
  // The browser's own check is bypassed: the server refuses the missing answer by its field.
  await phone.locator("form").filter({ has: phone.getByLabel("Full Name") }).evaluate((form) => form.setAttribute("novalidate", ""));
  await phone.getByRole("button", { name: "Register" }).click();
  await expect(phone.getByText("Please answer this question")).toBeVisible();
  await expect(phone.getByLabel("Full Name")).toHaveValue("Chikondi Phiri");
  await expect(phone.getByLabel("Accommodation")).toHaveAttribute("aria-invalid", "true");
  await expectNoSideways(phone);
  await phone.screenshot({ path: ".tmp/playwright/questions-refused-360.png", fullPage: true });

  await phone.getByLabel("Accommodation").selectOption("Hostel");
  await phone.getByRole("button", { name: "Register" }).click();
  await expect(phone).toHaveURL(/\/registrations\/[A-Za-z0-9_-]{22}$/);
  await expect(phone.getByText("Registration Complete")).toBeVisible();

  // Staff see the answers on the desk.
  await page.goto(`/admin/events/registrations/${id}`);
  await expect(page.getByText("Accommodation: Hostel")).toBeVisible();
  await expect(page.getByText("By association and region")).toBeVisible();
  // Its counts (four columns) fit the phone: the desk does not scroll sideways.
  await expect(page.getByRole("table", { name: "By association" })).toBeVisible();
  await expectNoSideways(page);
  await context.close();
});

test("a church secretary registers a group of men on a phone and keeps the page with every code @mobile", async ({ page, browser, baseURL }) => {
  await signInQuickly(page);
  const eventName = uniqueName("Group Rally");
  const id = await createEvent(page, eventName, QUESTIONS);

  const { context, page: phone } = await visitor(browser, baseURL);
  await phone.goto(`/events/${id}`);
  await phone.getByRole("link", { name: "Register a group" }).click();
  await expect(phone).toHaveURL(new RegExp(`/events/${id}/group$`));
  await phone.getByLabel("Leader's name").fill("Yohane Banda");
  await phone.getByLabel("Leader's phone").fill(uniquePhone());
  await phone.getByLabel("Register only if all fit").check();
  const men = ["Alinafe Phiri", "Blessings Banda", "Chikondi Mwale"];
  for (const [index, name] of men.entries()) {
    const line = phone.getByRole("group", { name: `Line ${index + 1}`, exact: true });
    await line.getByLabel(/^Name/).fill(name);
    if (index === 0) await line.getByLabel(/^Phone/).fill(uniquePhone());
    await line.getByLabel(/^Association/).selectOption({ label: "Other / not listed" });
    await line.getByLabel(/^Accommodation/).selectOption("Hotel");
  }
  await expectNoSideways(phone);
  // More lines keeps what was typed and opens the page at the first new line...
  await phone.getByRole("button", { name: "More lines" }).click();
  await expect(phone).toHaveURL(new RegExp(`/events/${id}/group#line-11$`));
  await expect(phone.getByRole("group", { name: "Line 3", exact: true }).getByLabel(/^Name/)).toHaveValue("Chikondi Mwale");
  await expect(phone.getByRole("button", { name: "Register the group" })).toBeVisible();
  // The phone keyboard's Go (Enter) in a field registers the group (it does not add lines), and
  // the group's page opens at its top, not at the "#line-11" the form was opened at.
  await phone.getByRole("group", { name: "Line 3", exact: true }).getByLabel(/^Name/).press("Enter");
  await expect(phone).toHaveURL(/\/groups\/[A-Za-z0-9_-]{22}$/);
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("Your group for");
  await expect(phone.getByText("3 confirmed")).toBeVisible();
  for (const name of men) await expect(manRow(phone, name)).toContainText(/[23456789A-HJ-NP-Z]{6}/);
  // Each man's page, named for him (the leader holds the page of a man without a phone).
  await expect(phone.getByRole("link", { name: "His own page: Alinafe Phiri", exact: true })).toBeVisible();
  await expect(phone.getByRole("link", { name: "His page: Blessings Banda", exact: true })).toBeVisible();
  await expectNoSideways(phone);
  await phone.screenshot({ path: ".tmp/playwright/group-page-360.png", fullPage: true });

  // Cancelling one man frees his place; the first tap only asks.
  const blessings = manRow(phone, "Blessings Banda");
  await blessings.locator("summary", { hasText: "Cancel" }).click();
  await expect(blessings).not.toContainText("Cancelled");
  await blessings.getByRole("button", { name: "Yes, cancel Blessings Banda" }).click();
  await expect(manRow(phone, "Blessings Banda")).toContainText("Cancelled");

  // The desk shows the group as a group.
  await page.goto(`/admin/events/registrations/${id}`);
  await expect(page.getByText("Group of Yohane Banda (2)").first()).toBeVisible();
  await context.close();
});

/** A phone number as the group's page shows it in a man's form ('0991 123456' → '+265 991 12 34 56'). */
function readable(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return `+265 ${digits.slice(1, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)} ${digits.slice(8, 10)}`;
}

test("a secretary corrects a man's phone on his group's page on a phone; a refused correction keeps what he typed @mobile", async ({ page, browser, baseURL }) => {
  await signInQuickly(page);
  const id = await createEvent(page, uniqueName("Correction Rally"), QUESTIONS);
  const { context, page: phone } = await visitor(browser, baseURL);
  await phone.goto(`/events/${id}/group`);
  await phone.getByLabel("Leader's name").fill("Yohane Banda");
  await phone.getByLabel("Leader's phone").fill(uniquePhone());
  await phone.getByLabel("Register only if all fit").check();
  for (const [index, name] of ["Alinafe Phiri", "Blessings Banda"].entries()) {
    const line = phone.getByRole("group", { name: `Line ${index + 1}`, exact: true });
    await line.getByLabel(/^Name/).fill(name);
    await line.getByLabel(/^Phone/).fill(uniquePhone());
    await line.getByLabel(/^Association/).selectOption({ label: "Other / not listed" });
    await line.getByLabel(/^Accommodation/).selectOption("Hotel");
  }
  await phone.getByRole("button", { name: "Register the group" }).click();
  await expect(phone).toHaveURL(/\/groups\/[A-Za-z0-9_-]{22}$/);

  // One digit of Alinafe's phone was wrong: the leader corrects it.
  const alinafe = correctionRow(phone, "Alinafe Phiri");
  await alinafe.getByText("Correct Alinafe Phiri", { exact: true }).click();
  await expect(alinafe.getByLabel("Full Name")).toHaveValue("Alinafe Phiri");
  const corrected = uniquePhone();
  await alinafe.getByLabel("Phone Number").fill(corrected);
  await expectNoSideways(phone);
  // Nor does the list itself: the open form has a row as wide as the table, under his.
  const table = phone.getByRole("table", { name: "The men of the group and their codes" });
  expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await phone.screenshot({ path: test.info().outputPath("group-correct-360.png"), fullPage: true });
  await alinafe.getByRole("button", { name: "Save Alinafe Phiri's details" }).click();
  await expect(phone.getByText("Saved Alinafe Phiri's details.")).toBeVisible();
  const after = correctionRow(phone, "Alinafe Phiri");
  await after.getByText("Correct Alinafe Phiri", { exact: true }).click();
  await expect(after.getByLabel("Phone Number")).toHaveValue(readable(corrected));

  // A phone that cannot be called is refused on its field, with what was typed still there.
  const blessings = correctionRow(phone, "Blessings Banda");
  await blessings.getByText("Correct Blessings Banda", { exact: true }).click();
  await blessings.getByLabel("Phone Number").fill("0991 2345");
  await blessings.getByRole("button", { name: "Save Blessings Banda's details" }).click();
  const refused = correctionRow(phone, "Blessings Banda");
  await expect(refused.getByLabel("Phone Number")).toHaveValue("0991 2345");
  await expect(refused.getByLabel("Phone Number")).toHaveAccessibleDescription(/This is not a phone number we can call/);
  await expect(refused.getByLabel("Phone Number")).toBeFocused();
  await expectNoSideways(phone);
  await context.close();
});
