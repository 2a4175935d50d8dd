// npm run setup:cloudflare [-- --site-url https://... --email you@example.org --password '...']
// One-time setup of the deployed site: writes the site's address (SITE_URL) into wrangler.jsonc,
// creates the D1 database and the R2 bucket, writes the database id into wrangler.jsonc
// (env.production), applies the migrations and reference data, deploys, sets a random
// SESSION_SECRET and creates the first admin. Safe to run again: each
// step notices what already exists. Needs `npx wrangler login` first. Nothing here is needed to
// run or test the site locally.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { bin, newAdminPasswordProblem, PRODUCTION_ENV, querySql, ROOT, run, seedReference, CLOUDFLARE_WRANGLER_ENV } from "./lib.ts";
import { productionConfigProblems } from "./production-config.ts";

const DATABASE = "baptist-men-malawi";
const BUCKET = "baptist-men-malawi-images";
const PLACEHOLDER = "SET-BY-npm-run-setup:cloudflare";
const CONFIG = join(ROOT, "wrangler.jsonc");

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    location: { type: "string", default: "weur" },
    "site-url": { type: "string" },
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
  return spawnSync(bin("wrangler"), args, { cwd: ROOT, env: CLOUDFLARE_WRANGLER_ENV, encoding: "utf8", input });
}

function step(title: string) {
  console.log(`\n== ${title}`);
}

step("Site address (SITE_URL)");
const readProduction = () => unstable_readConfig({ config: CONFIG, env: PRODUCTION_ENV }, { hideWarnings: true });
if (!String(readProduction().vars.SITE_URL ?? "").trim()) {
  let siteUrl = values["site-url"];
  if (!siteUrl) {
    console.log(
      "The site's public address: your domain (https://baptistmen.mw) if it is already on your Cloudflare account,\n" +
        "or else the workers.dev address, https://baptist-men-malawi.<your-subdomain>.workers.dev (your subdomain\n" +
        "is shown on the Cloudflare dashboard under Workers & Pages).",
    );
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    siteUrl = await prompt.question("Site address: ");
    prompt.close();
  }
  writeSiteUrl(siteUrl.trim().replace(/\/$/, ""));
}
const configProblems = productionConfigProblems(readProduction());
if (configProblems.length) {
  console.error(`Fix wrangler.jsonc first (docs/deploy.md explains each setting):\n- ${configProblems.join("\n- ")}`);
  process.exit(1);
}
console.log(`SITE_URL is ${readProduction().vars.SITE_URL}.`);

/**
 * Writes SITE_URL into env.production; a custom domain also becomes the Worker's custom domain,
 * with the workers.dev address turned off. Checked before anything is written.
 */
function writeSiteUrl(siteUrl: string) {
  const host = URL.canParse(siteUrl) ? new URL(siteUrl).hostname : "";
  const customDomain = host !== "" && !host.endsWith(".workers.dev");
  const routes = customDomain ? [{ pattern: host, custom_domain: true }] : [];
  const problems = productionConfigProblems({ vars: { SITE_URL: siteUrl }, workers_dev: !customDomain, routes });
  if (problems.length) {
    console.error(`setup:cloudflare: ${problems.join(" ")}`);
    process.exit(1);
  }
  let text = readFileSync(CONFIG, "utf8");
  const production = text.indexOf('"production"');
  text = text.slice(0, production) + text.slice(production).replace('"SITE_URL": ""', `"SITE_URL": "${siteUrl}"`);
  if (customDomain) {
    text = text.replace('"workers_dev": true,', `"workers_dev": false,\n      "routes": [{ "pattern": "${host}", "custom_domain": true }],`);
  }
  writeFileSync(CONFIG, text);
  console.log(`Written into wrangler.jsonc (env.production). Commit that change.`);
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
// Kept when it is set already: a new one would sign every admin out (this step is safe to run again).
const secrets = wrangler(["secret", "list", "--env", PRODUCTION_ENV, "--format", "json"]);
if (secrets.status !== 0) {
  // Unknown is not "none": a new secret would sign every admin out.
  console.error(`Could not list the Worker's secrets, so SESSION_SECRET was left as it is:\n${secrets.stdout}${secrets.stderr}\nRun this again once wrangler can reach your account.`);
  process.exit(1);
}
const named = (JSON.parse(secrets.stdout || "[]") as { name: string }[]).map((entry) => entry.name);
if (named.includes("SESSION_SECRET")) {
  console.log(`SESSION_SECRET is set already: kept (to change it, which signs everyone out: npx wrangler secret put SESSION_SECRET --env ${PRODUCTION_ENV}).`);
} else {
  const secret = wrangler(["secret", "put", "SESSION_SECRET", "--env", PRODUCTION_ENV], randomBytes(32).toString("base64url"));
  if (secret.status !== 0) {
    console.error(`Could not set the secret:\n${secret.stdout}${secret.stderr}`);
    process.exit(1);
  }
  console.log("A new random SESSION_SECRET is set.");
}

step("First admin");
// Only into an empty database: run again, this step leaves the accounts as they are.
const [admins] = querySql<{ n: number }>({ remote: true }, "SELECT count(*) AS n FROM admin_users");
if (admins && admins.n > 0) {
  console.log(`${admins.n} admin account(s) exist already: none created. Add accounts on /admin/account; to reset one's password: npm run admin:create -- --email <e> --password <p> --remote`);
  console.log(`\nDone. Your site is live at ${readProduction().vars.SITE_URL}; see docs/deploy.md.`);
  process.exit(0);
}
let email = values.email;
let password = values.password;
if (!email || !password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  email ??= await prompt.question("Admin e-mail: ");
  password ??= await prompt.question("Admin password (12+ characters): ");
  prompt.close();
}
run(process.execPath, [join(ROOT, "scripts", "admin-create.ts"), "--email", email, "--password", password, "--remote"], { stdio: "inherit" });

console.log(`\nDone. Your site is live at ${readProduction().vars.SITE_URL} (a new custom domain can take a few minutes); see docs/deploy.md.`);
