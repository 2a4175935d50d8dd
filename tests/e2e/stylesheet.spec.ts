// Fast on Slow 3G (docs/decisions/016-fast-on-3g.md), against the production build: pages with
// React (sign-in, the admin area) link the built stylesheet, and its URL loads as CSS; pages without
// React carry their CSS in the page and link no stylesheet. (tests/worker/fast-on-3g.test.ts checks
// the same pages through the Worker, where the build's CSS URL does not exist.)
import { expect, test, type Page, type Response } from "@playwright/test";
import { BUDGETED_ROUTES } from "./support/page-weight.ts";
import { signIn } from "./support/admin.ts";

/** The hrefs of the stylesheet links in the HTML as the server sent it. */
function stylesheetLinks(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link[^>]*\srel="stylesheet"[^>]*>/g)].map((m) => /\shref="([^"]*)"/.exec(m[0])?.[1] ?? "(no href)");
}

/** The page's stylesheet link: exactly one, whose URL answers 200 with CSS that the browser applied. */
async function expectLinkedStylesheet(page: Page, response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  expect(response!.status(), path).toBe(200);
  const links = stylesheetLinks(await response!.text());
  expect(links, `${path}: stylesheet links`).toEqual([expect.stringMatching(/^\/assets\/[^/]+\.css$/)]);
  const css = await page.request.get(links[0]!);
  expect(css.status(), links[0]).toBe(200);
  expect(css.headers()["content-type"], links[0]).toMatch(/^text\/css\b/);
  expect((await css.body()).length, links[0]).toBeGreaterThan(1000);
  // The browser loaded it too: its rules are in the page's style sheets.
  const rules = await page.evaluate((href) => {
    const sheet = [...document.styleSheets].find((s) => s.href !== null && new URL(s.href).pathname === href);
    return sheet ? sheet.cssRules.length : -1;
  }, links[0]!);
  expect(rules, `${path}: rules of ${links[0]}`).toBeGreaterThan(0);
}

test("the sign-in page and an admin page link the built stylesheet, which loads as CSS @desktop", async ({ page }) => {
  const auth = await page.goto("/auth");
  await expectLinkedStylesheet(page, auth, "/auth");

  await signIn(page);
  const admin = await page.goto("/admin");
  await expectLinkedStylesheet(page, admin, "/admin");
});

test("public pages without React link no stylesheet: they carry their CSS in the page @desktop", async ({ request }) => {
  for (const path of BUDGETED_ROUTES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(stylesheetLinks(html), path).toEqual([]);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.match(/<style[\s>]/g), `${path}: <style> in <head>`).toHaveLength(1);
  }
});
