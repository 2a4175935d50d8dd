// The server the browser tests run against: the production build (already built by npm test),
// served by `vite preview` on its own port with its own local D1 (reset, with demo content).
// E2E_WORKER_VARS (JSON) gives this one server Worker variables the others must not get (a spec
// that starts its own server: tests/e2e/bot-check.spec.ts). `vite preview` reads only the
// variables the build wrote beside the Worker, shared by every server of that build, so such a
// server runs the same build with `wrangler dev --var` instead.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { sqlLiteral } from "../app/db/seed/sql.ts";
import { E2E_ADMINS } from "../tests/support/e2e-accounts.ts";
import { bin, demoSql, ensureDevVars, executeSql, hashPassword, migrationsForEmptyDatabase, referenceSeedSql, resetLocalDatabase, ROOT, start } from "./lib.ts";

const port = process.env.E2E_PORT ?? "4173";
const persistTo = process.env.PERSIST_DIR ?? join(ROOT, ".wrangler", "e2e-state");
process.env.PERSIST_DIR = persistTo;
const target = { remote: false, persistTo };

ensureDevVars();
resetLocalDatabase(persistTo);
// An earlier run's cached pages would outlive a change to server code: the cache key names the
// release by its client assets only.
rmSync(join(persistTo, "v3", "cache"), { recursive: true, force: true });
// The schema, the reference rows, the demo content and the tests' accounts, in one wrangler run.
executeSql(target, [
  ...migrationsForEmptyDatabase(),
  ...referenceSeedSql(),
  ...demoSql(),
  ...Object.values(E2E_ADMINS).map(
    (admin) => `INSERT INTO admin_users (email, password_hash) VALUES (${sqlLiteral(admin.email)}, ${sqlLiteral(hashPassword(admin.password))});`,
  ),
]);

const workerVars = JSON.parse(process.env.E2E_WORKER_VARS ?? "{}") as Record<string, string>;
const builtWorker = join(resolve(ROOT, process.env.BUILD_DIR ?? "build"), "server", "wrangler.json");
const server = Object.keys(workerVars).length
  ? start(bin("wrangler"), [
      ...["dev", "--config", builtWorker, "--no-bundle", "--local", "--ip", "127.0.0.1", "--port", port, "--persist-to", persistTo],
      ...["--show-interactive-dev-session=false", ...Object.entries(workerVars).flatMap(([name, value]) => ["--var", `${name}:${value}`])],
    ])
  : start(bin("vite"), ["preview", "--port", port, "--strictPort", "--host", "127.0.0.1"], { env: { ...process.env, PERSIST_DIR: persistTo } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
