import { applyD1Migrations, reset, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";
import { forgetCachedContentVersion } from "~/server/content-version.server";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
  // The bindings as vitest.config.ts set them, kept from the first file a workerd runs.
  var configuredEnv: Record<string, unknown> | undefined;
}

// Every migration's statements as one: applied in one batch instead of sixteen, about 60 ms
// before each test instead of 140 (over a thousand tests). The tests of a migration itself apply
// env.TEST_MIGRATIONS one by one.
const ALL_MIGRATIONS: D1Migration[] = [{ name: "all migrations", queries: env.TEST_MIGRATIONS.flatMap((migration) => migration.queries) }];

// Test files share a workerd, one after another (vitest.config.ts, `isolate: false`; decision 042):
// what a test changes of the bindings (MAIL_FROM, SITE_URL, SMS_PROVIDER, a fake EMAIL, …) is put
// back after it, as the first file found them.
globalThis.configuredEnv ??= { ...env };
const configuredEnv = globalThis.configuredEnv;
const mutableEnv = env as unknown as Record<string, unknown>;

function restoreConfiguredEnv() {
  for (const key of Object.keys(mutableEnv)) if (!(key in configuredEnv)) delete mutableEnv[key];
  Object.assign(mutableEnv, configuredEnv);
}

async function storageIsEmpty() {
  const tables = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_cf_KV'").first<{ n: number }>();
  const objects = await env.IMAGES.list({ limit: 1 });
  return tables?.n === 0 && objects.objects.length === 0;
}

/**
 * Empties D1 and R2. On a workerd that ran another file before, the first `reset()` of a file
 * sometimes leaves the storage as it was (seen as an earlier file's rows in a new file's first
 * test): the storage is checked, and reset again.
 */
async function emptyStorage() {
  for (let attempt = 1; attempt <= 3; attempt++) {
    await reset();
    if (await storageIsEmpty()) return;
  }
  throw new Error("reset() left D1 or R2 with data three times");
}

// Every test starts from an empty, fully migrated database and an empty bucket.
beforeEach(async () => {
  await emptyStorage();
  await applyD1Migrations(env.DB, ALL_MIGRATIONS);
  await forgetCachedContentVersion();
});

// What a test leaves on the shared workerd, put back before the next (in this file or the next):
// spies, fake clocks, stubbed globals, and the bindings.
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  restoreConfiguredEnv();
});
