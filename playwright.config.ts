// Browser tests: Debian's chromium driven by Playwright against the production build.
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/ensure-chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

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
    // Tests tagged @mobile run only at phone size, @desktop only on the desktop; the rest on both,
    // except the admin flows: staff mostly work on phones, so those run at 360 px (the desktop still
    // checks every admin page's accessibility), which keeps the suite well within CI's time.
    {
      name: "desktop",
      grepInvert: /@mobile/,
      testIgnore: /admin-[\w-]+\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "mobile",
      grepInvert: /@desktop/,
      testIgnore: /admin-settings\.spec\.ts$/,
      use: { ...devices["Moto G4"], viewport: { width: 360, height: 640 }, launchOptions },
    },
    // Changing the site's settings changes every page: these run alone, once the others are done.
    {
      name: "settings",
      testMatch: /admin-settings\.spec\.ts$/,
      dependencies: ["desktop", "mobile"],
      use: { ...devices["Moto G4"], viewport: { width: 360, height: 640 }, launchOptions },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port), CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
