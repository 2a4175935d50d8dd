// npm run db:reference [-- --remote]: applies the database migrations, then loads the reference
// data (leadership positions, blog categories) into the local (or deployed) D1 database. Rows
// already there are left as they are, so it is safe to run again; `npm run dev`, `db:reset` and
// `setup:cloudflare` do the same themselves.
import { applyMigrations, seedReference } from "./lib.ts";

const target = { remote: process.argv.includes("--remote") };
applyMigrations(target);
seedReference(target);
console.log(`Migrations applied and reference data loaded in the ${target.remote ? "deployed" : "local"} database.`);
