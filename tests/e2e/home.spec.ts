// The home page's moving parts as a visitor meets them: the rotating hero (with its pause control,
// hover and keyboard pauses and reduced motion), the conference countdown and the testimony carousel.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_TESTIMONIES } from "../../app/db/seed/demo.ts";

// SPEC section 4: a new message every 8 s with a 500 ms fade; the conference starts 12 June 2025, 08:00 in Malawi.
const HERO_ROTATION_MS = 8000;
const HERO_FADE_MS = 500;
const ROTATION = HERO_ROTATION_MS + HERO_FADE_MS + 100;
const CONFERENCE_START_ISO = "2025-06-12T06:00:00.000Z";

// The first messages of each of the hero's lists (app/features/settings/home-copy.ts).
const HERO_VERSES = [
  { text: "Be on your guard; stand firm in the faith; be courageous; be strong. Do everything in love.", reference: "1 Corinthians 16:13-14" },
  { text: "As iron sharpens iron, so one person sharpens another.", reference: "Proverbs 27:17" },
];
const HERO_TESTIMONIALS = [
  { quote: "The men's fellowship taught me to lead my family in prayer. Our home has not been the same since.", name: "Gift Mwale" },
  { quote: "I found brothers who pray for me by name. I no longer carry my burdens alone.", name: "Andrew Kumwenda" },
];

function heroMessage(page: Page) {
  return page.getByTestId("hero-message");
}

/** The hero's pause/play control appears only once the page's script runs. */
async function heroReady(page: Page) {
  await expect(page.getByRole("button", { name: /^(Pause|Play) rotating/ })).toBeVisible();
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

test.describe("hero", () => {
  test("alternates between a verse and a testimonial every 8 seconds, each list in turn", async ({ page }) => {
    const errors = consoleErrors(page);
    await page.clock.install();
    await page.goto("/");
    await heroReady(page);
    const message = heroMessage(page);
    await expect(message.getByText(HERO_VERSES[0]!.text)).toBeVisible();
    await expect(message).toHaveAttribute("aria-live", "off");

    await page.clock.runFor(HERO_ROTATION_MS - 1000);
    await expect(message.getByText(HERO_VERSES[0]!.text)).toBeVisible();

    await page.clock.runFor(1000 + HERO_FADE_MS + 100);
    await expect(message.getByText(HERO_TESTIMONIALS[0]!.quote)).toBeVisible();
    await expect(message.getByText(HERO_TESTIMONIALS[0]!.name)).toBeVisible();
    await expect(message.getByText(HERO_VERSES[0]!.text)).toBeHidden();

    await page.clock.runFor(ROTATION);
    await expect(message.getByText(HERO_VERSES[1]!.text)).toBeVisible();
    await expect(message.getByText(HERO_VERSES[1]!.reference)).toBeVisible();
    await page.clock.runFor(ROTATION);
    await expect(message.getByText(HERO_TESTIMONIALS[1]!.quote)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the page ships no React: its only script is the islands script, and the hero still rotates", async ({ page }) => {
    await page.clock.install();
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto("/");
    await heroReady(page);
    // Its one script fetches the islands script once the page has loaded (docs/decisions/016-fast-on-3g.md).
    await expect(page.locator("script[src]")).toHaveCount(0);
    const scripts = await page.locator('script:not([type="application/ld+json"])').evaluateAll((elements) => elements.map((el) => el.textContent));
    expect(scripts).toEqual([expect.stringMatching(/^addEventListener\("load",\(\)=>import\("\/assets\/islands-\w+\.js"\)\)$/)]);
    expect(fetched.filter((path) => path.endsWith(".js"))).toEqual([expect.stringMatching(/^\/assets\/islands-\w+\.js$/)]);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

    await page.clock.runFor(ROTATION);
    await expect(heroMessage(page).getByText(HERO_TESTIMONIALS[0]!.quote)).toBeVisible();
  });

  test("stops while the pointer rests on the message and resumes when it leaves @desktop", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await heroReady(page);
    const message = heroMessage(page);
    await message.hover();
    await page.clock.runFor(3 * ROTATION);
    await expect(message.getByText(HERO_VERSES[0]!.text)).toBeVisible();
    await expect(message).toHaveAttribute("aria-live", "polite");

    await page.mouse.move(5, 5);
    await page.clock.runFor(ROTATION);
    await expect(message.getByText(HERO_TESTIMONIALS[0]!.quote)).toBeVisible();
  });

  test("the pause control stops the rotation and play resumes it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await heroReady(page);
    const message = heroMessage(page);
    await page.getByRole("button", { name: "Pause rotating verses and testimonies" }).click();
    await expect(page.getByRole("button", { name: "Play rotating verses and testimonies" })).toBeVisible();
    await expect(message).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(3 * ROTATION);
    await expect(message.getByText(HERO_VERSES[0]!.text)).toBeVisible();

    await page.getByRole("button", { name: "Play rotating verses and testimonies" }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(ROTATION);
    await expect(message.getByText(HERO_TESTIMONIALS[0]!.quote)).toBeVisible();
  });

  test("keyboard focus in the hero stops the rotation until it leaves", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await heroReady(page);
    const message = heroMessage(page);
    const learnMore = page.getByRole("link", { name: "Learn More about us", exact: true });
    await learnMore.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("link", { name: "Find Association" })).toBeFocused();
    await page.clock.runFor(3 * ROTATION);
    await expect(message.getByText(HERO_VERSES[0]!.text)).toBeVisible();

    await page.getByRole("link", { name: "Register Now" }).focus();
    await page.clock.runFor(ROTATION);
    await expect(message.getByText(HERO_TESTIMONIALS[0]!.quote)).toBeVisible();
  });

  test("visitors who prefer reduced motion start paused", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Play rotating verses and testimonies" })).toBeVisible();
    await page.clock.runFor(3 * ROTATION);
    await expect(heroMessage(page).getByText(HERO_VERSES[0]!.text)).toBeVisible();
  });
});

test.describe("conference countdown", () => {
  const units = (page: Page) =>
    Promise.all(["days", "hours", "minutes", "seconds"].map((unit) => page.locator(`[data-unit="${unit}"]`).textContent()));

  test("shows zeros now that the conference has begun", async ({ page }) => {
    await page.goto("/");
    await heroReady(page);
    expect(await units(page)).toEqual(["00", "00", "00", "00"]);
    await expect(page.getByRole("timer")).toBeVisible();
  });

  test("counts down every second before the conference, whatever the browser's time zone", async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: "America/New_York" });
    const page = await context.newPage();
    const start = new Date(CONFERENCE_START_ISO).getTime();
    const twoDaysBefore = start - 2 * 86_400_000;
    await page.clock.install({ time: twoDaysBefore - 10_000 });
    await page.goto("/");
    await heroReady(page);
    await page.clock.pauseAt(twoDaysBefore);
    await expect.poll(() => units(page)).toEqual(["02", "00", "00", "00"]);
    await page.clock.runFor(1000);
    await expect.poll(() => units(page)).toEqual(["01", "23", "59", "59"]);
    await page.clock.runFor(61_000);
    await expect.poll(() => units(page)).toEqual(["01", "23", "58", "58"]);
    await context.close();
  });
});

test.describe("testimony carousel", () => {
  const active = DEMO_TESTIMONIES.filter((t) => !("active" in t));

  test("next and previous change the testimony and wrap around", async ({ page }) => {
    await page.goto("/");
    await heroReady(page);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByText(active[0]!.author)).toBeVisible();
    await expect(carousel.getByText("1 / 5")).toBeVisible();

    await page.getByRole("button", { name: "Next testimony" }).click();
    await expect(carousel.getByText(active[1]!.author)).toBeVisible();
    await expect(carousel.getByText(active[0]!.author)).toBeHidden();
    await expect(carousel.getByText("2 / 5")).toBeVisible();

    await page.getByRole("button", { name: "Previous testimony" }).click();
    await page.getByRole("button", { name: "Previous testimony" }).click();
    await expect(carousel.getByText(active[4]!.author)).toBeVisible();
    await expect(carousel.getByText("5 / 5")).toBeVisible();

    await page.getByRole("button", { name: "Next testimony" }).click();
    await expect(carousel.getByText(active[0]!.author)).toBeVisible();
    await expect(page.getByRole("link", { name: "Read more testimonies" })).toHaveAttribute("href", "/testimonies");
  });

  test("works from the keyboard", async ({ page }) => {
    await page.goto("/");
    await heroReady(page);
    await page.getByRole("button", { name: "Next testimony" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator('[aria-roledescription="carousel"]').getByText(active[1]!.author)).toBeVisible();
    await page.keyboard.press("Space");
    await expect(page.locator('[aria-roledescription="carousel"]').getByText(active[2]!.author)).toBeVisible();
  });
});

test("without JavaScript the home page shows each first item and its links work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(heroMessage(page).getByText(HERO_VERSES[0]!.text)).toBeVisible();
  await expect(page.locator('[aria-roledescription="carousel"]').getByText(DEMO_TESTIMONIES[0]!.author)).toBeVisible();
  await expect(page.getByRole("button", { name: /Pause rotating/ })).toHaveCount(0);
  // The carousel's buttons could turn nothing without a script: not shown; its link lists them all.
  await expect(page.getByRole("button", { name: "Next testimony" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Read more testimonies" })).toBeVisible();
  await page.getByRole("link", { name: "View All Ministries" }).click();
  await expect(page).toHaveURL(/\/ministries$/);
  await context.close();
});

test("fits a 360 px phone without sideways scrolling @mobile", async ({ page }) => {
  await page.goto("/");
  await heroReady(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The footer's mark reuses the header's drawing (<use>): it is drawn (the shield spans 30 of its 40 units).
  const mark = page.getByRole("contentinfo").locator("svg").first();
  await mark.scrollIntoViewIfNeeded();
  expect(await mark.evaluate((svg) => (svg as SVGSVGElement).getBBox().width)).toBeGreaterThanOrEqual(30);
});
