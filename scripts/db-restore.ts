// npm run db:restore <file>: replaces the LOCAL database with a dump made by npm run db:backup,
// then applies any migrations newer than the dump. (For production, use D1 Time Travel: see README.)
import { existsSync, readFileSync } from "node:fs";
import { applyMigrations, executeSql, orderDumpForRestore, resetLocalDatabase } from "./lib.ts";

const file = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
if (!file || !existsSync(file)) {
  console.error(`db:restore: ${file ? `no such file: ${file}` : "which backup?"}\nUsage: npm run db:restore backups/local-2026-11-22T16-30.sql`);
  process.exit(1);
}

const persistTo = process.env.PERSIST_DIR;
const target = { remote: false, persistTo };
resetLocalDatabase(persistTo);
executeSql(target, orderDumpForRestore(readFileSync(file, "utf8")).map((sql) => `${sql};`));
applyMigrations(target);
console.log(`Local database restored from ${file}.`);
