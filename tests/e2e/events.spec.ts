// Events and event registration as a visitor uses them: with JavaScript, without it, in another time
// zone, by keyboard and on a 360 px phone. Runs against the demo content (scripts/e2e-server.ts).
import { expect, test, type Page, type Route } from "@playwright/test";
import { uniqueName } from "./support/admin.ts";
import { axeViolations } from "./support/axe.ts";
import { createEvent, signInQuickly, uniquePhone } from "./support/setup.ts";

const BREAKFAST = "Central Region Men's Prayer Breakfast";
const CONFERENCE = "National Men's Conference 2027";
/** The registration dialog's POST, made by the islands script. */
const REGISTRATION_POST = /\/api\/registrations$/;

/** Resolves once the islands script drives the registration form (it takes over the browser's checks). */
async function islandReady(page: Page) {
  await page.waitForFunction(() => document.querySelector("dialog[data-registration-dialog] form[novalidate]") !== null);
}

/** Collects console errors and uncaught exceptions. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

function card(page: Page, name: string) {
  return page.locator("article").filter({ has: page.getByRole("heading", { name }) });
}

test("each event card shows its whole description, none cut off (the spec: each shows the description) @mobile", async ({ page }) => {
  await page.goto("/events");
  const descriptions = page.locator("article p.text-sm.leading-relaxed");
  expect(await descriptions.count()).toBeGreaterThan(2);
  const cut = await descriptions.evaluateAll((all) => all.filter((p) => p.scrollHeight > p.clientHeight + 1).map((p) => p.textContent?.slice(0, 40)));
  expect(cut).toEqual([]);
});

test("Register Now opens the dialog in place; submitting shows 'Registering...', then the toast, and the dialog closes", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto("/events");
  await islandReady(page);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // Hold the registration request so the submitting state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(REGISTRATION_POST, async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.continue();
  });

  const registerNow = card(page, BREAKFAST).getByRole("link", { name: /Register Now/ });
  await registerNow.click();
  const dialog = page.getByRole("dialog", { name: `Register for ${BREAKFAST}` });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await dialog.getByLabel("Full Name").fill(uniqueName("Chikondi Test"));
  await dialog.getByLabel("Phone Number").fill(uniquePhone());
  await expect(dialog.getByText("Providing your email allows us to send you event updates.")).toBeVisible();
  // The breakfast is full: the dialog says so before anything is typed, and its button says what it does.
  await expect(dialog).toHaveAccessibleDescription(/^This event is full: you will join the waiting list\./);
  await dialog.getByRole("button", { name: "Join the waiting list" }).click();

  await expect(dialog.getByRole("button", { name: "Registering..." })).toBeDisabled();
  for (const label of ["Full Name", "Phone Number", "Email"]) await expect(dialog.getByLabel(label)).toBeDisabled();
  release();

  // The breakfast is full: the toast says the place is in line, never "registered" (a place, as on the conference below).
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("You are on the waiting list");
  await expect(toast).toContainText(/The event is full: you are number \d+ in line, without a place yet\./);
  await expect(toast).not.toContainText("Registration successful!");
  await expect(dialog).toBeHidden();
  const complete = card(page, BREAKFAST).getByRole("status");
  // The breakfast is full: the note is headed for the waiting list, not 'Registration Complete' (issue 25).
  await expect(complete).toContainText("You are on the waiting list");
  await expect(complete).toContainText("The event is full, so you do not have a place yet.");
  await expect(complete).not.toContainText("Registration Complete");
  // What follows: the status with the place in line, the code, the links to keep.
  await expect(complete).toContainText(/You are number \d+ on the waiting list/);
  await expect(complete.locator("[data-slot=code]")).toHaveText(/^[23456789A-HJ-NP-Z]{6}$/);
  await expect(complete.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /\/events\/1\/calendar\.ics$/);
  await expect(complete.getByRole("link", { name: /Send to my WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  await expect(complete.getByRole("link", { name: /\/registrations\/[A-Za-z0-9_-]{22}$/ })).toBeVisible();
  // Focus is on the note, not back on Register Now below it: the next Tab reaches his links.
  const code = await complete.locator("[data-slot=code]").innerText();
  const focused = await page.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent ?? "" }));
  expect(focused.tag).not.toBe("BODY");
  expect(focused.text).toContain(code);
  expect(focused.text).not.toContain("Register Now");
  await expect(page).toHaveURL(/\/events$/);
  expect(errors).toEqual([]);
});

test("the phone's Back closes the open dialog and stays on the page; opened again, it still holds what was typed @mobile", async ({ page }) => {
  await page.goto("/");
  await page.goto("/events");
  await islandReady(page);
  await card(page, CONFERENCE).getByRole("link", { name: /Register Now/ }).click();
  const dialog = page.getByRole("dialog", { name: `Register for ${CONFERENCE}` });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/events\?register=\d+$/);
  await dialog.getByLabel("Full Name").fill("Chikondi Back Button");
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/events$/);
  await card(page, CONFERENCE).getByRole("link", { name: /Register Now/ }).click();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Chikondi Back Button");
  // Closed with its × it leaves no entry behind: Back then leaves the page as usual.
  await dialog.getByRole("link", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/events$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("the browser checks the form with the shared rules and keeps what was typed", async ({ page }) => {
  await page.goto("/events");
  await islandReady(page);
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && REGISTRATION_POST.test(request.url())) posts++;
  });

  await card(page, BREAKFAST).getByRole("link", { name: /Register Now/ }).click();
  const dialog = page.getByRole("dialog");
  const name = uniqueName("Mphatso Test");
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Phone Number").fill("12 34");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Join the waiting list" }).click();

  const phone = dialog.getByLabel("Phone Number");
  await expect(phone).toHaveAccessibleDescription(/Please enter a valid phone number with at least 7 digits/);
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toBeFocused();
  await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(/Please enter a valid email address/);
  await expect(dialog.getByLabel("Full Name")).toHaveValue(name);
  await expect(phone).toHaveValue("12 34");
  expect(posts).toBe(0);

  await phone.fill(uniquePhone());
  await dialog.getByLabel("Email").fill("");
  await dialog.getByRole("button", { name: "Join the waiting list" }).click();
  // (The breakfast is full: a place in line.)
  await expect(page.getByTestId("toast")).toContainText("You are on the waiting list");
  await expect(dialog).toBeHidden();
  expect(posts).toBe(1);
});

test("a refusal from the server shows 'Registration failed' with its message, and the dialog keeps the values", async ({ page }) => {
  await page.goto("/events");
  await islandReady(page);
  // The event disappears between loading the page and submitting: the server refuses.
  await page.route(REGISTRATION_POST, (route) =>
    route.request().method() === "POST"
      ? route.continue({ postData: route.request().postData()!.replace(/event_id=\d+/, "event_id=999999") })
      : route.continue(),
  );
  await card(page, BREAKFAST).getByRole("link", { name: /Register Now/ }).click();
  const dialog = page.getByRole("dialog");
  const name = uniqueName("Refused Test");
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Phone Number").fill("0999 555 444");
  await dialog.getByRole("button", { name: "Join the waiting list" }).click();

  const toast = dialog.getByTestId("toast");
  await expect(toast).toContainText("Registration failed");
  await expect(toast).toContainText("This event could not be found.");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("alert").filter({ hasText: "This event could not be found." }).first()).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue(name);
  await expect(dialog.getByLabel("Phone Number")).toHaveValue("0999 555 444");
  // The toast covers none of the dialog's buttons: pressing Register again needs no waiting.
  const [toastBox, registerBox] = [await toast.boundingBox(), await dialog.getByRole("button", { name: "Join the waiting list" }).boundingBox()];
  expect(toastBox!.y + toastBox!.height <= registerBox!.y || registerBox!.y + registerBox!.height <= toastBox!.y || toastBox!.x + toastBox!.width <= registerBox!.x || registerBox!.x + registerBox!.width <= toastBox!.x).toBe(true);
  await expect(dialog.getByRole("button", { name: "Join the waiting list" })).toBeEnabled();
});

test("registered already: the dialog's link leads to that event's 'Get your private link again', which sends it", async ({ page }) => {
  await page.goto("/events");
  await islandReady(page);
  const registerNow = card(page, BREAKFAST).getByRole("link", { name: /Register Now/ });
  const eventId = await registerNow.getAttribute("data-register-id");
  const phone = uniquePhone();
  const dialog = page.getByRole("dialog");
  for (const attempt of [1, 2]) {
    await registerNow.click();
    await dialog.getByLabel("Full Name").fill(uniqueName("Twice"));
    await dialog.getByLabel("Phone Number").fill(phone);
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();
    if (attempt === 1) await expect(dialog).toBeHidden();
  }
  await expect(dialog.getByLabel("Phone Number")).toHaveAccessibleDescription(/This phone number is already registered for this event/);

  await dialog.getByRole("link", { name: "Already registered? Get your private link again" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/my-link$`));
  await expect(page.getByRole("heading", { level: 1, name: "Get your private link again" })).toBeVisible();
  await page.getByLabel("Phone Number").fill(phone);
  await page.getByRole("button", { name: "Send my link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your link is on its way" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/my-link\\?sent$`));
});

test("a lost connection shows the spec's fallback message and the dialog stays open", async ({ page }) => {
  await page.goto("/events");
  await islandReady(page);
  await page.route(REGISTRATION_POST, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
  await card(page, BREAKFAST).getByRole("link", { name: /Register Now/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Full Name").fill("Offline Visitor");
  await dialog.getByLabel("Phone Number").fill("0999 555 333");
  await dialog.getByRole("button", { name: "Join the waiting list" }).click();

  const toast = dialog.getByTestId("toast");
  await expect(toast).toContainText("Registration failed");
  await expect(toast).toContainText("Failed to register for the event. Please try again.");
  // No answer is not a refusal: it may have landed, and trying again is safe.
  await expect(toast).toContainText("If it went through before the connection dropped, trying again shows your code: you are not registered twice.");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Offline Visitor");
});

test("a shared link /events?register=1 opens the dialog for that event, and closing it drops the parameter", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto("/events?register=1");
  await islandReady(page);
  const dialog = page.getByRole("dialog", { name: `Register for ${BREAKFAST}` });
  await expect(dialog).toBeVisible();
  // Still open once the script runs, and modal: the page behind is inert.
  await page.waitForTimeout(300);
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/events$/);
  expect(errors).toEqual([]);
});

test("keyboard: focus moves into the dialog and stays there, Escape closes it and focus returns to Register Now", async ({ page }) => {
  await page.goto("/events");
  await islandReady(page);
  const registerNow = card(page, CONFERENCE).getByRole("link", { name: /Register Now/ });
  await registerNow.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Register for ${CONFERENCE}` });
  await expect(dialog).toBeVisible();

  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const inside = await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body);
    expect(inside).toBe(true);
  }
  await dialog.getByLabel("Full Name").focus();
  await page.keyboard.type("Keyboard Visitor");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(registerNow).toBeFocused();
});

test("keyboard: a dialog opened by its link (?register=) and closed with Escape leaves focus on that event's Register Now, not the page's start", async ({ page }) => {
  await page.goto("/events?register=4");
  await islandReady(page);
  const dialog = page.getByRole("dialog", { name: `Register for ${CONFERENCE}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card(page, CONFERENCE).getByRole("link", { name: /Register Now/ })).toBeFocused();
  await expect(page).not.toHaveURL(/register=/);
});

test("registering from an event's own page", async ({ page }) => {
  await page.goto("/events/4");
  await expect(page.getByRole("heading", { level: 1, name: CONFERENCE })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Events" })).toHaveAttribute("href", "/events");
  await islandReady(page);
  await page.getByRole("link", { name: /Register Now/ }).click();
  const dialog = page.getByRole("dialog", { name: `Register for ${CONFERENCE}` });
  await dialog.getByLabel("Full Name").fill(uniqueName("Detail Page"));
  await dialog.getByLabel("Phone Number").fill(uniquePhone());
  await dialog.getByLabel("Email").fill("detail@example.mw");
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("toast")).toContainText("Registration successful!");
  await expect(dialog).toBeHidden();
  const note = page.getByRole("status").filter({ hasText: "Registration Complete" });
  await expect(note).toBeVisible();
  const link = await note.getByRole("link", { name: /registrations\// }).first().getAttribute("href");
  // Closing the dialog takes ?register off the address (a history step): done before the reload, as a person's would be.
  await expect(page).not.toHaveURL(/register=/);

  // A reload (or Back and Forward) in this tab shows the note again, with the same private link.
  await page.reload();
  await islandReady(page);
  await expect(note).toBeVisible();
  expect(await note.getByRole("link", { name: /registrations\// }).first().getAttribute("href")).toBe(link);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the shared link opens the dialog, empty fields are refused, and a registration goes on to its private page", async ({ page }) => {
    await page.goto("/events?register=1");
    const dialog = page.getByRole("dialog", { name: `Register for ${BREAKFAST}` });
    await expect(dialog).toBeVisible();

    // The browser's own checks (the same rules as the server's) stop an empty form.
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(page).toHaveURL(/\/events\?register=1$/);
    expect(await dialog.getByLabel("Full Name").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await dialog.getByLabel("Full Name").fill(uniqueName("No Script"));
    await dialog.getByLabel("Phone Number").fill(uniquePhone());
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(page).toHaveURL(/\/registrations\/[A-Za-z0-9_-]{22}$/);
    // The breakfast (event 1) is full in the demo, so the place is on the waiting list: the toast and
    // the page say so, instead of 'Registration successful!' and 'Registration Complete' (issue 25, part 5).
    await expect(page.getByTestId("toast")).toContainText("You are on the waiting list");
    await expect(page.getByTestId("toast")).toContainText(/you are number \d+ in line, without a place yet/);
    await expect(page.getByText(/^You are number \d+ on the waiting list$/)).toBeVisible();
    await expect(page.getByText("Registration Complete")).toHaveCount(0);
    await expect(page.getByRole("link", { name: page.url() })).toBeVisible();
  });

  test("a refusal from the server shows the page again with the dialog open, the values and the error", async ({ page }) => {
    await page.goto("/events?register=1");
    const dialog = page.getByRole("dialog");
    // An older browser that does not check patterns: the server's check still applies.
    await dialog.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
    const name = uniqueName("Old Browser");
    await dialog.getByLabel("Full Name").fill(name);
    await dialog.getByLabel("Phone Number").fill("12");
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();

    const again = page.getByRole("dialog", { name: `Register for ${BREAKFAST}` });
    await expect(again).toBeVisible();
    await expect(again.getByLabel("Phone Number")).toHaveAccessibleDescription(/Please enter a valid phone number with at least 7 digits/);
    await expect(again.getByLabel("Full Name")).toHaveValue(name);
    await expect(again.getByLabel("Phone Number")).toHaveValue("12");
  });
});

test("times are Malawi times for a visitor in New York, and the page logs no errors", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  const errors = consoleErrors(page);
  await page.goto("/events");
  await islandReady(page);
  const breakfast = card(page, BREAKFAST);
  await expect(breakfast).toContainText("6:30 AM");
  // The browser's own zone really is New York, so a local rendering would differ.
  const localTime = await breakfast.locator("time").evaluate((time) =>
    new Date(time.getAttribute("datetime")!).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" }),
  );
  expect(localTime).not.toBe("6:30 AM");

  await page.goto("/events/1");
  await expect(page.getByRole("complementary").getByText("6:30 AM")).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("phone layout: no horizontal scroll on the list, an event page and the open dialog @mobile", async ({ page }) => {
  for (const path of ["/events", "/events/2", "/events?register=2"]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
  const dialog = page.getByRole("dialog");
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
});

test("a long link in a description and a 120-letter name break on a 360 px phone instead of widening the page @mobile", async ({ page, browser }) => {
  const link = `https://docs.google.com/forms/d/e/1FAIpQLSd${"x".repeat(70)}/viewform?usp=sf_link`;
  const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await staff.newPage();
  await signInQuickly(admin);
  const id = await createEvent(admin, uniqueName("Long Link Rally"), { description: `Fill in the form first: ${link}` });
  await staff.close();

  for (const path of ["/events", `/events/${id}`]) {
    await page.goto(path);
    await expect(page.getByText(link.slice(0, 30), { exact: false }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  // A name as long as the form takes, with no space in it, on the private page (registered without
  // JavaScript: the form goes on to that page).
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const phone = await plain.newPage();
  await phone.goto(`/events/${id}?register=${id}`);
  await phone.getByLabel("Full Name").fill("Chikondi".repeat(15));
  await phone.getByLabel("Phone Number").fill(uniquePhone());
  await phone.getByRole("dialog").getByRole("button", { name: "Register" }).click();
  await expect(phone).toHaveURL(/\/registrations\//);
  await expect(phone.getByText("Chikondi".repeat(3), { exact: false }).first()).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await plain.close();
});

test("registering in the dialog counts him in the page's places left at once, on the list and on the event's page", async ({ page, browser }) => {
  const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await staff.newPage();
  await signInQuickly(admin);
  const name = uniqueName("Five Places Rally");
  const id = await createEvent(admin, name, { capacity: "5" });
  await staff.close();

  for (const [path, area, left] of [["/events", card(page, name), "4 places left"], [`/events/${id}`, page.getByRole("main"), "3 places left"]] as const) {
    await page.goto(path);
    await islandReady(page);
    await area.getByRole("link", { name: /Register Now/ }).click();
    const dialog = page.getByRole("dialog", { name: `Register for ${name}` });
    await dialog.getByLabel("Full Name").fill(uniqueName("Counted Man"));
    await dialog.getByLabel("Phone Number").fill(uniquePhone());
    await dialog.getByRole("button", { name: "Register" }).click();
    await expect(dialog).toBeHidden();
    await expect(area.getByText(/places? left/)).toHaveText(left);
  }
});

test("a man puts right a misspelt name and a wrong phone on his own page, on a phone without JavaScript: told what is wrong, what he typed kept, his code the same @mobile", async ({ browser }) => {
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true });
  const phone = await plain.newPage();
  await phone.goto("/events/4/register");
  await phone.getByLabel("Full Name").fill("Chisomo Phri");
  await phone.getByLabel("Phone Number").fill(uniquePhone());
  await phone.getByRole("button", { name: "Register" }).click();
  await expect(phone).toHaveURL(/\/registrations\//);
  const code = await phone.locator("[data-slot=code]").textContent();

  await phone.getByText("Correct my name or phone").click();
  await phone.getByLabel("Full Name").fill("Chisomo Phiri");
  await phone.getByLabel("Phone Number").fill("0991 2345");
  await phone.getByRole("button", { name: "Save my details" }).click();
  await expect(phone.getByText("This is not a phone number we can call")).toBeVisible();
  await expect(phone.getByLabel("Phone Number")).toBeFocused();
  await expect(phone.getByLabel("Full Name")).toHaveValue("Chisomo Phiri");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.getByLabel("Phone Number").fill(uniquePhone());
  await phone.getByRole("button", { name: "Save my details" }).click();
  await expect(phone.getByText("Your name and phone number are saved.")).toBeVisible();
  await expect(phone.getByText("National Men's Conference 2027 · Chisomo Phiri")).toBeVisible();
  await expect(phone.locator("[data-slot=code]")).toHaveText(code!);
  // The private page is left out of the pages checked for accessibility (the demo has none): its
  // form, opened, is checked here (axe runs as a script, so in a phone with scripts on).
  const scripted = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const page = await scripted.newPage();
  await page.goto(phone.url());
  await page.getByText("Correct my name or phone").click();
  expect(await axeViolations(page)).toEqual([]);
  await scripted.close();
  await plain.close();
});

test("an unknown or closed event in ?register opens no dialog", async ({ page }) => {
  await page.goto("/events?register=3");
  await expect(page.getByText("Registration is closed for this event.")).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.goto("/events?register=999");
  await expect(page.getByText("This event could not be found.")).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the home page's Register link opens the dialog for that event", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto("/");
  const register = page.locator('a[href^="/events?register="]').first();
  const href = (await register.getAttribute("href"))!;
  await register.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace("?", "\\?")}$`));
  await islandReady(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  await expect(dialog.getByRole("heading", { name: /^Register for / })).toBeVisible();
  expect(await dialog.locator('input[name="event_id"]').inputValue()).toBe(href.split("=")[1]);
  expect(errors).toEqual([]);
});

test("reached by a client-side navigation from a page that runs React, the dialog works the same @desktop", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto("/auth");
  // The sign-in page runs React: its links navigate without loading a new document.
  await page.waitForFunction(() => {
    const link = document.querySelector('header a[href="/events"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator('header a[href="/events"]').first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Upcoming Events" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await card(page, CONFERENCE).getByRole("link", { name: /Register Now/ }).click();
  const dialog = page.getByRole("dialog", { name: `Register for ${CONFERENCE}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(dialog.getByLabel("Full Name")).toHaveAccessibleDescription("Full name is required");
  await dialog.getByLabel("Full Name").fill(uniqueName("Client Nav"));
  await dialog.getByLabel("Phone Number").fill(uniquePhone());
  await dialog.getByRole("button", { name: "Register" }).click();
  // React's toaster shows it (the page's toast templates stay inert).
  await expect(page.getByTestId("toast").filter({ visible: true })).toContainText("Registration successful!");
  await expect(dialog).toBeHidden();
  await expect(card(page, CONFERENCE).getByRole("status")).toContainText("Registration Complete");
  expect(errors).toEqual([]);
});
