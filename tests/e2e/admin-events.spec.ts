// The events manager as an admin uses it: create with a sample image, see it listed, edit, a refused
// save that keeps what was typed, delete through the dialog, registrations and the CSV export, and a
// real image upload with the share picture link previews show (issue 18). Runs on the desktop and at
// 360 px, with the browser in New York time to prove that dates are read and shown in Malawi time
// whatever the admin's device says.
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "../../app/db/seed/demo.ts";
import { expectNoSideways, hydrated, signIn, toast, uniqueName } from "./support/admin.ts";

test.use({ timezoneId: "America/New_York" });
// Each test signs in and saves through the real forms; the shared test machine is often busy.
test.describe.configure({ timeout: 60_000 });

const BREAKFAST = "Central Region Men's Prayer Breakfast";

function row(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
}

/** Creates an event through the form with just a name (and whatever `fill` adds); returns to the list. */
async function createEvent(page: Page, name: string, fill?: () => Promise<void>) {
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.getByLabel("Event Name").fill(name);
  await fill?.();
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(row(page, name)).toBeVisible();
}

test("an admin creates an event with a sample image and sees it listed with its markers", async ({ page }) => {
  const name = uniqueName("Northern Rally");
  await signIn(page);
  await page.goto("/admin?tab=events");
  await page.getByRole("link", { name: "Add Event" }).click();
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
  await expect(page.getByRole("heading", { name: "Create New Event" })).toBeVisible();
  await hydrated(page);
  await expectNoSideways(page);

  await expect(page.getByText("No image selected")).toBeVisible();
  await expect(page.getByText("Recommended size: 1200x630")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Active" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Allow Registration" })).toBeChecked();

  await page.getByLabel("Event Name").fill(name);
  await page.getByLabel("Date and Time").fill("2027-03-05T09:30");
  await page.getByLabel("Location").fill("Mzuzu Baptist Church");
  await page.getByLabel("Description", { exact: true }).fill("A day of worship, teaching and fellowship.");
  await page.getByRole("radio", { name: /Retreat/ }).check({ force: true });
  await expect(page.getByAltText("Selected image preview")).toHaveAttribute("src", /sample-retreat-960w\.webp$/);
  // "Remove this image" ticked by mistake is undone by unticking it: the picture comes back.
  const remove = page.getByRole("checkbox", { name: "Remove this image" });
  await remove.check();
  await expect(page.getByText("The image is removed when you save. Untick the box to keep it.")).toBeVisible();
  await expect(page.getByText("No image selected")).toBeVisible();
  await remove.uncheck();
  await expect(page.getByAltText("Selected image preview")).toHaveAttribute("src", /sample-retreat-960w\.webp$/);
  await expect(page.getByText("The image is removed when you save.")).toHaveCount(0);
  await page.getByRole("button", { name: "Create Event" }).click();

  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(toast(page)).toContainText("Event created");
  await expect(toast(page)).toContainText("The new event has been successfully created.");
  const listed = row(page, name);
  await expect(listed).toContainText("Mar 5, 2027 · Mzuzu Baptist Church · 0 registrations");
  await expect(listed.getByText("Active", { exact: true })).toBeVisible();
  await expect(listed.getByText("Registration Open", { exact: true })).toBeVisible();
  await expect(listed.locator("img")).toHaveAttribute("src", /sample-retreat-960w\.webp$/);
  const publicLink = listed.getByRole("link", { name: `View ${name} on the website (opens in a new tab)` });
  await expect(publicLink).toHaveAttribute("target", "_blank");
  await expectNoSideways(page);

  // The form's history entry was replaced: Back does not return to a filled-in form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/admin\/events\/new/);
});

test("a new picture for an event that has a described one asks to check the description", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin?tab=events");
  await row(page, "Lake Malawi Men's Retreat").getByRole("link", { name: "Edit Lake Malawi Men's Retreat" }).click();
  await hydrated(page);
  await expect(page.getByLabel("Image description")).not.toHaveValue("");
  await expect(page.getByText("New picture: check that its description below still fits it.")).toHaveCount(0);
  await page.getByRole("radio", { name: /Conference/ }).check({ force: true });
  await expect(page.getByText("New picture: check that its description below still fits it.")).toBeVisible();
});

test("a refused save keeps what was typed; the corrected save updates the event", async ({ page }) => {
  const name = uniqueName("Karonga Rally");
  await signIn(page);
  await createEvent(page, name, () => page.getByLabel("Date and Time").fill("2027-03-05T09:30"));
  await row(page, name).getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Event" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Date and Time")).toHaveValue("2027-03-05T09:30");
  await expectNoSideways(page);

  await page.getByLabel("Event Name").fill("");
  await page.getByLabel("Location").fill("Karonga Community Hall");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByText("Event name is required").first()).toBeVisible();
  await expect(page.getByLabel("Event Name")).toBeFocused();
  await expect(page.getByLabel("Location")).toHaveValue("Karonga Community Hall");
  await expect(page).toHaveURL(/\/admin\/events\/edit\/\d+$/);

  await page.getByLabel("Event Name").fill(name);
  await page.getByRole("switch", { name: "Allow Registration" }).uncheck();
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(toast(page)).toContainText("Event updated");
  await expect(row(page, name)).toContainText("Mar 5, 2027 · Karonga Community Hall");
  await expect(row(page, name).getByText("Registration Open", { exact: true })).toHaveCount(0);
});

test("a save sent after the session ended keeps what was typed: signing in again saves it", async ({ page, context }) => {
  const name = uniqueName("Salima Rally");
  await signIn(page);
  await createEvent(page, name);
  await row(page, name).getByRole("link", { name: `Edit ${name}` }).click();
  await hydrated(page);
  await page.getByLabel("Location").fill("Salima Lakeshore Lodge");
  // The session ends while the form is open (a phone left overnight; signed out elsewhere).
  await context.clearCookies({ name: "session" });
  await page.getByRole("button", { name: "Update Event" }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("status").filter({ hasText: "You had been signed out, so what you sent was not saved yet" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/admin\/account\/unsaved$/);
  await expect(page.getByRole("heading", { name: `Changes to “${name}”` })).toBeVisible();
  await expectNoSideways(page);
  await page.getByRole("button", { name: "Save my changes" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(toast(page)).toContainText("Event updated");
  await expect(row(page, name)).toContainText("Salima Lakeshore Lodge");
});

test("on a phone the chosen dashboard tab is brought into view sideways, and the page itself does not move @mobile", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin?tab=testimonies");
  await page.evaluate(() => window.scrollTo(0, 200));
  await hydrated(page, "nav[aria-label='Dashboard sections'] a");
  await expect(page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Testimonies" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(200);
});

test("deleting an event asks first, saying how many registrations go with it", async ({ page }) => {
  const name = uniqueName("Short Lived");
  await signIn(page);
  await createEvent(page, name);
  const id = (await row(page, name).getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))!.split("/").pop();

  // One person registers on the public page.
  await page.goto(`/events/${id}?register=${id}`);
  const form = page.getByRole("dialog", { name: `Register for ${name}` });
  await form.getByLabel("Full Name").fill("Chikondi Phiri");
  await form.getByLabel("Phone Number").fill("0991 000 222");
  await form.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Registration successful!").or(page.getByText("Registration Complete")).first()).toBeVisible();

  await page.goto("/admin?tab=events");
  await hydrated(page);
  await expect(row(page, name)).toContainText("1 registration");
  await row(page, name).getByRole("link", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete event?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("This will also delete 1 registration.");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();

  // Opened by its address (Delete tapped before the page's script ran): Escape closes it, focus goes
  // back to its Delete, and the address drops ?delete, so a reload does not ask again.
  await page.goto(`/admin?tab=events&delete=${id}`);
  await hydrated(page);
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row(page, name).getByRole("link", { name: `Delete ${name}` })).toBeFocused();
  await expect(page).not.toHaveURL(/delete=/);

  await row(page, name).getByRole("link", { name: `Delete ${name}` }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Event deleted");
  await expect(row(page, name)).toHaveCount(0);
});

test("a half-filled date and time is refused instead of saving the event without a date", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.getByLabel("Event Name").fill(uniqueName("Half Date"));
  const date = page.getByLabel("Date and Time");
  await date.click();
  // Type only the day part; the time stays empty, so the picker holds no complete value.
  await date.pressSequentially("03052027");
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("Please enter a valid date and time, for example 2027-03-05 09:30").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
});

test("the registrations page lists who registered and exports them as CSV", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin?tab=events");
  await page.getByRole("link", { name: `Registrations for ${BREAKFAST}` }).click();
  await expect(page.getByRole("heading", { name: `${BREAKFAST} Registrations` })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Name", "Code", "Contact", "Registration Date", "Actions"]);
  expect(await table.getByRole("row").count()).toBeGreaterThan(2);
  await expect(table.getByRole("row").nth(1).getByRole("cell").nth(3).locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
  await expectNoSideways(page);

  await page.waitForFunction(() => {
    const link = document.querySelector("a[download]");
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Central Region Mens Prayer Breakfast-registrations.csv");
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith('\uFEFF"Name","Phone","Email","Registration Date","Status","Code","Checked in","Group leader","Payment","Amount paid (MK)","Paid by","Payment reference","Other payments (MK)","Refunded (MK)","Payment note"\r\n')).toBe(true);
  expect(csv.trim().split("\r\n").length).toBeGreaterThan(2);
  await expect(toast(page)).toContainText("Export successful");
  await expect(toast(page)).toContainText("The registrations have been exported to CSV.");

  await page.getByRole("link", { name: "Back to Events" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
});

test("an event without registrations says so and cannot be exported", async ({ page }) => {
  const name = uniqueName("Quiet Retreat");
  await signIn(page);
  await createEvent(page, name);
  await expect(row(page, name)).toContainText("No date set");
  await row(page, name).getByRole("link", { name: `Registrations for ${name}` }).click();
  await expect(page.getByText("No registrations found for this event.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
});

test("without JavaScript the Export CSV link still downloads the file", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/admin/events/registrations/1");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Central Region Mens Prayer Breakfast-registrations.csv");
  expect(await readFile((await download.path())!, "utf8")).toMatch(/^\uFEFF"Name","Phone","Email","Registration Date","Status","Code","Checked in","Group leader","Payment","Amount paid \(MK\)","Paid by","Payment reference","Other payments \(MK\)","Refunded \(MK\)","Payment note"\r\n"/);
  await context.close();
});

/**
 * A real 1200x900 PNG drawn on a canvas: blue with a gold square, and red bands at the top and
 * bottom that a share picture (the centre cropped to 1200x630, cutting 135 px off each end) must
 * leave out.
 */
async function drawnPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 1200;
    canvas.height = 900;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#1e3a8a";
    context.fillRect(0, 0, 1200, 900);
    context.fillStyle = "#dc2626";
    context.fillRect(0, 0, 1200, 100);
    context.fillRect(0, 800, 1200, 100);
    context.fillStyle = "#facc15";
    context.fillRect(150, 300, 500, 300);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

/** The event page's link preview: a 1200x630 JPEG under 300 KB that loads, cropped around the centre. */
async function expectSharedAsJpeg(page: Page, request: APIRequestContext, eventPath: string, expected: string) {
  await page.goto(eventPath);
  const shared = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(shared).toBe(new URL(expected, page.url()).href);
  await expect(page.locator('meta[property="og:image:type"]')).toHaveAttribute("content", "image/jpeg");
  await expect(page.locator('meta[property="twitter:image"], meta[name="twitter:image"]')).toHaveAttribute("content", shared!);
  const picture = await request.get(shared!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");
  expect((await picture.body()).length).toBeLessThanOrEqual(300 * 1024);

  const decoded = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    return { width: image.naturalWidth, height: image.naturalHeight, top: at(600, 2), bottom: at(600, 627), square: at(400, 315) };
  }, shared!);
  expect([decoded.width, decoded.height]).toEqual([1200, 630]);
  const isBlue = ([r, g, b]: number[]) => r! < 80 && g! < 100 && b! > 100;
  expect(isBlue(decoded.top!) && isBlue(decoded.bottom!), `no red band left: ${JSON.stringify(decoded)}`).toBe(true);
  expect(decoded.square![0]).toBeGreaterThan(200); // the gold square, where the centre crop puts it
}

test("an image chosen from the device is resized, uploaded, previewed and saved with the event, which shares it as a 1200x630 JPEG", async ({
  page,
  request,
}) => {
  const name = uniqueName("Photo Event");
  await signIn(page);
  await page.goto("/admin/events/new");
  await hydrated(page);
  const png = await drawnPicture(page);

  await page.getByLabel("Event Name").fill(name);
  await page.locator('input[type="file"][name="image_file"]').setInputFiles({ name: "rally.png", mimeType: "image/png", buffer: png });
  await expect(toast(page)).toContainText("Image Uploaded");
  const preview = page.getByAltText("Selected image preview");
  await expect(preview).toHaveAttribute("src", /^\/images\/event-images\/[a-f0-9]{32}-og-960w\.webp$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const stored = await page.locator('input[name="image_url"]').inputValue();
  expect(stored).toMatch(/^\/images\/event-images\/[a-f0-9]{32}-og-1200w\.webp$/);
  await expect(page.getByRole("button", { name: "Make a link preview from this picture" })).toHaveCount(0);

  await page.getByLabel("Image description").fill("A blue poster with a gold square");
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(page)).toContainText("Event created");
  const thumbnail = row(page, name).locator("img");
  await expect(thumbnail).toHaveAttribute("src", stored.replace("-1200w", "-960w"));
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const publicLink = row(page, name).getByRole("link", { name: /on the website/ });
  const eventPath = new URL((await publicLink.getAttribute("href"))!, page.url()).pathname;
  await page.goto(eventPath);
  await expect(page.getByAltText("A blue poster with a gold square")).toBeVisible();
  await expectSharedAsJpeg(page, request, eventPath, stored.replace("-1200w.webp", "-share.jpg"));
});

test("a file that is not a picture, named .jpg, is refused in plain words and nothing is uploaded", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.locator('input[type="file"][name="image_file"]').setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Meeting notes, not a photo") });
  await expect(toast(page)).toContainText("Failed to upload image. Please try again. This file is not a picture the phone can open. Please choose a JPEG, PNG, WebP or GIF image.");
  await expect(toast(page)).not.toContainText("decoded");
  await expect(page.locator('input[name="image_url"]')).toHaveValue("");
  // A phone's HEIC photo (its gallery opens it, the browser cannot) is told what to do instead.
  await page.locator('input[type="file"][name="image_file"]').setInputFiles({ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: Buffer.from("....ftypheic") });
  await expect(toast(page).filter({ hasText: "HEIC" })).toContainText("This photo is in the HEIC format, which the website cannot use. Please choose a JPEG photo");
  await expect(page.locator('input[name="image_url"]')).toHaveValue("");
});

test("a picture chosen after being signed out says so in plain words, and what was typed stays", async ({ page, context }) => {
  await signIn(page);
  await page.goto("/admin/events/new");
  await hydrated(page);
  await page.getByLabel("Event Name").fill("Typed before the picture");
  // Signed out meanwhile (say, by "Sign out everywhere" on another phone).
  await context.clearCookies();
  await page.locator('input[type="file"][name="image_file"]').setInputFiles({ name: "rally.png", mimeType: "image/png", buffer: await drawnPicture(page) });
  await expect(toast(page)).toContainText("You have been signed out, so the picture was not saved. What you typed is kept");
  await expect(toast(page)).not.toContainText("Authentication required");
  await expect(page.getByLabel("Event Name")).toHaveValue("Typed before the picture");
});

test("a picture without a share picture (here: saved without JavaScript) gets one from 'Make a link preview'", async ({ page, request, browser, baseURL }) => {
  const name = uniqueName("Old Photo Event");
  // Without JavaScript the original file travels with the form and is stored as it is: no share picture.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await signIn(plain);
  await plain.goto("/admin/events/new");
  await plain.getByLabel("Event Name").fill(name);
  await plain.locator('input[type="file"][name="image_file"]').setInputFiles({ name: "old.png", mimeType: "image/png", buffer: await drawnPicture(page) });
  await plain.getByRole("button", { name: "Create Event" }).click();
  // A whole page's round trip with the file (no script to show progress): if the list does not
  // come, the failure says what the page said instead.
  await plain.waitForURL(/\/admin\?tab=events$/, { timeout: 15_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message}\nThe page said instead: ${await plain.locator("body").innerText()}`);
  });
  await noScript.close();

  await signIn(page);
  await page.goto("/admin?tab=events");
  const eventPath = new URL((await row(page, name).getByRole("link", { name: /on the website/ }).getAttribute("href"))!, page.url()).pathname;
  await page.goto(eventPath);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/og-default\.jpg$/);

  await page.goto("/admin?tab=events");
  await row(page, name).getByRole("link", { name: `Edit ${name}` }).click();
  await hydrated(page);
  const original = await page.locator('input[name="image_url"]').inputValue();
  expect(original).toMatch(/^\/images\/event-images\/[a-f0-9]{32}\.png$/);
  await expect(page.getByText("links shared on WhatsApp show the site's default picture")).toBeVisible();
  await page.getByRole("button", { name: "Make a link preview from this picture" }).click();
  await expect(toast(page)).toContainText("Image Uploaded");
  const stored = await page.locator('input[name="image_url"]').inputValue();
  expect(stored).toMatch(/^\/images\/event-images\/[a-f0-9]{32}-og-1200w\.webp$/);
  await expect(page.getByRole("button", { name: "Make a link preview from this picture" })).toHaveCount(0);
  await expectNoSideways(page);
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(toast(page)).toContainText("Event updated");

  await expectSharedAsJpeg(page, request, eventPath, stored.replace("-1200w.webp", "-share.jpg"));
  // The save replaced the old upload, which is deleted.
  await expect.poll(async () => (await request.get(original)).status()).toBe(404);
});
