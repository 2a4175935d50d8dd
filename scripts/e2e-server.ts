// The server the browser tests run against: the production build (already built by npm test),
// served by `vite preview` on its own port with its own local D1 (reset, with demo content).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { sqlLiteral } from "../app/db/seed/sql.ts";
import { E2E_ADMINS } from "../tests/support/e2e-accounts.ts";
import { applyMigrations, bin, ensureDevVars, executeSql, hashPassword, resetLocalDatabase, ROOT, seedDemo, seedReference, start } from "./lib.ts";

const port = process.env.E2E_PORT ?? "4173";
const persistTo = process.env.PERSIST_DIR ?? join(ROOT, ".wrangler", "e2e-state");
process.env.PERSIST_DIR = persistTo;
const target = { remote: false, persistTo };

ensureDevVars();
resetLocalDatabase(persistTo);
// An earlier run's cached pages would outlive a change to server code: the cache key names the
// release by its client assets only.
rmSync(join(persistTo, "v3", "cache"), { recursive: true, force: true });
applyMigrations(target);
seedReference(target);
seedDemo(target);
executeSql(
  target,
  Object.values(E2E_ADMINS).map(
    (admin) => `INSERT INTO admin_users (email, password_hash) VALUES (${sqlLiteral(admin.email)}, ${sqlLiteral(hashPassword(admin.password))});`,
  ),
);

const server = start(bin("vite"), ["preview", "--port", port, "--strictPort", "--host", "127.0.0.1"], {
  env: { ...process.env, PERSIST_DIR: persistTo },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
