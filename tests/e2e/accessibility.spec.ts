// Zero axe violations (WCAG 2.1 A/AA rules) on every public and admin page, at desktop and phone
// widths, as a visitor or an admin would open them.
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signIn, uniqueName } from "./support/admin.ts";
import { axeViolations } from "./support/axe.ts";
import { scriptsDone } from "./support/scripts.ts";
import { ADMIN_PAGES, PUBLIC_PAGES } from "./support/pages.ts";


/** Every violation on every page, as "path: rule (impact): elements" lines. */
async function violations(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // A redirect would check another page in this one's name.
    const landed = new URL(page.url());
    if (landed.pathname + landed.search !== path) found.push(`${path}: opened ${landed.pathname}${landed.search} instead`);
    await scriptsDone(page);
    // E-mail previews (/admin/newsletter, /admin/outbox/{id}) are sandboxed frames of an e-mail, not
    // pages of the site: left out (axe would also wait on each frame for an answer it cannot get).
    for (const violation of await axeViolations(page, ["iframe"])) found.push(`${path}: ${violation}`);
    // No page scrolls sideways (the mobile project runs this at 360 px, as staff and visitors read it).
    const [wide, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (wide! > viewport!) found.push(`${path}: ${wide} px wide in a ${viewport} px window (scrolls sideways)`);
  }
  return found;
}

test("every public page has no accessibility violations", async ({ page }) => {
  test.setTimeout(180_000);
  expect(await violations(page, PUBLIC_PAGES)).toEqual([]);
});

// In three parts, which the two Playwright workers share (one part alone took over a minute).
const PARTS = 3;
for (let part = 0; part < PARTS; part++) {
  const size = Math.ceil(ADMIN_PAGES.length / PARTS);
  const pages = ADMIN_PAGES.slice(part * size, (part + 1) * size);
  test(`every admin page has no accessibility violations (part ${part + 1} of ${PARTS}: ${pages[0]} to ${pages.at(-1)})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    expect(await violations(page, pages)).toEqual([]);
  });
}

// The demo has no newsletter and an empty outbox: this sends one to the demo's subscriber and opens
// its page and its copy in the outbox.
test("a sent newsletter's page and its copy in the outbox have no accessibility violations", async ({ page }) => {
  test.setTimeout(90_000);
  const subject = uniqueName("Accessibility check");
  await signIn(page);
  await page.goto("/admin/newsletter");
  await hydrated(page);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Intro").fill("Dear brothers,\n\nThe national conference is near.");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Send to all confirmed subscribers" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+$/);
  const newsletter = new URL(page.url()).pathname;
  await expect(page.getByRole("status").filter({ hasText: "remaining" })).toContainText("0 remaining", { timeout: 30_000 });
  await page.goto("/admin/outbox?status=sent");
  const copy = await page.getByRole("listitem").filter({ hasText: subject }).getByRole("link").first().getAttribute("href");
  expect(copy).toMatch(/^\/admin\/outbox\/\d+$/);
  expect(await violations(page, [newsletter, copy!])).toEqual([]);
});

test("the admin's Back links are thumb-sized on a phone (at least 44 px tall) @mobile", async ({ page }) => {
  await signIn(page);
  for (const [path, name] of [
    ["/admin/events/registrations/1", "Back to Events"],
    ["/admin/events/1/check-in", "Registrations"],
  ] as const) {
    await page.goto(path);
    const box = await page.getByRole("link", { name, exact: true }).boundingBox();
    expect(box?.height, path).toBeGreaterThanOrEqual(44);
  }
});

/** The contrast ratio of two CSS colours as they show on white (any syntax: the browser paints each and reads it back), as WCAG computes it. */
async function contrastOf(page: Page, one: string, two: string): Promise<number> {
  return page.evaluate(
    ([a, b]) => {
      const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
      const luminance = (css: string) => {
        // On white: a see-through colour counts as it shows there.
        context.fillStyle = "white";
        context.fillRect(0, 0, 1, 1);
        context.fillStyle = css;
        context.fillRect(0, 0, 1, 1);
        const [r, g, bl] = [...context.getImageData(0, 0, 1, 1).data].slice(0, 3).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
      };
      const [light, dark] = [luminance(a!), luminance(b!)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    },
    [one, two],
  );
}

/** The colour of a computed box-shadow (its first, as the browser writes it: rgb(), oklch()…). */
const shadowColour = (shadow: string) => /^(\w+\([^)]*\))/.exec(shadow)?.[1];

test("the keyboard's focus shows at 3:1 or more on white (a link, a button) and in a field", async ({ page }) => {
  await page.goto("/events");
  const shown = async () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { shadow: style.boxShadow, outline: style.outlineStyle, label: document.activeElement!.textContent?.trim() };
    });
  // Tab until a control on the white page body has the focus (past the dark header).
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => Boolean(document.activeElement?.closest("main")))) break;
  }
  const focus = await shown();
  expect(focus.outline).toBe("solid");
  const ring = shadowColour(focus.shadow);
  expect(ring, `the focused "${focus.label}" has a ring`).toBeTruthy();
  expect(await contrastOf(page, ring!, "white")).toBeGreaterThanOrEqual(3);

  await page.goto("/contact");
  await page.getByLabel("Full Name").focus();
  const field = shadowColour(await page.getByLabel("Full Name").evaluate((input) => getComputedStyle(input).boxShadow));
  expect(field).toBeTruthy();
  expect(await contrastOf(page, field!, "white")).toBeGreaterThanOrEqual(3);
});

test("a form refused on a page without scripts starts the reader at what to correct, not at the top behind the header @mobile", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true });
  const page = await context.newPage();
  await page.goto("/give?amount=20000");
  await page.getByLabel("Mobile money number").fill("12");
  await page.getByRole("button", { name: "Give", exact: true }).click();
  await expect(page.getByRole("alert").first()).toBeFocused();
  await expect(page.getByRole("alert").first()).toBeInViewport();
  // The next Tab goes on to the form (the summary's link to the field), not back through the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  await context.close();
});

test("without JavaScript, a shared link's registration dialog starts the keyboard in the dialog, not on the page hidden behind it @mobile", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true });
  const page = await context.newPage();
  await page.goto("/events?register=2");
  await expect(page.getByRole("textbox", { name: "Full Name" })).toBeFocused();
  await context.close();
});

test("a leader's and the office's phone and e-mail links are thumb-sized on a phone (at least 44 px tall) @mobile", async ({ page }) => {
  for (const path of ["/leadership", "/contact"]) {
    await page.goto(path);
    const links = page.getByRole("main").locator('a[href^="tel:"], a[href^="mailto:"]');
    expect(await links.count(), path).toBeGreaterThan(0);
    for (const box of await links.evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute("href"), height: a.getBoundingClientRect().height }))))
      expect(box.height, `${path} ${box.href}`).toBeGreaterThanOrEqual(44);
  }
});
