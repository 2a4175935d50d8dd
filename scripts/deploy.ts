// npm run deploy: checks the production settings, builds for production, applies new migrations to
// the deployed D1, and deploys the Worker. Run `npm run setup:cloudflare` once before the first deploy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";
import { bin, CLOUDFLARE_WRANGLER_ENV, PRODUCTION_ENV, ROOT, run } from "./lib.ts";
import { productionConfigProblems } from "./production-config.ts";

const configPath = join(ROOT, "wrangler.jsonc");
if (readFileSync(configPath, "utf8").includes("SET-BY-npm-run-setup:cloudflare")) {
  console.error("The production database is not set up yet. Run: npm run setup:cloudflare");
  process.exit(1);
}
const problems = productionConfigProblems(unstable_readConfig({ config: configPath, env: PRODUCTION_ENV }, { hideWarnings: true }));
if (problems.length) {
  console.error(`Not deploying: fix wrangler.jsonc first (docs/deploy.md explains each setting).\n- ${problems.join("\n- ")}`);
  process.exit(1);
}

const env = { ...CLOUDFLARE_WRANGLER_ENV, CLOUDFLARE_ENV: PRODUCTION_ENV };
console.log("Building for production...");
run(bin("react-router"), ["build"], { stdio: "inherit", env });
console.log("Applying database migrations to the deployed D1...");
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--remote", "--env", PRODUCTION_ENV], { stdio: "inherit", env });
console.log("Deploying the Worker...");
run(bin("wrangler"), ["deploy", ...process.argv.slice(2)], { stdio: "inherit", env });
console.log("Deployed. If this was the first deploy, create an admin: npm run admin:create -- --email <e> --password <p> --remote");
