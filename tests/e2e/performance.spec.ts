// Page-weight budgets for phones on slow, costly data (issue: performance). Each public route is
// opened fresh (empty cache) at 360 px wide with the demo content; every resource the browser
// fetches is counted at its gzip size (what Cloudflare sends; images as stored).
import { expect, test } from "@playwright/test";
import { BUDGETED_ROUTES, kb, measurePageWeight, PAGE_WEIGHT_BUDGET_KB as BUDGET } from "./support/page-weight.ts";

/** Pages that only show content send no JavaScript at all (app/lib/page-scripts.ts). */
const READ_ONLY_ROUTES = new Set(["/about", "/mission", "/leadership", "/ministries", "/ministries/youth-mentorship", "/blog", "/blog/rising-early-mark-1-35", "/testimonies", "/associations", "/events/1/group", "/events/1/my-link", "/give", "/offline"]);
/** Pages with a few live parts send only the islands script (app/islands), never React. */
const ISLAND_ROUTES = new Set(["/", "/events", "/events/1", "/contact"]);
const ISLANDS_BUDGET_KB = 8;

for (const route of BUDGETED_ROUTES) {
  test(`${route} stays within the page-weight budgets on a phone @mobile`, async ({ browser, baseURL }) => {
    const weight = await measurePageWeight(browser, new URL(route, baseURL).href);
    console.log(`${route}: js ${kb(weight.js)} KB, css ${kb(weight.css)} KB, html ${kb(weight.html)} KB, images ${kb(weight.images)} KB, total ${kb(weight.total)} KB`);
    expect(kb(weight.js), "JavaScript (gzip KB)").toBeLessThanOrEqual(BUDGET.js);
    expect(kb(weight.css), "CSS (gzip KB)").toBeLessThanOrEqual(BUDGET.css);
    expect(kb(weight.html), "HTML (gzip KB)").toBeLessThanOrEqual(BUDGET.html);
    expect(kb(weight.total), "everything transferred (KB)").toBeLessThanOrEqual(BUDGET.total);
    if (READ_ONLY_ROUTES.has(route)) expect(weight.js, "JavaScript on a read-only page (bytes)").toBe(0);
    if (ISLAND_ROUTES.has(route)) expect(kb(weight.js), "JavaScript on a page with islands (gzip KB)").toBeLessThanOrEqual(ISLANDS_BUDGET_KB);
  });
}

// Sign-in is where staff first meet the admin on a phone. It loads React, React Router, zod and
// conform (about 130 KB gzip together) and the form: 227 KB when one import from a feature's public
// module brought that whole feature along, 164 KB since (decision 043). This keeps it there.
const SIGN_IN_JS_BUDGET_KB = 170;

test("sign-in loads no more JavaScript than its form needs on a phone @mobile", async ({ browser, baseURL }) => {
  const weight = await measurePageWeight(browser, new URL("/auth", baseURL).href);
  console.log(`/auth: js ${kb(weight.js)} KB, css ${kb(weight.css)} KB, html ${kb(weight.html)} KB, total ${kb(weight.total)} KB`);
  expect(kb(weight.js), "JavaScript (gzip KB)").toBeLessThanOrEqual(SIGN_IN_JS_BUDGET_KB);
  expect(kb(weight.total), "everything transferred (KB)").toBeLessThanOrEqual(BUDGET.total);
});

test("no public page loads React: each is read-only or runs only the islands script", () => {
  const unclassified = BUDGETED_ROUTES.filter((route) => !READ_ONLY_ROUTES.has(route) && !ISLAND_ROUTES.has(route));
  expect(unclassified).toEqual([]);
});
