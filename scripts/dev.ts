// npm run dev: first-run setup (secret, migrations, demo content), then the Vite dev server.
import { createServer } from "node:net";
import { applyMigrations, bin, DEMO_ADMIN, DEMO_STAFF, ensureDevVars, isContentEmpty, querySql, seedDemo, seedReference, start } from "./lib.ts";

const port = process.env.PORT ?? "5173";
const local = { remote: false };

// Before anything is set up or printed: a port another program holds would only fail later.
if (!(await portIsFree(Number(port)))) {
  console.error(`Port ${port} is in use by another program. Stop it, or choose another port: PORT=5174 npm run dev`);
  process.exit(1);
}

if (ensureDevVars()) console.log("Created .dev.vars with a random SESSION_SECRET.");
console.log("Applying database migrations to the local D1...");
applyMigrations(local);
seedReference(local);
if (isContentEmpty(local)) {
  console.log("Empty database: loading demo content...");
  seedDemo(local);
}

// The demo's sign-in only while its account is there (after `db:reset -- --no-demo` it is not).
const [demo] = querySql<{ n: number }>(local, `SELECT count(*) AS n FROM admin_users WHERE email = '${DEMO_ADMIN.email}'`);
console.log(
  demo?.n
    ? `
  Baptist Men's Ministry Malawi is starting at http://localhost:${port}/
  Admin sign-in: http://localhost:${port}/auth
    email:    ${DEMO_ADMIN.email}
    password: ${DEMO_ADMIN.password}   (demo content only; add your own with npm run admin:create)
  To try the other roles (same password): ${DEMO_STAFF.map((s) => `${s.email} (${s.label})`).join(", ")}
`
    : `
  Baptist Men's Ministry Malawi is starting at http://localhost:${port}/
  Admin sign-in: http://localhost:${port}/auth with your own account
    (npm run admin:create -- --email <e> --password <p> adds one; npm run db:reset loads the demo and its accounts)
`,
);

const server = start(bin("vite"), ["dev", "--port", port, "--strictPort"]);
server.on("exit", (code) => process.exit(code ?? 0));

/** Whether a local server could listen on `port` now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}
