// The smallest phones and a phone's large font setting (Android's makes the page's text as much as
// twice as big: `html { font-size: 200% }` here): no page scrolls sideways, the public header stays
// a short bar or scrolls away with the page (and its open menu leaves Close uncovered), the admin's
// Sign Out stays on the screen, and the desk's actions for a man with a long name can be reached
// (also on a wide screen, where the desk is a table). One browser context a screen, the pages one
// after another in it.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { scriptsDone } from "./support/scripts.ts";
import { addPeople, signInQuickly } from "./support/setup.ts";

test.describe.configure({ timeout: 90_000 });

/** 40 letters with no space (as a name typed without one can be): the desk's row, its Cancel and the door list must make room for it. */
const LONG_NAME = "Chimwemwemwakasungulachisomokondwanimsis";
/** The demo's event with a fee: its desk rows have the most actions. */
const EVENT_ID = "2";
const DESK = `/admin/events/registrations/${EVENT_ID}`;

const PUBLIC_PAGES = ["/", "/about", `/events/${EVENT_ID}`, "/contact", "/associations", "/blog", "/give"];
const ADMIN_PAGES = ["/admin", DESK, `/admin/events/${EVENT_ID}/door-list`, `/admin/events/edit/${EVENT_ID}`, "/admin/settings"];

const SCREENS = [
  { label: "320 px", width: 320, height: 640, textSize: 100, pages: [...PUBLIC_PAGES, ...ADMIN_PAGES] },
  { label: "360 px, 200 % text", width: 360, height: 640, textSize: 200, pages: [...PUBLIC_PAGES, ...ADMIN_PAGES] },
  // The desk is a table from 640 px: its actions column must not be cut off by a long name. (The
  // dashboard first, as on the phones: it shows the sign-in's toast, which would cover the desk.)
  { label: "1280 px", width: 1280, height: 800, textSize: 100, pages: ["/admin", DESK] },
];

async function open(page: Page, path: string, textSize: number) {
  await page.goto(path);
  await scriptsDone(page);
  if (textSize !== 100) await page.addStyleTag({ content: `html { font-size: ${textSize}% }` });
}

/** What is wrong with this page on this screen, in words (nothing: an empty list). */
async function problemsOf(page: Page, path: string, textSize: number): Promise<string[]> {
  const problems: string[] = [];
  // The screen's own size: a phone's browser widens its viewport to a page wider than the screen.
  const { width: innerWidth, height: innerHeight } = page.viewportSize()!;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > innerWidth) problems.push(`${path}: scrolls sideways (${scrollWidth} px wide on a ${innerWidth} px screen)`);

  if (!path.startsWith("/admin")) {
    // A header taller than a quarter of the screen must not stay stuck over the page.
    const header = page.getByRole("banner");
    const height = (await header.boundingBox())!.height;
    if (height > innerHeight / 4) {
      const bottomAfterScrolling = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelector("body > header")!.getBoundingClientRect().bottom;
      });
      if (bottomAfterScrolling > 0) problems.push(`${path}: the header, ${Math.round(height)} px of a ${innerHeight} px screen, stays over the page`);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    if (path === "/") {
      // The open menu hangs from the header's bottom: its button (now Close) stays uncovered.
      const menu = page.locator("header summary[aria-label='Menu']");
      await menu.click();
      const where = await menu.evaluate(reachable, innerWidth);
      if (where) problems.push(`${path}: the open menu covers its Close button (${where})`);
      await menu.evaluate((summary) => summary.parentElement!.removeAttribute("open"));
    }
  } else {
    const signOut = (await page.getByRole("button", { name: "Sign Out" }).boundingBox())!;
    if (signOut.x < 0 || signOut.x + signOut.width > innerWidth) problems.push(`${path}: Sign Out is off the screen (${Math.round(signOut.x)}–${Math.round(signOut.x + signOut.width)} px)`);
  }

  if (path === DESK) {
    const row = page.locator("tr", { hasText: LONG_NAME }).first();
    for (const [control, words] of [
      [row.locator("summary", { hasText: "Cancel" }), `"Cancel ${LONG_NAME}"`],
      [row.locator("summary", { hasText: "Waive fee" }), `his "Waive fee"`],
    ] as const) {
      const where = await control.evaluate(reachable, innerWidth);
      if (where) problems.push(`${path}: ${words} cannot be reached (${where}) at ${textSize} % text`);
    }
  }
  return problems;
}

/**
 * Whether a finger or a mouse can reach this control: scrolled to the middle of the screen, and
 * sideways only in what a user can scroll (a table's own frame, not a box that cuts it off, nor the
 * page), it is on the screen and both its ends are the control, not what covers or clips it.
 * Undefined when it can be reached, else where it is.
 */
function reachable(control: Element, screenWidth: number): string | undefined {
  window.scrollBy(0, control.getBoundingClientRect().top - window.innerHeight / 2);
  for (let box = control.parentElement; box && box !== document.body; box = box.parentElement) {
    if (!["auto", "scroll"].includes(getComputedStyle(box).overflowX)) continue;
    const beyond = control.getBoundingClientRect().right - box.getBoundingClientRect().right;
    if (beyond > 0) box.scrollLeft += beyond;
  }
  const { left, right, top, height } = control.getBoundingClientRect();
  const y = top + height / 2;
  const isControl = (x: number) => {
    const under = document.elementFromPoint(x, y);
    return under !== null && control.contains(under);
  };
  if (left >= 0 && right <= screenWidth && isControl(left + 4) && isControl(right - 4)) return undefined;
  return `${Math.round(left)}–${Math.round(right)} px on a ${screenWidth} px screen${isControl(Math.min(right, screenWidth) - 4) ? "" : ", covered or cut off at its end"}`;
}

async function screenProblems(browser: Browser, baseURL: string | undefined, screen: (typeof SCREENS)[number]): Promise<string[]> {
  const context = await browser.newContext({ baseURL, viewport: { width: screen.width, height: screen.height }, isMobile: screen.width < 640, hasTouch: screen.width < 640 });
  const page = await context.newPage();
  const problems: string[] = [];
  let signedIn = false;
  for (const path of screen.pages) {
    if (path.startsWith("/admin") && !signedIn) {
      await signInQuickly(page);
      signedIn = true;
    }
    await open(page, path, screen.textSize);
    problems.push(...(await problemsOf(page, path, screen.textSize)).map((problem) => `${screen.label}: ${problem}`));
  }
  await context.close();
  return problems;
}

test("320 px phones and 200 % text: no sideways scrolling, a header that does not cover the page, Sign Out and a long name's desk actions within reach @mobile", async ({ page, browser, baseURL }) => {
  await signInQuickly(page);
  await addPeople(page, EVENT_ID, [LONG_NAME]);
  const problems: string[] = [];
  for (const screen of SCREENS) problems.push(...(await screenProblems(browser, baseURL, screen)));
  expect(problems).toEqual([]);
});
