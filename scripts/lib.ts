// Shared helpers for the project's npm scripts. Runs on the Node 24 that `npm run` puts first on
// PATH (the `node` devDependency), with TypeScript types stripped natively.
import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { referenceSeedSql } from "../app/db/seed/reference.ts";
import { demoSeedSql, DEMO_ADMIN, DEMO_STAFF } from "../app/db/seed/demo.ts";
import { newPasswordProblem, organisationNames, parseCommonPasswords } from "../app/features/accounts/password-policy.ts";
import { ORGANISATION_DEFAULTS } from "../app/features/settings/organisation.ts";

export const ROOT = resolve(import.meta.dirname, "..");

/**
 * Keeps wrangler offline-friendly and tidy: no metrics, config and logs inside the project, and no
 * fetch of `request.cf`'s sample from workers.cloudflare.com (the local runtime falls back to its
 * placeholder anyway; the site reads nothing from it).
 */
export const WRANGLER_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  XDG_CONFIG_HOME: join(ROOT, ".wrangler", "config"),
  WRANGLER_LOG_PATH: join(ROOT, ".wrangler", "logs"),
};

/**
 * For a command that reaches Cloudflare (deploying, `--remote`): wrangler reads the engineer's own
 * sign-in, which `npx wrangler login` keeps in the home folder (~/.config/.wrangler), not the
 * project's config folder the local runs use.
 */
export const CLOUDFLARE_WRANGLER_ENV = withoutProjectConfig({ ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: WRANGLER_ENV.WRANGLER_LOG_PATH });

/** A script started by another (setup:cloudflare runs deploy.ts) inherits the project's config folder: not for Cloudflare. */
function withoutProjectConfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.XDG_CONFIG_HOME === join(ROOT, ".wrangler", "config")) delete env.XDG_CONFIG_HOME;
  return env;
}

/** Which of the two a wrangler command runs with: a `--remote` one is Cloudflare's. */
const wranglerEnvFor = (args: readonly string[]) => (args.includes("--remote") ? CLOUDFLARE_WRANGLER_ENV : WRANGLER_ENV);

export function bin(name: string): string {
  return join(ROOT, "node_modules", ".bin", name);
}

export function run(command: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}): string {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: wranglerEnvFor(args),
    encoding: "utf8",
    stdio: options.quiet ? "pipe" : ["ignore", "pipe", "inherit"],
    ...options,
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})${output ? `:\n${output}` : ""}`);
  }
  return String(result.stdout ?? "");
}

export function start(command: string, args: string[], options: SpawnOptions = {}) {
  return spawn(command, args, { cwd: ROOT, env: WRANGLER_ENV, stdio: "inherit", ...options });
}

export type Target = { remote: boolean; persistTo?: string };

/** The wrangler environment of the deployed site (see "env.production" in wrangler.jsonc). */
export const PRODUCTION_ENV = "production";

function targetFlags(target: Target): string[] {
  if (target.remote) return ["--remote", "--env", PRODUCTION_ENV];
  return target.persistTo ? ["--local", "--persist-to", target.persistTo] : ["--local"];
}

export function applyMigrations(target: Target) {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", ...targetFlags(target)], { quiet: true });
}

/**
 * Every migration in drizzle/, in order, with the rows `wrangler d1 migrations apply` keeps of them
 * (its table, as it makes it): for a database that is made afresh and thrown away (the browser
 * tests' servers), as statements for one executeSql with the seeds. One wrangler run instead of
 * five: `migrations apply` alone takes about 15 s (decision 032).
 */
export function migrationsForEmptyDatabase(): string[] {
  const dir = join(ROOT, "drizzle");
  const files = readdirSync(dir).filter((name) => /^\d{4}_.*\.sql$/.test(name)).sort();
  return [
    `CREATE TABLE IF NOT EXISTS d1_migrations(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
    ...files.flatMap((name) => [readFileSync(join(dir, name), "utf8"), `INSERT INTO d1_migrations (name) VALUES ('${name}');`]),
  ];
}

/** Runs SQL statements against D1 through wrangler, as one file. */
export function executeSql(target: Target, statements: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "bmm-sql-"));
  const file = join(dir, "statements.sql");
  writeFileSync(file, statements.join("\n"));
  try {
    run(bin("wrangler"), ["d1", "execute", "DB", ...targetFlags(target), "--file", file, "--yes"], { quiet: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function querySql<T>(target: Target, sql: string): T[] {
  const output = run(bin("wrangler"), ["d1", "execute", "DB", ...targetFlags(target), "--command", sql, "--json"], {
    quiet: true,
  });
  const parsed = JSON.parse(output) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

/** Same format as app/features/accounts/password.server.ts: pbkdf2-sha256$iterations$salt$hash (base64). */
export function hashPassword(password: string, iterations = 100_000): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return ["pbkdf2-sha256", iterations, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** The site's new-password policy, with the same list of common passwords the Worker uses. */
export function newAdminPasswordProblem(password: string, email: string): string | null {
  const commonPasswords = parseCommonPasswords(readFileSync(join(ROOT, "app", "features", "accounts", "common-passwords.txt"), "utf8"));
  return newPasswordProblem(password, email, commonPasswords, organisationNames(ORGANISATION_DEFAULTS));
}

export function seedReference(target: Target) {
  executeSql(target, referenceSeedSql());
}

export { referenceSeedSql };

/** The demo content as of now, with the demo admin's password hashed. */
export function demoSql(): string[] {
  return demoSeedSql(new Date(), hashPassword(DEMO_ADMIN.password));
}

export function seedDemo(target: Target) {
  executeSql(target, demoSql());
}

export function isContentEmpty(target: Target): boolean {
  const [row] = querySql<{ n: number }>(
    target,
    "SELECT (SELECT COUNT(*) FROM ministries) + (SELECT COUNT(*) FROM churchevents) + (SELECT COUNT(*) FROM churchblogs) + (SELECT COUNT(*) FROM admin_users) AS n",
  );
  return (row?.n ?? 0) === 0;
}

/** Creates .dev.vars with a random session secret on first run (it is git-ignored). */
export function ensureDevVars(): boolean {
  const file = join(ROOT, ".dev.vars");
  if (existsSync(file) && /^SESSION_SECRET=/m.test(readFileSync(file, "utf8"))) return false;
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${existsSync(file) ? readFileSync(file, "utf8") : ""}SESSION_SECRET="${secret}"\n`);
  return true;
}

/** Local state directory used by wrangler and the Vite plugin alike. */
export function localStateDir(persistTo?: string): string {
  return resolve(ROOT, persistTo ?? ".wrangler/state");
}

export function resetLocalDatabase(persistTo?: string) {
  rmSync(join(localStateDir(persistTo), "v3", "d1"), { recursive: true, force: true });
}

export { DEMO_ADMIN, DEMO_STAFF };

/** Splits a SQL script into statements at semicolons outside quoted text. */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (const char of script) {
    current += char;
    if (quote) {
      if (char === quote) quote = null; // a doubled quote re-enters the string on the next char
    } else if (char === "'" || char === '"' || char === "`") {
      quote = char;
    } else if (char === ";") {
      if (current.trim() !== ";") statements.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/**
 * A dump in an order D1 can load with foreign keys enforced: every table first, then the rows,
 * then indexes and the rest. (wrangler's export lists tables alphabetically, so a child table's
 * rows can come before its parent table exists.)
 */
export function orderDumpForRestore(script: string): string[] {
  const statements = splitSqlStatements(script);
  const rank = (sql: string) =>
    /^PRAGMA/i.test(sql) ? 0 : /^CREATE TABLE/i.test(sql) ? 1 : /^INSERT/i.test(sql) ? 2 : 3;
  return statements.map((sql, index) => ({ sql, index })).sort((a, b) => rank(a.sql) - rank(b.sql) || a.index - b.index).map((s) => s.sql);
}
