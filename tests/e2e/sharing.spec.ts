// Sharing and 'Add to calendar' as a visitor meets them in Chrome (issue: sharing and search, calendars):
// the JSON-LD raises no CSP violation, the WhatsApp and calendar links can be reached by keyboard on a
// 360 px phone, the .ics file downloads, and the preview pictures the tags point at exist.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";

const EVENT_PATH = "/events/1";
const POST_PATH = "/blog/rising-early-mark-1-35";

/** Console errors, uncaught errors and CSP violations (reported by the browser itself) on a page. */
async function watchProblems(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  return {
    errors,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

/** Presses Tab until an element matching `selector` has focus; fails after `limit` presses. */
async function tabTo(page: Page, selector: string, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} was not reached by keyboard`);
}

for (const path of [EVENT_PATH, POST_PATH]) {
  test(`${path}: JSON-LD parses and the page logs no errors and no CSP violations`, async ({ page }) => {
    const problems = await watchProblems(page);
    const response = await page.goto(path, { waitUntil: "networkidle" });
    // No inline script runs unless the policy names it: by its hash (these public pages' lines) or a nonce.
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'nonce-[^']+')? 'sha256-[^;]+;/);
    expect(response?.headers()["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe-inline/);

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0]!)["@type"]).toBe(path === EVENT_PATH ? "Event" : "BlogPosting");

    expect(await problems.violations()).toEqual([]);
    expect(problems.errors).toEqual([]);

    // The watcher does see violations: an inline script the policy does not name is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.head.append(script);
    });
    await expect.poll(problems.violations).toEqual([expect.stringMatching(/^script-src/)]);
  });

  test(`${path}: the preview picture and canonical URL are absolute and the picture loads`, async ({ page, request }) => {
    await page.goto(path);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+-share\.jpg$/);
    const picture = await request.get(image!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
    expect((await picture.body()).length).toBeLessThanOrEqual(300 * 1024);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(path, page.url()).href);
  });
}

test("the default preview picture and the organisation's logo exist", async ({ page, request }) => {
  await page.goto("/");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/\/media\/og-default\.jpg$/);
  expect((await request.get(image!)).headers()["content-type"]).toBe("image/jpeg");
  const organisation = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect((await request.get(organisation.logo.url)).status()).toBe(200);
});

test("on an event at 360 px, 'Add to calendar' and 'Share on WhatsApp' are visible and reachable by keyboard @mobile", async ({ page }) => {
  const problems = await watchProblems(page);
  await page.goto(EVENT_PATH);
  const ics = page.getByRole("link", { name: /^Calendar file \(\.ics\)/ });
  const google = page.getByRole("link", { name: /^Google Calendar.*opens in a new tab/ });
  const whatsapp = page.getByRole("link", { name: /^Share on WhatsApp.*opens WhatsApp in a new tab/ });
  await expect(page.getByRole("heading", { name: "Add to calendar" })).toBeVisible();
  for (const link of [ics, google, whatsapp]) await expect(link).toBeVisible();
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=Central%20Region%20Men's%20Prayer%20Breakfast%20http/);
  await expect(whatsapp).toHaveAttribute("target", "_blank");

  // Each control fits the phone's width.
  for (const link of [ics, google, whatsapp]) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await tabTo(page, 'a[href="/events/1/calendar.ics"]');
  await tabTo(page, 'a[href^="https://calendar.google.com/"]');
  await tabTo(page, 'a[href^="https://wa.me/"]');
  expect(problems.errors).toEqual([]);
});

test("on a blog post at 360 px, 'Share on WhatsApp' is visible and reachable by keyboard @mobile", async ({ page }) => {
  await page.goto(POST_PATH);
  const whatsapp = page.getByRole("link", { name: "Share on WhatsApp (opens WhatsApp in a new tab)" });
  await expect(whatsapp).toBeVisible();
  await expect(whatsapp).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Rising Early: A Devotional on Mark 1:35 ${new URL(POST_PATH, page.url()).href}`)}`,
  );
  await tabTo(page, 'a[href^="https://wa.me/"]');
});

test("on an /events card, 'Add to calendar' opens by keyboard to the two choices @mobile", async ({ page }) => {
  await page.goto("/events");
  const card = page.locator("article").filter({ has: page.getByRole("heading", { name: "Lake Malawi Men's Retreat" }) });
  const ics = card.getByRole("link", { name: /^Calendar file \(\.ics\)/ });
  await expect(ics).toBeHidden();
  await card.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(ics).toBeVisible();
  await expect(card.getByRole("link", { name: /^Google Calendar/ })).toBeVisible();
  await expect(card.getByRole("link", { name: /^Share on WhatsApp ?: Lake Malawi Men's Retreat/ })).toBeVisible();
});

test("the .ics file downloads and is an iCalendar file", async ({ page }) => {
  await page.goto(EVENT_PATH);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Calendar file \(\.ics\)/ }).click()]);
  expect(download.suggestedFilename()).toBe("central-region-mens-prayer-breakfast.ics");
  const text = await readFile((await download.path())!, "utf8");
  expect(text.split("\r\n")[0]).toBe("BEGIN:VCALENDAR");
  expect(text).toContain("\r\nDTSTART;TZID=Africa/Blantyre:");
  expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
});
