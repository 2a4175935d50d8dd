// npm test: type-check, lint, worker-level tests (workerd, real D1/R2), then the production build
// in Debian's chromium. Ends with one line, `N passed, N failed`, computed from the real results.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureDebianPackages } from "./debian-packages.ts";
import { ensureChromium } from "./ensure-chromium.ts";
import { bin, ensureDevVars, ROOT, WRANGLER_ENV } from "./lib.ts";

const TMP = join(ROOT, ".tmp");
rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function step(title: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, env: WRANGLER_ENV, stdio: "inherit" });
  console.log(`--- ${title}: ${result.status === 0 ? "ok" : "FAILED"} (${Math.round((Date.now() - started) / 1000)} s)`);
  return result.status === 0;
}

/** A check that is one pass or one failure (type-check, lint, build). */
function check(title: string, command: string, args: string[]): boolean {
  const ok = step(title, command, args);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(title);
  }
  return ok;
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

// 1. Static checks
if (check("Route types", bin("react-router"), ["typegen"])) check("Type-check", bin("tsc"), ["-b"]);
check("Lint", bin("eslint"), ["--max-warnings", "0", "."]);
check("Import cycles", process.execPath, [join(ROOT, "scripts", "check-import-cycles.ts")]);

// 2. Worker-level tests
const vitestReport = join(TMP, "vitest.json");
const vitestOk = step("Worker tests (vitest in workerd)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numTotalTests: number }>(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numTotalTests === 0 && !vitestOk ? 1 : 0);
  if (vitest.numFailedTests) failures.push(`${vitest.numFailedTests} worker test(s)`);
} else {
  failed += 1;
  failures.push("worker tests did not report");
}

// 3. Browser tests against the production build
ensureChromium();
// The HTML validity test runs the Nu validator (vnu-jar, a Java program).
ensureDebianPackages([{ program: "java", package: "default-jre-headless" }], "the HTML validity test (the Nu validator)");
ensureDevVars();
if (check("Production build", bin("react-router"), ["build"])) {
  const playwrightReport = join(TMP, "playwright.json");
  step("Browser tests (Playwright + Debian chromium)", bin("playwright"), ["test"]);
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(playwrightReport);
  if (report) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    if (report.stats.unexpected) failures.push(`${report.stats.unexpected} browser test(s)`);
  } else {
    failed += 1;
    failures.push("browser tests did not report");
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
