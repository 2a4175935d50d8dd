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
      // One file per core (Vitest's default is cores - 1), and each core's files share one workerd
      // instead of starting one each (about 6 s a file): 190 s instead of 449 on CI's two cores.
      // tests/worker/setup.ts empties D1 and R2 before each test and puts back what a test changed
      // of `env`, spies and the clock after it (decision 042).
      maxWorkers: availableParallelism(),
      isolate: false,
    },
  };
});
