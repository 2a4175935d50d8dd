// Worker-level tests run inside workerd (the Workers runtime) with real local D1 and R2, calling
// the real Worker's fetch against the source: no build needed.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { islands } from "./scripts/vite-islands.ts";
import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("drizzle");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.jsonc" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "test-session-secret-with-at-least-32-characters",
            // Tests change data behind the Worker's back; the edge cache has its own tests.
            EDGE_CACHE: "off",
            // E-mail is "not set up" unless a test sets MAIL_FROM (withEmailSetUp, tests/worker/email-helpers.ts), so
            // tests about other things send nothing after their responses.
            MAIL_FROM: "",
            // SMS likewise, unless a test turns the simulator on (tests/worker/sms-helpers.ts).
            SMS_PROVIDER: "",
          },
        },
      }),
      tailwindcss(),
      reactRouter(),
      islands(),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/worker/**/*.test.ts", "tests/unit/**/*.test.ts"],
      setupFiles: ["tests/worker/setup.ts"],
      // Pages carry the CSS they use (app/server/page-styles.server.ts): the tests read the real stylesheet.
      css: { include: [/app\.css/] },
      testTimeout: 30_000,
      // Vitest's default is one file at a time on a 2-core machine (cores - 1), but a file spends
      // most of its time starting its own workerd isolate and loading the app, which leaves a core
      // idle: one file per core ran the suite in about 60% of the time. Each file still has its own
      // isolate and storage.
      maxWorkers: availableParallelism(),
    },
  };
});
