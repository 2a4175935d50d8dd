// Page-weight budgets for phones on slow, costly data (issue: performance). Each public route is
// opened fresh (empty cache) at 360 px wide with the demo content; every resource the browser
// fetches is counted at its gzip size (what Cloudflare sends; images as stored).
import { expect, test } from "@playwright/test";
import { BUDGETED_ROUTES, kb, measurePageWeight, PAGE_WEIGHT_BUDGET_KB as BUDGET } from "./support/page-weight.ts";

for (const route of BUDGETED_ROUTES) {
  test(`${route} stays within the page-weight budgets on a phone @mobile`, async ({ browser, baseURL }) => {
    const weight = await measurePageWeight(browser, new URL(route, baseURL).href);
    console.log(`${route}: js ${kb(weight.js)} KB, css ${kb(weight.css)} KB, html ${kb(weight.html)} KB, images ${kb(weight.images)} KB, total ${kb(weight.total)} KB`);
    expect(kb(weight.js), "JavaScript (gzip KB)").toBeLessThanOrEqual(BUDGET.js);
    expect(kb(weight.css), "CSS (gzip KB)").toBeLessThanOrEqual(BUDGET.css);
    expect(kb(weight.html), "HTML (gzip KB)").toBeLessThanOrEqual(BUDGET.html);
    expect(kb(weight.total), "everything transferred (KB)").toBeLessThanOrEqual(BUDGET.total);
  });
}
