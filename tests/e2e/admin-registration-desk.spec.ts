// The registration desk as the people who use it meet it, on a 360 px phone: a visitor registers,
// keeps the code and the private link, and cancels; the person waiting moves up (and, having given
// an e-mail address, is told both by e-mail); staff see it on the desk and check someone in at the
// door by the last digits of the phone. Without JavaScript the private page's cancel still works.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSideways, hydrated, signIn, toast, uniqueName } from "./support/admin.ts";
import { createEvent, signInQuickly, uniquePhone } from "./support/setup.ts";

test.describe.configure({ timeout: 90_000 });

/** Creates an event with one place through the admin's form on its page, as staff do; returns its id. */
async function createOnePlaceEvent(page: Page, name: string): Promise<string> {
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.getByLabel("Event Name").fill(name);
  await page.getByLabel("Date and Time").fill("2030-06-12T08:00");
  await page.getByLabel("Location").fill("Bingu International Convention Centre");
  await page.getByLabel("Capacity").fill("1");
  await expect(page.getByRole("switch", { name: "Waiting list" })).toBeChecked();
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  const row = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toContainText("0 of 1 places taken");
  return (await row.getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))!.split("/").pop()!;
}

/** A visitor on a phone, in their own browser. */
async function visitor(browser: Browser, baseURL: string | undefined, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

/** Registers on the event's own page with the dialog; returns the confirmation shown. */
async function register(page: Page, eventId: string, eventName: string, name: string, phone: string, email = "", toastText = "Registration successful!") {
  await page.goto(`/events/${eventId}`);
  await page.waitForFunction(() => document.querySelector("dialog[data-registration-dialog] form[novalidate]") !== null);
  await page.getByRole("link", { name: /Register Now/ }).click();
  const dialog = page.getByRole("dialog", { name: `Register for ${eventName}` });
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Phone Number").fill(phone);
  await dialog.getByLabel(/^Email/).fill(email);
  // A full event's dialog says so, and its button joins the waiting list.
  const joinsWaitingList = toastText === "You are on the waiting list";
  if (joinsWaitingList) await expect(dialog).toContainText("This event is full: you will join the waiting list.");
  await dialog.getByRole("button", { name: joinsWaitingList ? "Join the waiting list" : "Register", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText(toastText);
  await expect(dialog).toBeHidden();
  // 'Registration Complete' for a place, the waiting list's own heading for a place in line (issue 25).
  // (Not the toaster's region, whose toast now says the same of a place in line.)
  const complete = page.getByRole("status").filter({ hasText: /Registration Complete|You are on the waiting list/, hasNot: page.getByTestId("toast") });
  await expect(complete).toBeVisible();
  return complete;
}

test("register, keep the code and the private link, cancel, and the person waiting moves up", async ({ page, browser, baseURL }) => {
  const eventName = uniqueName("Door Rally");
  await signIn(page);
  const eventId = await createOnePlaceEvent(page, eventName);

  // The first visitor takes the only place.
  const first = await visitor(browser, baseURL);
  await first.page.goto(`/events/${eventId}`);
  await expect(first.page.getByText("1 place left")).toBeVisible();
  const firstConfirmation = await register(first.page, eventId, eventName, "Chikondi First", uniquePhone());
  await expect(firstConfirmation).toContainText("Your place is confirmed.");
  const code = (await firstConfirmation.locator("[data-slot=code]").textContent())!;
  expect(code).toMatch(/^[23456789A-HJ-NP-Z]{6}$/);
  await expect(firstConfirmation.getByRole("link", { name: /Send to my WhatsApp/ })).toHaveAttribute("href", new RegExp(`text=.*${code}`));
  await expectNoSideways(first.page);

  // The second joins the waiting list.
  const second = await visitor(browser, baseURL);
  const secondPhone = uniquePhone();
  const secondEmail = `mphatso-${Date.now().toString(36)}@example.mw`;
  await second.page.goto(`/events/${eventId}`);
  await expect(second.page.getByText("Full – join the waiting list")).toBeVisible();
  const secondConfirmation = await register(second.page, eventId, eventName, "Mphatso Second", secondPhone, secondEmail, "You are on the waiting list");
  await expect(secondConfirmation).toContainText("You are on the waiting list");
  await expect(secondConfirmation).not.toContainText("Registration Complete");
  await expect(secondConfirmation).toContainText("You are number 1 on the waiting list.");
  const secondLink = (await secondConfirmation.getByRole("link", { name: /\/registrations\// }).getAttribute("href"))!;

  // The first opens the private link, and cancels: a dialog asks first.
  await firstConfirmation.getByRole("link", { name: /\/registrations\// }).click();
  await expect(first.page.getByRole("heading", { name: "Your registration" })).toBeVisible();
  await expect(first.page.getByText(code, { exact: true })).toBeVisible();
  await first.page.getByText("I can no longer come").click();
  await first.page.getByRole("button", { name: "Cancel my registration" }).click();
  const ask = first.page.getByRole("dialog", { name: "Cancel your registration?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep my registration" }).click();
  await expect(ask).toBeHidden();
  await expect(first.page.getByText("Your place is confirmed.")).toBeVisible();
  await first.page.getByRole("button", { name: "Cancel my registration" }).click();
  await ask.getByRole("button", { name: "Yes, cancel my registration" }).click();
  await expect(first.page.getByTestId("toast")).toContainText("Registration cancelled");
  await expect(first.page.getByText("This registration is cancelled.")).toBeVisible();
  await expectNoSideways(first.page);

  // The second has moved up, at once.
  await second.page.goto(secondLink);
  await expect(second.page.getByText("Your place is confirmed.")).toBeVisible();

  // They were e-mailed both (wrangler simulates Email Service): their place on the waiting list
  // with the event's calendar file, then that they moved up.
  const mail = (kind: string) => page.getByRole("listitem").filter({ hasText: `To ${secondEmail} · ${kind}` });
  await expect(async () => {
    await page.goto("/admin/outbox?status=sent");
    await expect(mail("Registration on the waiting list")).toBeVisible({ timeout: 1000 });
    await expect(mail("Moved up from the waiting list")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mail("Registration on the waiting list").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`You are on the waiting list: ${eventName}`);
  await expect(page.getByText(/\.ics \(text\/calendar; method=PUBLISH, \d+ bytes\)/)).toBeVisible();
  await expectNoSideways(page);

  // The desk shows it, with the WhatsApp link; the site's own e-mail told them they moved up, so
  // the desk does not ask staff to tell them again (a second message is not harmless).
  await page.goto(`/admin/events/registrations/${eventId}`);
  await expect(page.getByRole("heading", { name: `${eventName} Registrations` })).toBeVisible();
  const person = page.getByRole("row").filter({ hasText: "Mphatso Second" });
  await expect(person).toContainText("Confirmed");
  await expect(person.getByRole("link", { name: /WhatsApp Mphatso Second/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/265991\d{6}\?text=/);
  await expect(page.getByRole("row").filter({ hasText: "Chikondi First" })).toContainText("Cancelled");
  await expectNoSideways(page);
  await expect(person).not.toContainText("Moved up – not told yet");
  await expect(person.getByRole("button", { name: "Mark Mphatso Second as told" })).toHaveCount(0);
  await expect(page.getByText("moved up from the waiting list and not been told yet")).toHaveCount(0);

  // At the door: found by the last digits of the phone, checked in with one tap, and undone.
  await page.goto("/admin/check-in");
  await page.getByRole("link", { name: new RegExp(eventName) }).click();
  await expect(page.getByRole("heading", { name: `Check-in: ${eventName}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "confirmed checked in" })).toContainText("0 of 1 confirmed checked in");
  await page.getByLabel("Name, last digits of the phone, or code").fill(secondPhone.slice(-4));
  await page.getByRole("button", { name: "Search" }).click();
  const card = page.getByRole("listitem").filter({ hasText: "Mphatso Second" });
  await hydrated(page);
  await card.getByRole("button", { name: /^Check in\s*: Mphatso Second$/ }).click();
  await expect(card).toContainText(/In \d\d:\d\d/);
  await expect(page.getByRole("status").filter({ hasText: "confirmed checked in" })).toContainText("1 of 1 confirmed checked in");
  await expectNoSideways(page);
  await card.getByRole("button", { name: /Undo/ }).click();
  await expect(card.getByRole("button", { name: /^Check in\s*: Mphatso Second$/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "confirmed checked in" })).toContainText("0 of 1 confirmed checked in");

  // A man without a place is never kept to send unasked (the server would ask "admit anyway?" first):
  // a tap for him that gets no answer says nothing was saved.
  await page.getByLabel("Name, last digits of the phone, or code").fill("Chikondi First");
  await page.getByRole("button", { name: "Search" }).click();
  const cancelled = page.getByRole("listitem").filter({ hasText: "Chikondi First" });
  await page.route(/\/api\/admin\/events\/\d+\/check-in$/, (route) => route.abort("internetdisconnected"));
  await cancelled.getByRole("button", { name: /^Check in\s*: Chikondi First$/ }).click();
  await expect(cancelled.getByRole("alert")).toContainText("No connection: nothing was saved. Try again.");
  await expect(page.getByText("waiting to send")).toHaveCount(0);
  await page.unroute(/\/api\/admin\/events\/\d+\/check-in$/);
  await page.getByLabel("Name, last digits of the phone, or code").fill(secondPhone.slice(-4));
  await page.getByRole("button", { name: "Search" }).click();

  // A tap that cannot reach the server is kept on the phone, says so, and is sent once the signal is back.
  await page.route(/\/api\/admin\/events\/\d+\/check-in$/, (route) => route.abort("internetdisconnected"));
  await card.getByRole("button", { name: /^Check in\s*: Mphatso Second$/ }).click();
  const kept = page.getByRole("listitem").filter({ hasText: "Mphatso Second" });
  await expect(kept).toContainText(/In \d\d:\d\d \(waiting to send\)/);
  await page.unroute(/\/api\/admin\/events\/\d+\/check-in$/);
  await expect(page.getByRole("status").filter({ hasText: "confirmed checked in" })).toContainText("1 of 1 confirmed checked in", { timeout: 30_000 });
  await expect(kept).not.toContainText("waiting to send");

  await first.context.close();
  await second.context.close();
});

test("without JavaScript: register, land on the private page, and cancel there", async ({ page, browser, baseURL }) => {
  const eventName = uniqueName("Plain Rally");
  await signInQuickly(page);
  const eventId = await createEvent(page, eventName, { capacity: "1" });
  const { context, page: plain } = await visitor(browser, baseURL, false);
  await plain.goto(`/events/${eventId}?register=${eventId}`);
  const dialog = plain.getByRole("dialog", { name: `Register for ${eventName}` });
  await dialog.getByLabel("Full Name").fill("No Script Man");
  await dialog.getByLabel("Phone Number").fill(uniquePhone());
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(plain).toHaveURL(/\/registrations\/[A-Za-z0-9_-]{22}$/);
  await expect(plain.getByText("Registration Complete")).toBeVisible();
  await expect(plain.getByText("Your place is confirmed.")).toBeVisible();
  await plain.getByText("I can no longer come").click();
  await plain.getByRole("button", { name: "Cancel my registration" }).click();
  await expect(plain.getByText("This registration is cancelled.")).toBeVisible();
  await expect(plain.getByTestId("toast")).toContainText("Registration cancelled");
  await context.close();
});

test("Add a registration keeps what was typed when the phone is taken, and starts empty after adding", async ({ page }) => {
  await signInQuickly(page);
  const eventId = await createEvent(page, uniqueName("Desk Typing"), { capacity: "1" });
  const phone = uniquePhone();
  await page.goto(`/admin/events/registrations/${eventId}`);
  await hydrated(page);
  const add = page.locator("details").filter({ hasText: "Add a registration" });
  await add.getByText("Add a registration").click();
  await add.getByLabel("Full Name").fill("Phoned In");
  await add.getByLabel("Phone Number").fill(phone);
  await add.getByRole("button", { name: "Add registration" }).click();
  await expect(toast(page)).toContainText("Phoned In");
  await expect(add.getByLabel("Full Name")).toHaveValue("");

  await add.getByLabel("Full Name").fill("Same Phone Brother");
  await add.getByLabel("Phone Number").fill(phone);
  await add.getByLabel("Email (optional)").fill("brother@example.org");
  await add.getByRole("button", { name: "Add registration" }).click();
  await expect(add.getByText(/already registered for this event \(Phoned In/)).toBeVisible();
  await expect(add.getByLabel("Full Name")).toHaveValue("Same Phone Brother");
  await expect(add.getByLabel("Phone Number")).toHaveValue(phone);
  await expect(add.getByLabel("Email (optional)")).toHaveValue("brother@example.org");
  // Ticking the switch is all it takes now.
  await add.getByRole("switch", { name: "Shares a phone" }).click();
  await add.getByRole("switch", { name: "Go over the capacity" }).click();
  await add.getByRole("button", { name: "Add registration" }).click();
  await expect(toast(page)).toContainText("Same Phone Brother");
  await expect(add.getByLabel("Full Name")).toHaveValue("");
});

test("Cancel at the desk asks first, saying where the place goes; only 'Yes, cancel' cancels, and the man waiting moves up", async ({ page }) => {
  await signInQuickly(page);
  const eventId = await createEvent(page, uniqueName("Desk Cancel Asks"), { capacity: "1" });
  await page.goto(`/admin/events/registrations/${eventId}`);
  await hydrated(page);
  const add = page.locator("details").filter({ hasText: "Add a registration" });
  await add.getByText("Add a registration").click();
  for (const name of ["Mayeso Has Place", "Yamikani Waits"]) {
    await add.getByLabel("Full Name").fill(name);
    await add.getByLabel("Phone Number").fill(uniquePhone());
    await add.getByRole("button", { name: "Add registration" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  }
  const row = page.getByRole("row").filter({ hasText: "Mayeso Has Place" });
  await expect(row).toContainText("Confirmed");
  await row.getByText("Cancel Mayeso Has Place", { exact: true }).click();
  await expect(row.getByText("Cancel Mayeso Has Place's registration?")).toBeVisible();
  await expect(row).toContainText("Their place goes to the first man on the waiting list, if one is waiting.");
  // With the keyboard: Escape closes the question, focus back on "Cancel …", so the next Enter does not cancel.
  await page.getByRole("button", { name: "Yes, cancel Mayeso Has Place" }).focus();
  await page.keyboard.press("Escape");
  await expect(row.getByText("Cancel Mayeso Has Place's registration?")).toBeHidden();
  await expect(row.getByText("Cancel Mayeso Has Place", { exact: true })).toBeFocused();
  // Opening the question changed nothing.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("row").filter({ hasText: "Mayeso Has Place" })).toContainText("Confirmed");
  await expectNoSideways(page);

  await page.getByRole("row").filter({ hasText: "Mayeso Has Place" }).getByText("Cancel Mayeso Has Place", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, cancel Mayeso Has Place" }).click();
  await expect(toast(page)).toContainText("Yamikani Waits");
  await expect(page.getByRole("row").filter({ hasText: "Mayeso Has Place" })).toContainText("Cancelled");
  await expect(page.getByRole("row").filter({ hasText: "Yamikani Waits" })).toContainText("Confirmed");
});

/** Signs in, makes a one-place event and adds one man at its desk; his row in the desk's list. */
async function deskWithOneMan(page: Page, eventLabel: string, name: string, phone: string) {
  await signInQuickly(page);
  const eventId = await createEvent(page, uniqueName(eventLabel), { capacity: "1" });
  await page.goto(`/admin/events/registrations/${eventId}`);
  await hydrated(page);
  const add = page.locator("details").filter({ hasText: "Add a registration" });
  await add.getByText("Add a registration").click();
  await add.getByLabel("Full Name").fill(name);
  await add.getByLabel("Phone Number").fill(phone);
  await add.getByRole("button", { name: "Add registration" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  return row;
}

test("Edit corrects a man's phone at the desk: the form opens prefilled, the save says so and the row shows the new number", async ({ page }) => {
  const row = await deskWithOneMan(page, "Desk Edit", "Chikondi Wrong Digit", "0991 000 001");

  await row.getByRole("link", { name: "Edit Chikondi Wrong Digit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Chikondi Wrong Digit" });
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Chikondi Wrong Digit");
  await expect(dialog.getByLabel("Phone Number")).toHaveValue("+265 991 00 00 01");
  const phone = uniquePhone();
  await dialog.getByLabel("Phone Number").fill(phone);
  await expectNoSideways(page);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page)).toContainText("Saved Chikondi Wrong Digit's details.");
  await expect(dialog).toBeHidden();
  const digits = phone.replace(/\D/g, "").slice(1);
  await expect(row).toContainText(`+265 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`);
});

test("the desk's edit form asks before Escape, × or Cancel throws away a correction; untouched, it just closes", async ({ page }) => {
  const row = await deskWithOneMan(page, "Desk Edit Close", "Yamikani Misspelt", uniquePhone());
  const questions: string[] = [];
  const answer = { close: false };
  page.on("dialog", (question) => {
    questions.push(question.message());
    void (answer.close ? question.accept() : question.dismiss());
  });
  const dialog = page.getByRole("dialog", { name: "Edit Yamikani Misspelt" });

  // Opened and closed untouched: nothing to lose, no question.
  await row.getByRole("link", { name: "Edit Yamikani Misspelt" }).click();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Yamikani Misspelt");
  const editAddress = page.url();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(questions).toEqual([]);

  // Opened by its address (a reload, or Edit tapped before the script ran): closed, focus is back on its Edit.
  await page.goto(editAddress);
  await hydrated(page);
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("link", { name: "Edit Yamikani Misspelt" })).toBeFocused();
  expect(questions).toEqual([]);

  // A correction typed: Escape (twice, with no tap between), × and Cancel each ask, and staying keeps it.
  await row.getByRole("link", { name: "Edit Yamikani Misspelt" }).click();
  await dialog.getByLabel("Full Name").fill("Yamikani Spelt Right");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await dialog.getByRole("link", { name: "Close" }).click();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  expect(questions).toEqual(Array(4).fill("You have changes that are not saved. Close this form and lose them?"));
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Yamikani Spelt Right");
  await expect(page).toHaveURL(/[?&]edit=\d+/);

  // Agreeing to lose it closes the form; the list is as it was.
  answer.close = true;
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(questions).toHaveLength(5);
  await expect(page).not.toHaveURL(/[?&]edit=/);
  await expect(row).toContainText("Yamikani Misspelt");
  // And the page is not left thinking that form has changes: leaving it asks nothing.
  await page.getByRole("link", { name: "Back to Events" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  expect(questions).toHaveLength(5);
});

/** An instant as a `datetime-local` value in Malawi time. */
function malawiInput(date: Date) {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Africa/Blantyre", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
    .format(date)
    .replace(" ", "T");
}

test("Cancel a burst: staff choose the window by its labels, preview it, and cancel it, on a phone", async ({ page, baseURL }) => {
  const eventName = uniqueName("Burst Rally");
  await signInQuickly(page);
  const eventId = await createEvent(page, eventName, { capacity: "1" });
  for (const name of ["Made Up One", "Made Up Two", "Made Up Three"]) {
    const response = await page.request.post("/api/registrations", { form: { event_id: eventId, full_name: name, phone_number: uniquePhone(), email: "" }, headers: { Origin: baseURL! } });
    expect(response.status()).toBe(200);
  }
  await page.goto(`/admin/events/registrations/${eventId}`);
  await hydrated(page);
  await page.getByText("Cancel a burst").click();
  const now = Date.now();
  await page.getByLabel("From").fill(malawiInput(new Date(now - 10 * 60_000)));
  await page.getByLabel("To").fill(malawiInput(new Date(now + 60_000)));
  await expect(page.getByLabel("Address group")).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "This selects 3 registrations" })).toBeVisible();
  await expect(page.getByText("Made Up One, Made Up Two, Made Up Three.")).toBeVisible();
  await expectNoSideways(page);
  await page.getByRole("button", { name: "Cancel these 3 registrations" }).click();
  await expect(toast(page)).toContainText("Cancelled 3 registrations");
  await expect(page.getByRole("row").filter({ hasText: "Made Up Two" })).toContainText("Cancelled");
  await expectNoSideways(page);
});
