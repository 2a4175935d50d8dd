// npm run lighthouse [-- --no-build] [-- --runs=3] [-- /route ...]: builds the site into its own
// directory, serves it with the demo content exactly as `npm run preview` does (compressed, as
// Cloudflare sends it) and runs Lighthouse (mobile preset: simulated slow 4G,
// 4x CPU slowdown) in Debian's chromium against every public route. Prints a Markdown table and
// exits non-zero when a page misses the issue's budgets. With --runs=N each page is measured N
// times and the median run (by performance score) counts, as Lighthouse's docs advise on a busy
// machine.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { CHROMIUM_PATH, ensureChromium } from "./ensure-chromium.ts";
import { bin, ROOT } from "./lib.ts";
import { BUDGETED_ROUTES } from "../tests/e2e/support/page-weight.ts";
import { log, PERF_LOG_DIR, startSite } from "./local-site.ts";
import { CHROME_FLAGS, kbText, markdownTable } from "./perf-lib.ts";

const SITE_PORT = Number(process.env.PERF_PORT ?? 4299);
const BUDGET = { performance: 95, lcpMs: 2000, cls: 0.02, tbtMs: 150 };

const args = process.argv.slice(2);
const runs = Number(/^--runs=(\d+)$/.exec(args.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 1);
const routes = args.filter((a) => a.startsWith("/"));

type Audit = { score: number | null; numericValue?: number; title: string; displayValue?: string };
type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};

type Result = {
  route: string;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  bytes: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Audits that failed in the accessibility, best-practices and SEO categories. */
  otherFailures: string[];
};

/**
 * One Lighthouse run. Chromium now and then loses its page on a busy machine ("NO_NAVSTART"):
 * such a run is retried.
 */
async function lighthouse(url: string, file: string, attempts = 3): Promise<Report> {
  const child = spawn(bin("lighthouse"), [url, "--quiet", "--output=json", `--output-path=${file}`, `--chrome-flags=${CHROME_FLAGS.join(" ")}`], {
    cwd: ROOT,
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const report = status === 0 ? (JSON.parse(readFileSync(file, "utf8")) as Report) : null;
  const problem = report ? report.runtimeError?.message : `exit ${status}: ${stderr.trim()}`;
  if (!problem) return report!;
  if (attempts > 1) {
    log(`lighthouse ${url} failed (${problem}); trying again`);
    return lighthouse(url, file, attempts - 1);
  }
  throw new Error(`lighthouse ${url} failed: ${problem}`);
}

function summarise(route: string, report: Report): Result {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const otherFailures = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${report.audits[ref.id]!.title}`),
  );
  return {
    route,
    performance: score("performance"),
    lcpMs: value("largest-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    tbtMs: value("total-blocking-time"),
    fcpMs: value("first-contentful-paint"),
    bytes: value("total-byte-weight"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    otherFailures,
  };
}

function misses(r: Result): string[] {
  return [
    r.performance < BUDGET.performance ? `performance ${r.performance} < ${BUDGET.performance}` : "",
    r.lcpMs > BUDGET.lcpMs ? `LCP ${(r.lcpMs / 1000).toFixed(2)} s > ${BUDGET.lcpMs / 1000} s` : "",
    r.cls > BUDGET.cls ? `CLS ${r.cls.toFixed(3)} > ${BUDGET.cls}` : "",
    r.tbtMs > BUDGET.tbtMs ? `TBT ${Math.round(r.tbtMs)} ms > ${BUDGET.tbtMs} ms` : "",
  ].filter(Boolean);
}

function lighthouseTable(results: Result[]): string {
  return markdownTable(
    ["route", "performance", "LCP (s)", "CLS", "TBT (ms)", "FCP (s)", "total (KB)", "accessibility", "best practices", "SEO"],
    results.map((r) => [
      r.route,
      r.performance,
      (r.lcpMs / 1000).toFixed(2),
      r.cls.toFixed(3),
      Math.round(r.tbtMs),
      (r.fcpMs / 1000).toFixed(2),
      kbText(r.bytes),
      r.accessibility,
      r.bestPractices,
      r.seo,
    ]),
  );
}

ensureChromium();
log(`Load average ${loadavg().map((n) => n.toFixed(2)).join(", ")} on ${cpus().length} cores (Lighthouse's CPU timings suffer on a busy machine).`);
const site = await startSite({ port: SITE_PORT, name: "lighthouse", build: !args.includes("--no-build"), stateDir: join(ROOT, ".wrangler", "e2e-perf", "lighthouse") });
const reportDir = join(PERF_LOG_DIR, "lighthouse");
mkdirSync(reportDir, { recursive: true });
const results: Result[] = [];
try {
  for (const route of routes.length ? routes : BUDGETED_ROUTES) {
    // One unmeasured visit first, so no page pays for the server's first render of its code.
    await (await fetch(`${site.origin}${route}`)).arrayBuffer();
    const measured: Result[] = [];
    for (let i = 0; i < runs; i += 1) {
      const file = join(reportDir, `${route.replace(/\W+/g, "_") || "_"}-${i + 1}.json`);
      measured.push(summarise(route, await lighthouse(`${site.origin}${route}`, file)));
    }
    measured.sort((a, b) => a.performance - b.performance);
    const median = measured[Math.floor(measured.length / 2)]!;
    results.push(median);
    log(`${route}: performance ${median.performance}, LCP ${(median.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(median.tbtMs)} ms`);
  }
} finally {
  await site.stop();
}

console.log(lighthouseTable(results));
const failed = results.filter((r) => misses(r).length);
const others = [...new Set(results.flatMap((r) => r.otherFailures.map((f) => `${r.route} ${f}`)))];
if (others.length) console.log(`\nOther Lighthouse findings:\n${others.map((f) => `- ${f}`).join("\n")}`);
if (failed.length) {
  console.log(`\nMissed the budgets (performance ≥ ${BUDGET.performance}, LCP ≤ 2.0 s, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms):`);
  for (const r of failed) console.log(`- ${r.route}: ${misses(r).join(", ")}`);
  process.exit(1);
}
console.log(`\nEvery page within the budgets (reports in ${reportDir}).`);
