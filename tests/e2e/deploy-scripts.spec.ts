// The deploying scripts (npm run deploy, setup:cloudflare, --remote commands) use the engineer's own
// `npx wrangler login`, kept in the home folder; local runs keep wrangler's files in the project.
// Checked with wrangler itself (`wrangler auth token` reads the sign-in, with no network) and a home
// folder holding the sign-in as `npx wrangler login` leaves it.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { bin, CLOUDFLARE_WRANGLER_ENV, ROOT, WRANGLER_ENV } from "../../scripts/lib.ts";

test("a command that reaches Cloudflare reads the sign-in `npx wrangler login` kept; a local run does not @desktop", () => {
  const home = mkdtempSync(join(tmpdir(), "wrangler-home-"));
  mkdirSync(join(home, ".config", ".wrangler", "config"), { recursive: true });
  writeFileSync(join(home, ".config", ".wrangler", "config", "default.toml"), 'oauth_token = "signed-in-token"\nexpiration_time = "2099-01-01T00:00:00.000Z"\nrefresh_token = "refresh"\nscopes = ["account:read"]\n');
  const token = (env: NodeJS.ProcessEnv) => {
    const result = spawnSync(bin("wrangler"), ["auth", "token"], { cwd: ROOT, env: { ...env, HOME: home, PATH: `${join(ROOT, "node_modules", ".bin")}:${process.env.PATH}` }, encoding: "utf8" });
    return result.status === 0 ? result.stdout.trim().split("\n").at(-1) : null;
  };
  expect(token(CLOUDFLARE_WRANGLER_ENV)).toBe("signed-in-token");
  expect(token(WRANGLER_ENV)).toBeNull();
});
