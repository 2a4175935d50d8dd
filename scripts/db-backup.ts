// npm run db:backup [-- --remote]: writes a SQL dump of the local (or deployed) D1 database to
// backups/<local|remote>-<date>.sql. Restore a dump locally with npm run db:restore <file>.
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { bin, PRODUCTION_ENV, ROOT, run } from "./lib.ts";

const remote = process.argv.includes("--remote");
const persistTo = process.env.PERSIST_DIR;
const stamp = new Date().toISOString().slice(0, 16).replace(":", "-");
const dir = join(ROOT, "backups");
mkdirSync(dir, { recursive: true });
const file = join(dir, `${remote ? "remote" : "local"}-${stamp}.sql`);

const target = remote ? ["--remote", "--env", PRODUCTION_ENV] : persistTo ? ["--local", "--persist-to", persistTo] : ["--local"];
run(bin("wrangler"), ["d1", "export", "DB", ...target, "--output", file], { quiet: true });
console.log(`Backup written to ${relative(ROOT, file)}`);
