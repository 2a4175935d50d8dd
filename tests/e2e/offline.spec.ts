// No signal, no problem (issue 26), on a 360 px phone with Playwright's offline mode: the door keeps
// checking people in offline and sends the queue when the signal is back (once, whoever resends),
// the count and the walk-in's note saying so at once; two volunteers admitting one man; a registrant's private page opening without data; a public page
// read once opening offline with "Saved …", an unknown one showing the offline page; nothing
// private kept after an admin session, and signing out clearing the door's data; the service
// worker arriving only after the page has loaded.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "../../app/db/seed/demo.ts";
import { DOOR_WAIT_MS } from "../../app/features/events/door-types.ts";
import { e2eAdminFor } from "../support/e2e-accounts.ts";
import { hydrated, uniqueName } from "./support/admin.ts";
import { addPeople, createEvent, signInQuickly, uniquePhone } from "./support/setup.ts";

test.describe.configure({ timeout: 120_000 });

const DOOR_VOLUNTEER = { email: "door@baptistmen.mw", password: DEMO_ADMIN.password };

/** Signs in as the door volunteer on the sign-in form the page shows. */
async function signInAsDoor(door: Page) {
  await door.getByLabel("Email", { exact: true }).fill(DOOR_VOLUNTEER.email);
  await door.getByLabel("Password").fill(DOOR_VOLUNTEER.password);
  await door.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Turns the phone's signal off and waits until its pages know it: on a busy machine a tap made at
 * once could still go out (as it would on a phone still online) and reach the server first.
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  for (const open of context.pages()) await open.waitForFunction(() => !navigator.onLine);
}

async function phone(browser: Browser, baseURL: string | undefined) {
  // A phone set to another zone (or none): the door still gives Malawi's times, as the server does.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, timezoneId: "America/New_York" });
  return { context, page: await context.newPage() };
}

/** Signs in as staff and makes an event (of `capacity` places, or room for everyone; its fee `price`, or free) with these people registered; its id. */
async function eventWithPeople(page: Page, prefix: string, names: string[], capacity = "", price = ""): Promise<string> {
  await signInQuickly(page);
  const eventId = await createEvent(page, uniqueName(prefix), { capacity, price });
  await addPeople(page, eventId, names);
  return eventId;
}

/** The time in Malawi as the door writes it (HH:mm), now and a minute ago (the tap may fall either side of a minute). */
function malawiClocks(): string[] {
  const clock = (at: number) => new Date(at).toLocaleTimeString("en-GB", { timeZone: "Africa/Blantyre", hour: "2-digit", minute: "2-digit", hour12: false });
  return [clock(Date.now() - 60_000), clock(Date.now())];
}

/** The check-in page, once its list is kept on the phone and the service worker can open it offline. */
async function openDoor(page: Page, eventId: string, people: number) {
  await page.goto(`/admin/events/${eventId}/check-in`);
  // The door's script fetches the list after the page: on CI's two busy cores that can take more than 5 s.
  const saved = page.getByText(`Saved on this phone: ${people === 1 ? "1 person" : `${people} people`}`);
  await expect(saved).toBeVisible({ timeout: 15_000 });
  const [before, now] = malawiClocks();
  expect(await saved.textContent()).toMatch(new RegExp(`updated [A-Z][a-z]{2} \\d+, (${before}|${now})\\.`));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(async () => (await (await caches.open("door")).keys()).length === 2);
}

async function checkInOffline(page: Page, name: string) {
  await page.getByLabel("Search the list on this phone").fill(name);
  // The name's sr-only part reads as its own block: "Check in : {name}".
  await page.getByRole("button", { name: new RegExp(`^Check in\\s*: ${name}$`) }).click();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(/In \d\d:\d\d \(waiting to send\)/);
  const [before, now] = malawiClocks();
  expect(await row.textContent()).toMatch(new RegExp(`In (${before}|${now}) \\(waiting to send\\)`));
}

/** Sends the door's actions straight to the server again, as a phone that never heard the answer would. */
function collectSends(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request) => {
    if (/\/door-actions$/.test(request.url())) bodies.push(request.postData() ?? "");
  });
  return bodies;
}

async function checkedInOnDesk(page: Page, eventId: string): Promise<string[]> {
  await page.goto(`/admin/events/registrations/${eventId}`);
  const rows = page.getByRole("row").filter({ hasText: /Checked in \d\d:\d\d/ });
  const names = await rows.evaluateAll((all) => all.map((row) => row.querySelector("td span")?.textContent ?? ""));
  return names.sort();
}

test("the door works offline: 3 check-ins and a walk-in, a reload, then back online they reach the desk once @mobile", async ({ page, baseURL, browser }) => {
  const eventName = uniqueName("Offline Rally");
  await signInQuickly(page);
  const eventId = await createEvent(page, eventName);
  const names = ["Chikondi Offline", "Dalitso Offline", "Mayeso Offline", "Tadala Stays Out"];
  await addPeople(page, eventId, names);

  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  const sends = collectSends(door);
  await openDoor(door, eventId, 4);

  await goOffline(context);
  await expect(door.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
  // The page's own search needs the server: the door's takes its place.
  await expect(door.getByRole("button", { name: "Search", exact: true })).toBeHidden();
  for (const name of names.slice(0, 3)) await checkInOffline(door, name);
  await door.getByLabel("Full name", { exact: true }).fill("Walk-in Wongani");
  // Offline too, a walk-in needs a number with at least 7 digits: "12" is not queued.
  const walkPhone = door.getByLabel("Phone number", { exact: true });
  await walkPhone.fill("12");
  await door.getByRole("button", { name: "Add and check in" }).click();
  expect(await walkPhone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveText("Offline: 3 check-ins waiting to send");
  await walkPhone.fill(uniquePhone());
  await door.getByRole("button", { name: "Add and check in" }).click();
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveText("Offline: 4 check-ins waiting to send");
  await door.screenshot({ path: test.info().outputPath("door-offline.png"), fullPage: true });

  // Reloaded with no signal: the page opens from the phone, queue and all.
  await door.reload();
  await expect(door.getByRole("heading", { name: `Check-in: ${eventName}` })).toBeVisible();
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveText("Offline: 4 check-ins waiting to send");
  await checkInOfflineVisible(door, "Dalitso Offline");

  // On this phone, the count has what it did: 3 of the 4 confirmed, and the walk-in (added confirmed).
  await expect(door.getByRole("status").filter({ hasText: "On this phone" })).toHaveText("On this phone: 4 of 5 confirmed checked in");

  await context.setOffline(false);
  await expect(door.getByRole("link", { name: "Back online: open the full check-in page" })).toBeVisible({ timeout: 15_000 });
  // The page opened from the phone says so, not "Offline", and the people sent no longer wait.
  await expect(door.getByRole("status").filter({ hasText: "Back online" })).toHaveText("Back online: every check-in on this phone was sent.");
  await expect(door.getByRole("status").filter({ hasText: "Offline:" })).toHaveCount(0);
  await door.getByLabel("Search the list on this phone").fill("Dalitso");
  await expect(door.getByRole("listitem").filter({ hasText: "Dalitso Offline" })).toContainText(/In \d\d:\d\d \((?!waiting)[^)]+\)/);
  expect(await checkedInOnDesk(page, eventId)).toEqual(["Chikondi Offline", "Dalitso Offline", "Mayeso Offline", "Walk-in Wongani"]);

  // The answer was lost, say, and the phone sends the same queue again: nothing changes.
  expect(sends).toHaveLength(1);
  const again = await door.request.post(`/api/admin/events/${eventId}/door-actions`, { data: JSON.parse(sends[0]!), headers: { Origin: new URL(baseURL!).origin } });
  const { results } = (await again.json()) as { results: { resent: boolean }[] };
  expect(results.map((result) => result.resent)).toEqual([true, true, true, true]);
  expect(await checkedInOnDesk(page, eventId)).toEqual(["Chikondi Offline", "Dalitso Offline", "Mayeso Offline", "Walk-in Wongani"]);
  await context.close();
});

test("back online, the count and a walk-in's note say what was sent as soon as the queue is sent @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Door Sync Count", ["Chisomo Sync", "Tiyamike Not Yet"]);
  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await openDoor(door, eventId, 2);
  await hydrated(door);
  // The page's count (the server's), not the one the door's script shows offline.
  const count = door.getByRole("status").filter({ hasText: "confirmed checked in", hasNotText: "On this phone" });
  await expect(count).toHaveText("0 of 2 confirmed checked in");

  await goOffline(context);
  await checkInOffline(door, "Chisomo Sync");
  await door.getByLabel("Full name", { exact: true }).fill("Walk-in Wezi");
  await door.getByLabel("Phone number", { exact: true }).fill(uniquePhone());
  await door.getByRole("button", { name: "Add and check in" }).click();
  await expect(door.getByText("Walk-in added: Walk-in Wezi is checked in (waiting to send).")).toBeVisible();
  // Offline the count is this phone's, with what waits to send; the server's stands still, hidden.
  await expect(door.getByRole("status").filter({ hasText: "On this phone" })).toHaveText("On this phone: 2 of 3 confirmed checked in");
  await expect(count).toBeHidden();

  await context.setOffline(false);
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toBeHidden({ timeout: 15_000 });
  // The walk-in is added confirmed: one of the confirmed, and in. Within seconds, not at the next search.
  await expect(count).toHaveText("2 of 3 confirmed checked in");
  const sentNote = door.getByText("Walk-in sent: Walk-in Wezi is checked in.");
  await expect(sentNote).toBeVisible();
  // Beside the count, above the page's search (not under the whole page), and not red: nothing is wrong.
  // Read together, and again should the page re-render the notes between two reads (its data is read again after the send).
  const search = door.getByLabel("Name, last digits of the phone, or code");
  await expect
    .poll(async () => {
      const [note, field] = [await sentNote.boundingBox(), await search.boundingBox()];
      return note && field ? note.y < field.y : "not laid out";
    })
    .toBe(true);
  await expect(sentNote).toHaveClass(/text-green-800/);
  await expect(door.getByText("(waiting to send)")).toHaveCount(0);
  await context.close();
});

test("a walk-in added online is counted on this phone at once, not at the next refresh @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Door Count", ["Counted Already"]);
  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await openDoor(door, eventId, 1);
  await hydrated(door);
  // The page's own walk-in form (online), not the door script's offline one.
  const walkIn = door.locator("details").filter({ has: door.locator("summary", { hasText: "Add walk-in" }) });
  await walkIn.locator("summary").click();
  await walkIn.getByLabel("Full Name").fill("Online Walker");
  await walkIn.getByLabel("Phone Number").fill(uniquePhone());
  await walkIn.getByRole("button", { name: "Add and check in" }).click();
  await expect(door.getByText("Saved on this phone: 2 people")).toBeVisible({ timeout: 10_000 });
  await context.close();
});

test("a check-in tapped online is on the phone's list at once, for when the signal goes next @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Door Tap", ["Tapped Online", "Still Waiting"]);
  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await openDoor(door, eventId, 2);
  await hydrated(door);
  await door.getByLabel("Name, last digits of the phone, or code").fill("Tapped Online");
  await door.getByRole("button", { name: "Search" }).click();
  // The phone's list is read again once the tap is answered (not only at the next 2-minute round).
  const listRead = door.waitForResponse((response) => response.url().endsWith(`/api/admin/events/${eventId}/door-list`));
  // Described by his code and phone, which tell two men of the same name apart.
  const tap = door.getByRole("button", { name: /^Check in\s*: Tapped Online$/ });
  await expect(tap).toHaveAccessibleDescription(/^[A-Z0-9]{4,} · \S/);
  await tap.click();
  await listRead;
  await goOffline(context);
  await door.getByLabel("Search the list on this phone").fill("Tapped Online");
  await expect(door.getByRole("listitem").filter({ hasText: "Tapped Online" })).toContainText(/In \d\d:\d\d/);
  await expect(door.getByText("On this phone: 1 of 2 confirmed checked in")).toBeVisible();
  // Four digits typed: the phone keeps three, matches on them, and says so.
  const lastThree = /…(\d{3})/.exec((await door.getByRole("listitem").filter({ hasText: "Tapped Online" }).textContent())!)![1]!;
  await door.getByLabel("Search the list on this phone").fill(`9${lastThree}`);
  await expect(door.getByText(`This phone keeps only the last 3 digits of a number: these end in …${lastThree}. Check the name or the code.`)).toBeVisible();
  // Each word typed is matched apart, in any order, as online.
  await door.getByLabel("Search the list on this phone").fill("online  tapped");
  await expect(door.getByRole("listitem").filter({ hasText: "Tapped Online" })).toBeVisible();
  await door.getByLabel("Search the list on this phone").fill("online waiting");
  await expect(door.getByText("Nobody matches “online waiting”.")).toBeVisible();
  // Offline too, by the code and the phone's last digits the phone keeps.
  await door.getByLabel("Search the list on this phone").fill("Still Waiting");
  await expect(door.getByRole("button", { name: /^Check in\s*: Still Waiting$/ })).toHaveAccessibleDescription(/^[A-Z0-9]{4,} · …\d{3}$/);
  await context.close();
});

async function checkInOfflineVisible(page: Page, name: string) {
  await page.getByLabel("Search the list on this phone").fill(name);
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText(/In \d\d:\d\d \(waiting to send\)/);
}

test("two volunteers admit the same man offline: one check-in, and the second phone hears who was first @mobile", async ({ page, baseURL, browser }) => {
  // A paid event: offline too, the door sees who still owes the fee.
  const eventId = await eventWithPeople(page, "Two Gates", ["Kondwani Both Gates"], "", "15000");

  const first = await phone(browser, baseURL);
  await signInQuickly(first.page);
  await openDoor(first.page, eventId, 1);
  const second = await phone(browser, baseURL);
  await signInQuickly(second.page, DOOR_VOLUNTEER, "/admin/check-in");
  await openDoor(second.page, eventId, 1);

  await goOffline(first.context);
  await goOffline(second.context);
  await checkInOffline(first.page, "Kondwani Both Gates");
  await expect(first.page.getByRole("listitem").filter({ hasText: "Kondwani Both Gates" })).toContainText("Unpaid: MK 15,000");
  await checkInOffline(second.page, "Kondwani Both Gates");

  await first.context.setOffline(false);
  // Once the first phone's count says so, the server has its check-in ("Sending…" has no "waiting").
  await expect(first.page.getByRole("status").filter({ hasText: "confirmed checked in" })).toHaveText("1 of 1 confirmed checked in", { timeout: 15_000 });
  await second.context.setOffline(false);
  await expect(second.page.getByText(/Kondwani Both Gates: already checked in by admin at \d\d:\d\d\./)).toBeVisible({ timeout: 15_000 });
  // Something for the volunteer to know: red.
  await expect(second.page.getByText(/Kondwani Both Gates: already checked in by admin/)).toHaveClass(/text-red-800/);
  expect(await checkedInOnDesk(page, eventId)).toEqual(["Kondwani Both Gates"]);
  await first.context.close();
  await second.context.close();
});

test("from one event's door to another's without a reload (the back button, then the next event), the phone keeps and searches the second event's list @mobile", async ({ page, baseURL, browser }) => {
  await signInQuickly(page);
  const firstName = uniqueName("First Door");
  const firstId = await createEvent(page, firstName);
  await addPeople(page, firstId, ["Yamikani First Door"]);
  const secondName = uniqueName("Second Door");
  const secondId = await createEvent(page, secondName);
  await addPeople(page, secondId, ["Pemphero Second Door", "Limbani Second Door"]);

  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await door.goto("/admin/check-in");
  await hydrated(door, "main a[href$='/check-in']");
  await door.getByRole("link", { name: new RegExp(firstName) }).click();
  await expect(door.getByText("Saved on this phone: 1 person")).toBeVisible({ timeout: 15_000 });
  await door.goBack();
  await door.getByRole("link", { name: new RegExp(secondName) }).click();
  await expect(door).toHaveURL(new RegExp(`/admin/events/${secondId}/check-in$`));
  await expect(door.getByText("Saved on this phone: 2 people")).toBeVisible({ timeout: 15_000 });
  await expect(door.getByText(/Saved on this phone/)).toHaveCount(1);

  await goOffline(context);
  await checkInOffline(door, "Pemphero Second Door");
  await door.getByLabel("Search the list on this phone").fill("Yamikani");
  await expect(door.getByText("Nobody matches “Yamikani”.")).toBeVisible();
  await context.setOffline(false);
  await expect(door.getByRole("status").filter({ hasText: "confirmed checked in" })).toHaveText("1 of 2 confirmed checked in", { timeout: 15_000 });
  expect(await checkedInOnDesk(page, secondId)).toEqual(["Pemphero Second Door"]);
  expect(await checkedInOnDesk(page, firstId)).toEqual([]);
  await context.close();
});

test("a man checked in offline whom the desk cancelled meanwhile is let in, and the door is told to tell the desk @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Door Cancelled Meanwhile", ["Chikondi Cancelled Meanwhile"]);
  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await openDoor(door, eventId, 1);
  await goOffline(context);
  await checkInOffline(door, "Chikondi Cancelled Meanwhile");

  await page.goto(`/admin/events/registrations/${eventId}`);
  await page.getByRole("row").filter({ hasText: "Chikondi Cancelled Meanwhile" }).getByText("Cancel Chikondi Cancelled Meanwhile", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, cancel Chikondi Cancelled Meanwhile" }).click();
  // The status badge says it, not the name (which has the word in it): the desk's cancel is done
  // before the door's signal comes back.
  await expect(page.getByRole("row").filter({ hasText: "Chikondi Cancelled Meanwhile" }).getByText("Cancelled", { exact: true })).toBeVisible();

  await context.setOffline(false);
  const note = door.getByText("Chikondi Cancelled Meanwhile was cancelled before this check-in was sent: let in anyway. Tell the desk.");
  await expect(note).toBeVisible({ timeout: 15_000 });
  await expect(note).toHaveClass(/text-red-800/);
  await context.close();
});

test("a door volunteer adds no walk-in to a full event offline, as online: the phone says so and keeps what was typed @mobile", async ({ page, baseURL, browser }) => {
  // One place, taken.
  const eventId = await eventWithPeople(page, "Door Full", ["Only Place Taken"], "1");

  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door, DOOR_VOLUNTEER, "/admin/check-in");
  await openDoor(door, eventId, 1);
  await goOffline(context);
  const phoneNumber = uniquePhone();
  await door.getByLabel("Full name", { exact: true }).fill("Walk-in Too Many");
  await door.getByLabel("Phone number", { exact: true }).fill(phoneNumber);
  await door.getByRole("button", { name: "Add and check in" }).click();
  await expect(door.getByRole("alert").filter({ hasText: "The event is full" })).toHaveText(
    "The event is full (1 of 1 places taken). A door volunteer cannot add more: ask an organiser (an Editor or Administrator) to add them over the capacity.",
  );
  await expect(door.getByLabel("Full name", { exact: true })).toHaveValue("Walk-in Too Many");
  await expect(door.getByLabel("Phone number", { exact: true })).toHaveValue(phoneNumber);
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveCount(0);
  await context.close();

  // An organiser's phone may add him over the capacity, offline as online.
  const organiser = await phone(browser, baseURL);
  await signInQuickly(organiser.page);
  await openDoor(organiser.page, eventId, 1);
  await goOffline(organiser.context);
  await organiser.page.getByLabel("Full name", { exact: true }).fill("Walk-in Too Many");
  await organiser.page.getByLabel("Phone number", { exact: true }).fill(phoneNumber);
  await organiser.page.getByRole("button", { name: "Add and check in" }).click();
  await expect(organiser.page.getByText("Walk-in added: Walk-in Too Many is checked in (waiting to send).")).toBeVisible();
  await organiser.context.close();
});

test("a wrong tap offline is taken back while it waits on the phone: never sent, and the count says so @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Door Take Back", ["Gift Right Man", "Gift Wrong Man"]);
  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await openDoor(door, eventId, 2);

  await goOffline(context);
  await checkInOffline(door, "Gift Right Man");
  await checkInOffline(door, "Gift Wrong Man");
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveText("Offline: 2 check-ins waiting to send");
  await door.getByRole("button", { name: /^Take back\s*: Gift Wrong Man$/ }).click();
  await expect(door.getByText("Check-in taken back: Gift Wrong Man is not checked in.")).toBeVisible();
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveText("Offline: 1 check-in waiting to send");
  await expect(door.getByRole("status").filter({ hasText: "On this phone" })).toHaveText("On this phone: 1 of 2 confirmed checked in");
  // He can be checked in again from the list (the right man, this time).
  await expect(door.getByRole("button", { name: /^Check in\s*: Gift Wrong Man$/ })).toBeVisible();

  await context.setOffline(false);
  await expect(door.getByRole("status").filter({ hasText: "confirmed checked in", hasNotText: "On this phone" })).toHaveText("1 of 2 confirmed checked in", { timeout: 15_000 });
  expect(await checkedInOnDesk(page, eventId)).toEqual(["Gift Right Man"]);
  await context.close();
});

test("signed out by another phone, the door keeps its waiting check-in: Sign Out warns, and 'Sign in again' comes back and sends it @mobile", async ({ page, baseURL, browser, request }) => {
  const eventId = await eventWithPeople(page, "Signed Out Gate", ["Thokozani Kept"]);
  const first = await phone(browser, baseURL);
  await signInQuickly(first.page, DOOR_VOLUNTEER, "/admin/check-in");
  await openDoor(first.page, eventId, 1);
  await hydrated(first.page);
  await goOffline(first.context);
  await checkInOffline(first.page, "Thokozani Kept");

  // Another phone of the shared account signs out: sign-out is global, so this phone's session ends too.
  // (The other phone: a session of its own, signing in and out by the forms' posts.)
  await signInQuickly(request, DOOR_VOLUNTEER, "/admin/check-in");
  const signedOut = await request.post("/logout", { form: {}, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
  expect(new URL(signedOut.headers()["location"]!, baseURL).pathname).toBe("/auth");

  await first.context.setOffline(false);
  const signInAgain = first.page.getByRole("link", { name: "Sign in again", exact: true });
  await expect(first.page.getByRole("listitem").filter({ has: signInAgain })).toHaveText("Sign in again to send the 1 check-in waiting on this phone.", { timeout: 15_000 });
  // Signing out would delete it (Clear-Site-Data): the control says so, and deletes nothing unasked.
  await first.page.getByRole("button", { name: "Sign Out" }).click();
  await expect(first.page.getByRole("alert").filter({ hasText: "waiting on this phone" })).toContainText("1 check-in is waiting on this phone to be sent. Signing out deletes it.");
  await expect(first.page).toHaveURL(new RegExp(`/admin/events/${eventId}/check-in$`));
  await first.page.getByRole("button", { name: "Keep it and stay" }).click();
  await expect(first.page.getByRole("alert").filter({ hasText: "waiting on this phone" })).toHaveCount(0);
  expect(await doorDataKept(first.page)).toBe(true);

  await signInAgain.click();
  await signInAsDoor(first.page);
  await expect(first.page).toHaveURL(new RegExp(`/admin/events/${eventId}/check-in$`));
  await expect(first.page.getByRole("status").filter({ hasText: "confirmed checked in" })).toHaveText("1 of 1 confirmed checked in", { timeout: 15_000 });
  expect(await checkedInOnDesk(page, eventId)).toEqual(["Thokozani Kept"]);
  await first.context.close();
});

test("on a weak signal (online, but requests fail or never answer) a search uses the list on the phone and a tap is kept to send @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Lie-fi Gate", ["Mphatso Weak Tap", "Chikondi Weak Search"]);
  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await openDoor(door, eventId, 2);
  await hydrated(door);
  const pageSearch = door.getByLabel("Name, last digits of the phone, or code");
  const failing = /\/door-(list|actions)$|\.data(\?|$)/;

  // The phone says it is online, but every request fails: the search is the list on the phone, not an error page.
  await context.route(failing, (route) => route.abort("internetdisconnected"));
  await pageSearch.fill("Chikondi");
  await door.getByRole("button", { name: "Search", exact: true }).click();
  await expect(door.getByLabel("Search the list on this phone")).toHaveValue("Chikondi");
  await expect(door.getByRole("button", { name: /^Check in\s*: Chikondi Weak Search$/ })).toBeVisible();
  await expect(door.getByText("Something went wrong")).toHaveCount(0);
  await expect(pageSearch).toBeHidden();

  // The server answers again: the page is the server's again. Its data (read again once the server
  // answers) comes while the volunteer types the next name: what he typed stays.
  await context.unrouteAll({ behavior: "ignoreErrors" });
  let answerPage!: () => void;
  const pageAnswered = new Promise<void>((resolve) => (answerPage = resolve));
  await context.route(/\.data(\?|$)/, async (route) => {
    await pageAnswered;
    await route.continue();
  });
  await expect(pageSearch).toBeVisible({ timeout: 15_000 });
  await pageSearch.fill("Mphatso");
  answerPage();
  // The page's own list (the phone's is hidden online) shows the search it read again.
  await expect(door.getByRole("button", { name: /^Check in\s*: Chikondi Weak Search$/ })).toBeVisible();
  await expect(pageSearch).toHaveValue("Mphatso");
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await door.getByRole("button", { name: "Search", exact: true }).click();
  // The server's answer, or (if it is slow again) the phone's list after the door's 10-second wait.
  await expect(door.getByRole("button", { name: /^Check in\s*: Mphatso Weak Tap$/ })).toBeVisible({ timeout: 15_000 });

  // A tap that never gets an answer is kept in the queue after the wait, not lost with "Try again".
  // The tap's request hangs for good; the phone's clock is moved on over the door's wait
  // (DOOR_WAIT_MS) rather than the test sitting through it, and the page's own timeout gives it up.
  await context.route(/\/api\/admin\/events\/\d+\/check-in$/, () => undefined);
  await context.route(failing, (route) => route.abort("internetdisconnected"));
  await door.clock.install();
  const tapSent = door.waitForRequest(/\/api\/admin\/events\/\d+\/check-in$/);
  await door.getByRole("button", { name: /^Check in\s*: Mphatso Weak Tap$/ }).click();
  await tapSent;
  // Halfway through the wait the tap is still the server's to answer: nothing is kept yet.
  await door.clock.fastForward(DOOR_WAIT_MS / 2);
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveCount(0);
  await door.clock.fastForward(DOOR_WAIT_MS / 2);
  await expect(door.getByRole("status").filter({ hasText: "waiting" })).toHaveText("Offline: 1 check-in waiting to send");
  await expect(door.getByRole("listitem").filter({ hasText: "Mphatso Weak Tap" })).toContainText(/In \d\d:\d\d \(waiting to send\)/);
  await expect(door.getByText(/No connection/)).toHaveCount(0);

  // The signal comes back: what was kept is sent.
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await expect(door.getByRole("status").filter({ hasText: "confirmed checked in" })).toHaveText("1 of 2 confirmed checked in", { timeout: 30_000 });
  expect(await checkedInOnDesk(page, eventId)).toEqual(["Mphatso Weak Tap"]);
  await context.close();
});

test("a send that fails as the signal comes back is tried again within seconds, not at the next 30-second round @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Weak Signal", ["Limbani Weak Signal"]);
  const { context, page: door } = await phone(browser, baseURL);
  await signInQuickly(door);
  await openDoor(door, eventId, 1);
  await goOffline(context);
  await checkInOffline(door, "Limbani Weak Signal");
  // The first send after the signal returns is lost on the way; the next ones go through.
  let lost = 0;
  await context.route(/\/door-actions$/, (route) => (lost++ === 0 ? route.abort("internetdisconnected") : route.continue()));
  await context.setOffline(false);
  await expect.poll(() => lost, { timeout: 10_000 }).toBe(2);
  // The status line says "Sending…" meanwhile, with no "waiting": the count changes once the server has it.
  await expect(door.getByRole("status").filter({ hasText: "confirmed checked in" })).toHaveText("1 of 1 confirmed checked in");
  expect(await checkedInOnDesk(page, eventId)).toEqual(["Limbani Weak Signal"]);
  await context.close();
});

test("a registrant's private page opens offline with the code, and cancelling says it needs a connection @mobile", async ({ page, baseURL, browser }) => {
  const eventName = uniqueName("Offline Conference");
  await signInQuickly(page);
  const eventId = await createEvent(page, eventName);
  const { context, page: visitor } = await phone(browser, baseURL);
  await visitor.goto(`/events/${eventId}`);
  await visitor.waitForFunction(() => document.querySelector("dialog[data-registration-dialog] form[novalidate]") !== null);
  await visitor.getByRole("link", { name: /Register Now/ }).click();
  const dialog = visitor.getByRole("dialog", { name: `Register for ${eventName}` });
  await dialog.getByLabel("Full Name").fill("Yamikani Offline");
  await dialog.getByLabel("Phone Number").fill(uniquePhone());
  await dialog.getByRole("button", { name: "Register" }).click();
  const link = visitor.locator('a[data-slot="privateUrl"]');
  await expect(link).toHaveAttribute("href", /\/registrations\//);
  const privatePath = new URL((await link.getAttribute("href"))!).pathname;
  const code = (await visitor.locator('[data-slot="code"]').first().textContent())!.trim();
  // The dialog, closed, leaves its entry in the history (Back): a navigation started before that
  // is done would be cut short by it.
  await expect(visitor).not.toHaveURL(/[?&]register=/);

  await visitor.goto(privatePath);
  await expect(visitor.getByText(code).first()).toBeVisible();
  await visitor.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => visitor.evaluate(async (path) => Boolean(await caches.match(path)), privatePath)).toBe(true);

  await goOffline(context);
  await visitor.reload();
  await expect(visitor.getByText(/^Saved .+: you are offline$/)).toBeVisible();
  await expect(visitor.getByText(code).first()).toBeVisible();
  // The page looking again at a payment under way goes to ?check=…, a new address each time: offline,
  // that is his saved page too, not "This page is not saved on this phone".
  await visitor.goto(`${privatePath}?check=${Date.now()}#fee-heading`);
  await expect(visitor.getByText(/^Saved .+: you are offline$/)).toBeVisible();
  await expect(visitor.getByText(code).first()).toBeVisible();
  await visitor.getByText("I can no longer come").click();
  await expect(visitor.getByText("You are offline: cancelling, correcting your details, paying and stopping SMS need a connection.")).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath("private-page-offline.png"), fullPage: true });
  await context.close();
});

test("a gift sent as the signal goes gets the site's own words, not the browser's error page, and is not made @mobile", async ({ baseURL, browser }) => {
  const { context, page } = await phone(browser, baseURL);
  await page.goto("/give?amount=2500");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const giver = uniqueName("Offline Giver");
  await page.getByLabel("Mobile money number").fill(uniquePhone());
  await page.getByLabel("Your name (optional)").fill(giver);

  await goOffline(context);
  await page.getByRole("button", { name: "Give", exact: true }).click();
  await expect(page.getByRole("heading", { name: "No connection" })).toBeVisible();
  await expect(page.getByText("Giving? If your phone asked for your PIN, the gift went through: do not give again.")).toBeVisible();
  await context.close();
});

test("a public page read once opens offline, saying when it was saved; an unknown page shows the offline page, which the saved pages link to @mobile", async ({ baseURL, browser }) => {
  const { context, page } = await phone(browser, baseURL);
  await page.goto("/mission");
  // "Mission & Vision | …": the saved pages' list names it as it reads (not "Mission &amp; Vision").
  const missionTitle = await page.title();
  expect(missionTitle).toContain("Mission & Vision");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match("/mission")))).toBe(true);

  await goOffline(context);
  await page.goto("/mission");
  await expect(page.getByText(/^Saved .+: you are offline$/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("public-page-offline.png"), fullPage: true });

  await page.goto("/blog/never-read-on-this-phone");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByText("This page is not saved on this phone.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Mission/ }) })).toContainText(/saved \d/);

  // The banner of a saved page leads to the list of them; online, that address explains itself, and
  // is never kept in place of the list.
  await page.goto("/mission");
  await page.getByRole("link", { name: "Pages saved on this phone" }).click();
  await expect(page).toHaveURL(/\/offline$/);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByText("This page is not saved on this phone.")).toHaveCount(0);
  // Listed by its own title, without the site's name after it: every page listed is this site's.
  expect(missionTitle).toMatch(/ \| /);
  await expect(page.getByRole("link", { name: missionTitle.replace(/ \| [^|]+$/, ""), exact: true })).toBeVisible();
  await context.setOffline(false);
  // Chromium tells the service worker it is online a moment after the page (a busy machine once
  // reloaded in between): reload until the worker's fetch reaches the site, as a visitor would.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { name: "You are online" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await goOffline(context);
  await page.reload();
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.close();
});

/** Every path the service worker's caches hold. */
async function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
}

async function doorDataKept(page: Page) {
  return page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === "door"));
}

test("nothing private is kept after an admin session, and signing out clears the door's data @mobile", async ({ page, baseURL, browser }) => {
  const eventId = await eventWithPeople(page, "Private Gate", ["Pemphero Private"]);

  const { context, page: admin } = await phone(browser, baseURL);
  const account = e2eAdminFor(test.info().project.name);
  await admin.goto("/mission");
  await admin.evaluate(() => navigator.serviceWorker.ready);
  await admin.goto("/auth");
  await admin.getByLabel("Email", { exact: true }).fill(account.email);
  await admin.getByLabel("Password").fill(account.password);
  await admin.getByRole("button", { name: "Sign In" }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await openDoor(admin, eventId, 1);
  await admin.goto("/about");
  await admin.goto(`/admin/events/registrations/${eventId}`);
  const kept = await keptPaths(admin);
  expect(kept.filter((path) => path.startsWith("/admin"))).toEqual([]);
  // Read while signed in: personal (the header offers the dashboard), so not kept.
  expect(kept).not.toContain("/about");
  // Nor the admin area's scripts: a page's chunks import others, whose referrer is a script, not the page.
  const keptFiles = await admin.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("files-"));
    const requests = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
    return requests.map((request) => new URL(request.url).pathname);
  });
  expect(keptFiles.filter((path) => path.endsWith(".js"))).toEqual([]);
  expect(await doorDataKept(admin)).toBe(true);

  await admin.getByRole("button", { name: "Sign Out" }).click();
  await expect(admin).toHaveURL(/\/auth$/);
  expect(await doorDataKept(admin)).toBe(false);
  await context.close();
});

for (const path of ["/blog", "/contact"]) {
  test(`${path}: the service worker is fetched, and the web manifest named, only after the page has loaded @mobile`, async ({ baseURL, browser }) => {
    const { context, page } = await phone(browser, baseURL);
    let fetched = 0;
    context.on("request", (request) => {
      if (new URL(request.url()).pathname === "/sw.js") fetched += 1;
    });
    // Runs before the page's own scripts and load listener: whether the page named its manifest by
    // the time it loaded, and whether "load" had fired when the page asked for its service worker.
    // (Playwright's own "load" event reaches the test after the page's listeners have run, so the
    // order in which the test hears of the two says nothing.)
    await page.addInitScript(() => {
      const seen = { loaded: false, manifestAtLoad: -1, registered: [] as boolean[] };
      Object.assign(window, { seen });
      addEventListener("load", () => {
        seen.loaded = true;
        seen.manifestAtLoad = document.querySelectorAll("link[rel=manifest]").length;
      });
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
        seen.registered.push(seen.loaded);
        return register.apply(this, args);
      };
    });
    await page.goto(path);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const seen = await page.evaluate(() => (window as unknown as { seen: { manifestAtLoad: number; registered: boolean[] } }).seen);
    expect(seen.registered.length).toBeGreaterThanOrEqual(1);
    expect(seen.registered).not.toContain(false);
    expect(fetched).toBeGreaterThanOrEqual(1);
    // Nor did the page fetch it any other way (a preload, a fetch), which its resource timings would show.
    expect(await page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/sw.js")).length)).toBe(0);
    expect(seen.manifestAtLoad).toBe(0);
    // "Add to Home screen" still finds it, a moment later (once: the islands script names it on /contact).
    await expect(page.locator("head link[rel=manifest]")).toHaveAttribute("href", "/manifest.webmanifest");
    await context.close();
  });
}

test("a page read before costs next to nothing on the network the next time @mobile", async ({ baseURL, browser }) => {
  const route = "/blog/rising-early-mark-1-35";
  const { context, page } = await phone(browser, baseURL);
  let bytes = 0;
  let requests = 0;
  const seen: string[] = [];
  /** The ETag of each answer the page's own address got from the server, in order. */
  const pageVersions: string[] = [];
  context.on("requestfinished", (request) => {
    void (async () => {
      const response = await request.response();
      if (!response || response.fromServiceWorker()) return;
      const sizes = await request.sizes();
      bytes += sizes.responseHeadersSize + sizes.responseBodySize;
      requests += 1;
      seen.push(`${new URL(request.url()).pathname} ${response.status()} ${sizes.responseHeadersSize + sizes.responseBodySize}`);
      if (new URL(request.url()).pathname === route) pageVersions.push((await response.headerValue("etag")) ?? "");
    })();
  });
  await page.goto(route, { waitUntil: "networkidle" });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async (path) => Boolean(await caches.match(path)), route)).toBe(true);
  await page.waitForLoadState("networkidle");
  const first = { bytes, requests };

  const repeatVisit = async () => {
    await page.goto("/about", { waitUntil: "networkidle" });
    bytes = 0;
    requests = 0;
    seen.length = 0;
    await page.goto(route, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState("networkidle");
  };
  await repeatVisit();
  // Browser tests run side by side on one server: when another test changed this page in between
  // (its ETag is new), downloading it again is right; the next visit must then cost next to nothing.
  for (let tries = 0; tries < 2 && bytes >= 1024 && new Set(pageVersions.slice(-2)).size === 2; tries++) await repeatVisit();
  console.log(`${route}: first visit ${first.requests} requests ${first.bytes} bytes on the network (the worker's own included); repeat visit ${requests} requests ${bytes} bytes: ${seen.join(", ")}`);
  expect(bytes).toBeLessThan(1024);
  await context.close();
});

test("with Save-Data on, pictures below the first screen are not downloaded until asked for @mobile", async ({ baseURL, browser }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, isMobile: true, extraHTTPHeaders: { "Save-Data": "on" } });
  const page = await context.newPage();
  await page.goto("/blog");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const pictures: string[] = [];
  context.on("request", (request) => {
    if (request.resourceType() === "image" && /\/(media|images)\//.test(request.url())) pictures.push(request.url());
  });
  await page.reload();
  const links = page.locator("a[data-saved-picture]");
  await expect(links.first()).toBeVisible();
  expect(await page.locator('img[loading="lazy"]').count()).toBe(0);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const hrefs = await links.evaluateAll((all) => all.map((link) => (link as HTMLAnchorElement).href));
  expect(pictures.filter((url) => hrefs.includes(url))).toEqual([]);
  await context.close();
});
