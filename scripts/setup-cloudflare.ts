// npm run setup:cloudflare [-- --email you@example.org --password '...']
// One-time setup of the deployed site: creates the D1 database and the R2 bucket, writes the
// database id into wrangler.jsonc (env.production), applies the migrations and reference data,
// deploys, sets a random SESSION_SECRET and creates the first admin. Safe to run again: each
// step notices what already exists. Needs `npx wrangler login` first. Nothing here is needed to
// run or test the site locally.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { bin, newAdminPasswordProblem, PRODUCTION_ENV, ROOT, run, seedReference, WRANGLER_ENV } from "./lib.ts";

const DATABASE = "baptist-men-malawi";
const BUCKET = "baptist-men-malawi-images";
const PLACEHOLDER = "SET-BY-npm-run-setup:cloudflare";
const CONFIG = join(ROOT, "wrangler.jsonc");

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    location: { type: "string", default: "weur" },
  },
});

// A weak first password is refused before anything is created, not at the very end.
if (values.email && values.password) {
  const weak = newAdminPasswordProblem(values.password, values.email.trim().toLowerCase());
  if (weak) {
    console.error(`setup:cloudflare: ${weak}`);
    process.exit(1);
  }
}

function wrangler(args: string[], input?: string) {
  return spawnSync(bin("wrangler"), args, { cwd: ROOT, env: WRANGLER_ENV, encoding: "utf8", input });
}

function step(title: string) {
  console.log(`\n== ${title}`);
}

step("Checking you are signed in to Cloudflare");
const whoami = wrangler(["whoami"]);
if (whoami.status !== 0 || /not authenticated/i.test(`${whoami.stdout}${whoami.stderr}`)) {
  console.error("Sign in first with: npx wrangler login");
  process.exit(1);
}

step("D1 database");
let config = readFileSync(CONFIG, "utf8");
if (config.includes(PLACEHOLDER)) {
  const created = wrangler(["d1", "create", DATABASE, "--location", values.location!]);
  let id = /"?database_id"?\s*[:=]\s*"([0-9a-f-]{36})"/.exec(`${created.stdout}${created.stderr}`)?.[1];
  if (!id) {
    const listed = wrangler(["d1", "list", "--json"]);
    const databases = JSON.parse(listed.stdout || "[]") as { name: string; uuid: string }[];
    id = databases.find((d) => d.name === DATABASE)?.uuid;
  }
  if (!id) {
    console.error(`Could not create or find the D1 database "${DATABASE}":\n${created.stdout}${created.stderr}`);
    process.exit(1);
  }
  config = config.replace(PLACEHOLDER, id);
  writeFileSync(CONFIG, config);
  console.log(`Database ${DATABASE} (${id}) written into wrangler.jsonc. Commit that change.`);
} else {
  console.log("Already configured in wrangler.jsonc.");
}

step("R2 bucket");
const bucket = wrangler(["r2", "bucket", "create", BUCKET]);
console.log(bucket.status === 0 ? `Created ${BUCKET}.` : /already exists/i.test(`${bucket.stdout}${bucket.stderr}`) ? `${BUCKET} already exists.` : `${bucket.stdout}${bucket.stderr}`);

step("Migrations and reference data");
run(bin("wrangler"), ["d1", "migrations", "apply", DATABASE, "--remote", "--env", PRODUCTION_ENV], { stdio: "inherit" });
seedReference({ remote: true });

step("Deploy");
run(process.execPath, [join(ROOT, "scripts", "deploy.ts")], { stdio: "inherit" });

step("Session secret");
const secret = wrangler(["secret", "put", "SESSION_SECRET", "--env", PRODUCTION_ENV], randomBytes(32).toString("base64url"));
if (secret.status !== 0) {
  console.error(`Could not set the secret:\n${secret.stdout}${secret.stderr}`);
  process.exit(1);
}
console.log("A new random SESSION_SECRET is set (running this again signs every admin out).");

step("First admin");
let email = values.email;
let password = values.password;
if (!email || !password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  email ??= await prompt.question("Admin e-mail: ");
  password ??= await prompt.question("Admin password (12+ characters): ");
  prompt.close();
}
run(process.execPath, [join(ROOT, "scripts", "admin-create.ts"), "--email", email, "--password", password, "--remote"], { stdio: "inherit" });

console.log("\nDone. Your site is live on the workers.dev address printed above; see docs/deploy.md for a custom domain.");
