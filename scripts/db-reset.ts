// npm run db:reset [-- --no-demo]: wipes the local D1, applies migrations, loads reference data and
// (unless --no-demo) demo content.
import { applyMigrations, DEMO_ADMIN, resetLocalDatabase, seedDemo, seedReference } from "./lib.ts";

const withDemo = !process.argv.includes("--no-demo");
const persistTo = process.env.PERSIST_DIR;
const target = { remote: false, persistTo };

resetLocalDatabase(persistTo);
applyMigrations(target);
seedReference(target);
if (withDemo) seedDemo(target);

console.log(
  withDemo
    ? `Local database reset with demo content. Sign in as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}.`
    : "Local database reset with reference data only. Create an admin with: npm run admin:create -- --email <e> --password <p>",
);
