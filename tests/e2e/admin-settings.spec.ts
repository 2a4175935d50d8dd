// The ministry changes its own site from a phone (360 px): the contact phone, the conference card
// and the hero's verses, each seen on the public pages on the next visit. These tests change what
// every page shows, so they run on their own after the other browser tests (playwright.config.ts).
import { expect, test, type Page } from "@playwright/test";
import { DEMO_EVENTS } from "../../app/db/seed/demo.ts";
import { expectNoSideways, hydrated, signIn, toast } from "./support/admin.ts";

test.describe.configure({ mode: "serial", timeout: 90_000 });

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await hydrated(page);
}

function section(page: Page, name: string) {
  return page.getByRole("region", { name });
}

test("an admin changes the phone number and sees it on the contact page and in every page's footer", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await hydrated(page);
  await expectNoSideways(page);

  const contact = section(page, "Contact");
  await contact.getByLabel("Phone").fill("+265 881 234 567");
  await contact.getByRole("button", { name: "Save contact details" }).click();
  await expect(toast(page)).toContainText("Contact details saved");

  await page.goto("/contact");
  // In the "Call Us" card, and in the message form's hint for a visitor without e-mail.
  await expect(page.getByRole("main").getByRole("link", { name: "+265 881 234 567" })).toHaveCount(2);
  await expect(page.getByRole("main").getByRole("link", { name: "+265 881 234 567" }).first()).toBeVisible();
  await page.goto("/blog");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "+265 881 234 567" })).toBeVisible();
});

test("a wrong e-mail is refused beside its field, and what was typed stays", async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const contact = section(page, "Contact");
  await contact.getByLabel("Events email").fill("events-at-baptistmen");
  await contact.getByLabel("Office hours").fill("Mondays only");
  await contact.getByRole("button", { name: "Save contact details" }).click();
  await expect(contact.getByText("Please enter a valid email address")).toBeVisible();
  await expect(contact.getByLabel("Events email")).toBeFocused();
  await expect(contact.getByLabel("Office hours")).toHaveValue("Mondays only");
});

test("saving one section leaves another's changes unsaved, and leaving the page says so", async ({ page }) => {
  const dialogs: { type: string; message: string }[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    void dialog.dismiss();
  });
  await signIn(page);
  await openSettings(page);
  const organisation = section(page, "Organisation");
  const tagline = organisation.getByLabel("Tagline");
  const stored = await tagline.inputValue();
  await tagline.click();
  await tagline.fill("Men of courage, men of prayer");
  const contact = section(page, "Contact");
  await contact.getByRole("button", { name: "Save contact details" }).click();
  await expect(toast(page)).toContainText("Contact details saved");
  await expect(tagline).toHaveValue("Men of courage, men of prayer");

  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).toEqual({ type: "confirm", message: "You have changes that are not saved. Leave this page and lose them?" });
  await expect(page).toHaveURL(/\/admin\/settings(#contact)?$/);
  void page.reload().catch(() => undefined);
  await expect.poll(() => dialogs.length).toBe(2);
  expect(dialogs[1]!.type).toBe("beforeunload");

  // Put back as it was, and saved: nothing is left to ask about.
  await tagline.fill(stored);
  await organisation.getByRole("button", { name: /^Save/ }).click();
  await expect(toast(page)).toContainText("saved");
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(dialogs).toHaveLength(2);
});

test("without JavaScript a refused section opens at its own message, not at the top of the long page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/admin/settings");
  const contact = section(page, "Contact");
  await contact.getByLabel("Events email").fill("events-at-baptistmen");
  await contact.getByRole("button", { name: "Save contact details" }).click();
  await expect(page).toHaveURL(/\/admin\/settings#contact$/);
  // The section's top says what to correct, and leads to the field.
  const problem = contact.getByRole("alert").getByRole("link", { name: "Please enter a valid email address" });
  await expect(problem).toBeInViewport();
  await problem.click();
  await expect(contact.getByLabel("Events email")).toBeInViewport();
  await expect(contact.getByLabel("Events email")).toHaveValue("events-at-baptistmen");
  await context.close();
});

test("an admin chooses an event for the conference card and the home page counts down to it", async ({ page }) => {
  const conference = DEMO_EVENTS.find((event) => event.name === "National Men's Conference 2027")!;
  await signIn(page);
  await openSettings(page);
  const card = section(page, "Conference card");
  await card.getByRole("radio", { name: /An event I choose/ }).check();
  const choice = await card.locator("option", { hasText: conference.name }).getAttribute("value");
  await card.getByLabel("Event (for 'An event I choose')").selectOption(choice!);
  await card.getByRole("button", { name: "Save conference card" }).click();
  await expect(toast(page)).toContainText("Conference card saved");

  await page.goto("/");
  const aside = page.getByRole("complementary", { name: conference.name });
  await expect(aside).toBeVisible();
  const timer = aside.getByRole("timer");
  const days = Number(await timer.locator('[data-unit="days"]').textContent());
  expect(days).toBeGreaterThan(100);
  // It counts: the seconds change without a reload.
  const before = await timer.locator('[data-unit="seconds"]').textContent();
  await expect(timer.locator('[data-unit="seconds"]')).not.toHaveText(before!, { timeout: 3000 });
  await expect(aside.getByRole("link", { name: "Register Now" })).toHaveAttribute("href", /\/events\?register=\d+$/);
});

test("an admin adds a verse to the hero, and it rotates in on the home page", async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  const hero = section(page, "Home hero");
  // Keep only the first verse, then add the new one after it.
  for (let i = 0; i < 3; i++) await hero.getByRole("button", { name: /^Remove verse 2/ }).click();
  await hero.getByRole("button", { name: "Add verse" }).click();
  await hero.getByLabel("Verse", { exact: true }).nth(1).fill("Watch, stand fast in the faith, be brave, be strong.");
  await hero.getByLabel("Reference").nth(1).fill("1 Corinthians 16:13 (NKJV)");
  await hero.getByRole("button", { name: "Save home hero" }).click();
  await expect(toast(page)).toContainText("Home hero saved");

  await page.clock.install();
  await page.goto("/");
  const message = page.getByTestId("hero-message");
  await expect(page.getByRole("button", { name: /^(Pause|Play) rotating/ })).toBeVisible();
  await expect(message.getByText("Watch, stand fast in the faith")).toBeHidden();
  // Verse, testimonial, then the second verse: the new one.
  await page.clock.runFor(2 * (8000 + 600));
  await expect(message.getByText("Watch, stand fast in the faith, be brave, be strong.")).toBeVisible();
  await expect(message.getByText("1 Corinthians 16:13 (NKJV)")).toBeVisible();
});
