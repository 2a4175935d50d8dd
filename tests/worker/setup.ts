import { applyD1Migrations, reset, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";
import { forgetCachedContentVersion } from "~/server/content-version.server";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

// Every migration's statements as one: applied in one batch instead of sixteen, about 60 ms
// before each test instead of 140 (over a thousand tests). The tests of a migration itself apply
// env.TEST_MIGRATIONS one by one.
const ALL_MIGRATIONS: D1Migration[] = [{ name: "all migrations", queries: env.TEST_MIGRATIONS.flatMap((migration) => migration.queries) }];

// Every test starts from an empty, fully migrated database and an empty bucket.
beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, ALL_MIGRATIONS);
  await forgetCachedContentVersion();
});
