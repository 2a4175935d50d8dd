// npm run admin:create -- --email <e> --password <p> [--remote]
// Creates the admin, or resets that admin's password (signing out their sessions).
import { parseArgs } from "node:util";
import { applyMigrations, executeSql, hashPassword, newAdminPasswordProblem } from "./lib.ts";
import { sqlLiteral } from "../app/db/seed/sql.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  console.error("Usage: npm run admin:create -- --email you@example.org --password 'a long password' [--remote]");
  console.error("A password needs 12+ characters, must not be a common password, and must not contain the ministry's name or the e-mail address.");
  process.exit(1);
}

let values: { email?: string; password?: string; remote?: boolean };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, remote: { type: "boolean", default: false } },
  }));
} catch (error) {
  fail((error as Error).message);
}

const email = values.email?.trim().toLowerCase() ?? "";
const password = values.password ?? "";
if (!EMAIL.test(email)) fail(`"${values.email ?? ""}" is not a valid e-mail address.`);
const weak = newAdminPasswordProblem(password, email);
if (weak) fail(weak);

const target = { remote: Boolean(values.remote), persistTo: process.env.PERSIST_DIR };
if (!target.remote) applyMigrations(target);

const hash = hashPassword(password);
const now = new Date().toISOString();
executeSql(target, [
  // Always an Administrator (the way back in when nobody can sign in); an existing account becomes
  // one, signed out everywhere, and without two-step sign-in (a lost phone and lost recovery codes
  // are why someone runs this): they set it up again after signing in.
  `INSERT INTO admin_users (email, password_hash, role) VALUES (${sqlLiteral(email)}, ${sqlLiteral(hash)}, 'admin')
   ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, role = 'admin', totp_secret = NULL, totp_last_step = 0,
     session_version = admin_users.session_version + 1, updated_at = ${sqlLiteral(now)};`,
  `DELETE FROM admin_recovery_codes WHERE admin_id = (SELECT id FROM admin_users WHERE email = ${sqlLiteral(email)});`,
  `UPDATE admin_sessions SET ended_at = ${sqlLiteral(now)} WHERE ended_at IS NULL AND admin_id = (SELECT id FROM admin_users WHERE email = ${sqlLiteral(email)});`,
]);
console.log(`Administrator ${email} is ready on the ${target.remote ? "deployed" : "local"} database. Sign in at /auth.`);
