// Shared by `npm run lighthouse` and `npm run bench`: measures pages as a phone on mobile data sees
// them, and prints the results as Markdown tables for docs/performance.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./ensure-chromium.ts";
import { BUDGETED_ROUTES, kb, measurePageWeight, type PageWeight } from "../tests/e2e/support/page-weight.ts";

/** For Lighthouse, which starts chromium itself. */
export const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/** The first-visit weight of each route, on a 360 px phone (see tests/e2e/support/page-weight.ts). */
export async function measurePageWeights(origin: string, routes = BUDGETED_ROUTES): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const weights: PageWeight[] = [];
    for (const route of routes) weights.push(await measurePageWeight(browser, `${origin}${route}`));
    return weights;
  } finally {
    await browser.close();
  }
}

/** KB with one decimal, as text. */
export const kbText = (bytes: number) => kb(bytes).toFixed(1);

/** A Markdown table from a header row and body rows. */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((h, i) => (i === 0 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

export function pageWeightTable(weights: PageWeight[]): string {
  return markdownTable(
    ["route", "JS (KB gz)", "CSS (KB gz)", "HTML (KB gz)", "images (KB)", "other (KB gz)", "total (KB)"],
    weights.map((w) => [w.route, kbText(w.js), kbText(w.css), kbText(w.html), kbText(w.images), kbText(w.other), kbText(w.total)]),
  );
}

export function writeOutput(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
