// npm run lighthouse [-- --slow-3g] [-- --no-build] [-- --runs=N] [-- /route ...]: builds the site
// into its own directory, serves it with the demo content exactly as `npm run preview` does
// (compressed, as Cloudflare sends it) and runs Lighthouse (mobile preset: simulated slow 4G,
// 4x CPU slowdown) in Debian's chromium against every public route. Prints a Markdown table and
// exits non-zero when a page misses the budgets of its mode. Each page is measured 3 times (--runs=N
// to change it) and judged by the median of each figure, as Lighthouse's docs advise: a single run
// swings by a few points of score, and on Slow 3G by ±0.5 s.
//
// --slow-3g measures what most visitors live with (issue 18): the same mobile run throttled to
// Slow 3G (400 ms round trips, 400 kbps down and up, 4x CPU), budgeted on when the first paint and
// the largest picture or text appear.
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

const args = process.argv.slice(2);
const slow3g = args.includes("--slow-3g");

type Budget = { performance?: number; lcpMs: number; fcpMs?: number; cls: number; tbtMs?: number };
/**
 * Default mode: Lighthouse's own mobile run, where every public page should score 100 (issue 27):
 * a page fails under 98 or with TBT over 100 ms. Slow 3G: "good" LCP is 2.5 s and the first paint
 * should come within 2 s; a page fails over 2.3 s and 1.9 s, a margin for the swing of real phones
 * and networks. Its score and TBT are left out there (the CPU is throttled exactly as in the default
 * run, which budgets them).
 */
const BUDGET: Budget = slow3g ? { lcpMs: 2300, fcpMs: 1900, cls: 0.02 } : { performance: 98, lcpMs: 2000, cls: 0.02, tbtMs: 100 };

/**
 * Slow 3G as Lighthouse defines its throttling presets: the simulation (Lighthouse's default
 * method) uses rttMs and throughputKbps; the request-level values, for --throttling-method=devtools,
 * carry the same adjustment factors as Lighthouse's built-in mobileSlow4G and mobileRegular3G.
 */
const SLOW_3G_FLAGS = [
  "--throttling.rttMs=400",
  "--throttling.throughputKbps=400",
  "--throttling.requestLatencyMs=1500",
  "--throttling.downloadThroughputKbps=360",
  "--throttling.uploadThroughputKbps=360",
  "--throttling.cpuSlowdownMultiplier=4",
];
const runs = Number(/^--runs=(\d+)$/.exec(args.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 3);
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
  const child = spawn(bin("lighthouse"), [url, "--quiet", "--output=json", `--output-path=${file}`, `--chrome-flags=${CHROME_FLAGS.join(" ")}`, ...(slow3g ? SLOW_3G_FLAGS : [])], {
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A page's figures over its runs: each one the median of its own values (the category scores too). */
function medianOf(measured: Result[]): Result {
  const of = (key: "performance" | "lcpMs" | "cls" | "tbtMs" | "fcpMs" | "bytes" | "accessibility" | "bestPractices" | "seo") =>
    median(measured.map((r) => r[key]));
  return {
    route: measured[0]!.route,
    performance: of("performance"),
    lcpMs: of("lcpMs"),
    cls: of("cls"),
    tbtMs: of("tbtMs"),
    fcpMs: of("fcpMs"),
    bytes: of("bytes"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    otherFailures: [...new Set(measured.flatMap((r) => r.otherFailures))],
  };
}

function misses(r: Result): string[] {
  const { performance, lcpMs, fcpMs, cls, tbtMs } = BUDGET;
  return [
    performance !== undefined && r.performance < performance ? `performance ${r.performance} < ${performance}` : "",
    r.lcpMs > lcpMs ? `LCP ${seconds(r.lcpMs)} > ${seconds(lcpMs)}` : "",
    fcpMs !== undefined && r.fcpMs > fcpMs ? `FCP ${seconds(r.fcpMs)} > ${seconds(fcpMs)}` : "",
    r.cls > cls ? `CLS ${r.cls.toFixed(3)} > ${cls}` : "",
    tbtMs !== undefined && r.tbtMs > tbtMs ? `TBT ${Math.round(r.tbtMs)} ms > ${tbtMs} ms` : "",
  ].filter(Boolean);
}

function budgetText(): string {
  const { performance, lcpMs, fcpMs, cls, tbtMs } = BUDGET;
  return [
    performance !== undefined ? `performance ≥ ${performance}` : "",
    `LCP ≤ ${lcpMs / 1000} s`,
    fcpMs !== undefined ? `FCP ≤ ${fcpMs / 1000} s` : "",
    `CLS ≤ ${cls}`,
    tbtMs !== undefined ? `TBT ≤ ${tbtMs} ms` : "",
  ]
    .filter(Boolean)
    .join(", ");
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
log(`Lighthouse mobile, ${slow3g ? "Slow 3G (RTT 400 ms, 400 kbps, 4x CPU)" : "default throttling (slow 4G, 4x CPU)"}, ${runs} run(s) a page, judged by the median; budgets: ${budgetText()}.`);
log(`Load average ${loadavg().map((n) => n.toFixed(2)).join(", ")} on ${cpus().length} cores (Lighthouse's CPU timings suffer on a busy machine).`);
const site = await startSite({ port: SITE_PORT, name: "lighthouse", build: !args.includes("--no-build"), stateDir: join(ROOT, ".wrangler", "e2e-perf", "lighthouse") });
const reportDir = join(PERF_LOG_DIR, slow3g ? "lighthouse-slow-3g" : "lighthouse");
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
    const each = (pick: (r: Result) => string) => measured.map(pick).join("/");
    log(
      `${route}: performance ${each((r) => String(r.performance))}, FCP ${each((r) => (r.fcpMs / 1000).toFixed(2))} s, ` +
        `LCP ${each((r) => (r.lcpMs / 1000).toFixed(2))} s, TBT ${each((r) => String(Math.round(r.tbtMs)))} ms`,
    );
    results.push(medianOf(measured));
  }
} finally {
  await site.stop();
}

log(`Load average at the end ${loadavg().map((n) => n.toFixed(2)).join(", ")}.`);
console.log(lighthouseTable(results));
const failed = results.filter((r) => misses(r).length);
const others = [...new Set(results.flatMap((r) => r.otherFailures.map((f) => `${r.route} ${f}`)))];
if (others.length) console.log(`\nOther Lighthouse findings:\n${others.map((f) => `- ${f}`).join("\n")}`);
if (failed.length) {
  console.log(`\nMissed the budgets (${budgetText()}):`);
  for (const r of failed) console.log(`- ${r.route}: ${misses(r).join(", ")}`);
  process.exit(1);
}
console.log(`\nEvery page within the budgets (reports in ${reportDir}).`);
