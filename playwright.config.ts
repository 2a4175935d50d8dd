// Browser tests: Debian's chromium driven by Playwright against the production build.
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const launchOptions = {
  executablePath: chromium,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/playwright",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions,
    trace: "off",
  },
  projects: [
    // Tests tagged @mobile run only at phone size, @desktop only on the desktop; the rest on both.
    { name: "desktop", grepInvert: /@mobile/, use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "mobile",
      grepInvert: /@desktop/,
      use: { ...devices["Moto G4"], viewport: { width: 360, height: 640 }, launchOptions },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
