// Builds the production bundle into its own directory and serves it locally with `vite preview`
// (scripts/e2e-server.ts: its own port, its own local D1 reset with the demo content). Used by the
// commands that measure the site from outside: scan, lighthouse and bench.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { bin, ensureDevVars, ROOT, run, WRANGLER_ENV } from "./lib.ts";

// Ctrl-C ends the script through process.exit, whose handlers stop the servers it started.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

export function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** Where the measuring commands keep their build, their local D1/R2 and their logs. */
export const PERF_BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? ".tmp/build-perf");
export const PERF_STATE_DIR = resolve(ROOT, process.env.PERSIST_DIR ?? ".wrangler/e2e-perf");
export const PERF_LOG_DIR = join(ROOT, ".tmp", "perf");

export function buildSite(buildDir = PERF_BUILD_DIR) {
  ensureDevVars(); // the build copies .dev.vars (the session secret) next to the Worker
  log(`Building the production bundle into ${buildDir}...`);
  run(bin("react-router"), ["build"], { env: { ...WRANGLER_ENV, BUILD_DIR: buildDir }, quiet: true });
}

/**
 * `vite preview` serves the build that .wrangler/deploy/config.json names, which is the last one
 * built in this tree (perhaps `build/`, by another command): name this one. Otherwise a run without
 * a build measures whatever was built last, with that build's Worker variables.
 */
function pointPreviewAt(buildDir: string) {
  const deployDir = join(ROOT, ".wrangler", "deploy");
  mkdirSync(deployDir, { recursive: true });
  const configPath = relative(deployDir, join(buildDir, "server", "wrangler.json"));
  writeFileSync(join(deployDir, "config.json"), JSON.stringify({ configPath, auxiliaryWorkers: [] }));
}

/** Sets Worker variables for `vite preview` through the .dev.vars the build wrote beside the Worker. */
function setWorkerVars(buildDir: string, vars: Record<string, string>) {
  const file = join(buildDir, "server", ".dev.vars");
  const kept = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.trim() && !Object.keys(vars).some((name) => line.startsWith(`${name}=`)))
    : [];
  writeFileSync(file, [...kept, ...Object.entries(vars).map(([name, value]) => `${name}='${value}'`)].join("\n") + "\n");
}

export type RunningSite = { origin: string; stop: () => Promise<void> };

async function waitForHealth(origin: string, exited: () => boolean, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) return false;
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/**
 * `vite preview` serves whichever build last wrote .wrangler/deploy/config.json; when someone else
 * builds in the same tree at the same moment, the page names another build's scripts.
 */
async function servesBuild(origin: string, buildDir: string): Promise<boolean> {
  const html = await (await fetch(`${origin}/`)).text();
  const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return scripts.length > 0 && scripts.every((file) => existsSync(join(buildDir, "client", file)));
}

/**
 * Builds (unless `build: false`) and serves the production build on 127.0.0.1:`port` with a fresh
 * local D1 holding the demo content. `vars` become Worker variables (e.g. EDGE_CACHE).
 */
export async function startSite(options: {
  port: number;
  vars?: Record<string, string>;
  build?: boolean;
  buildDir?: string;
  stateDir?: string;
  /** Names the server's log file. */
  name: string;
  logDir?: string;
}): Promise<RunningSite> {
  const buildDir = options.buildDir ?? PERF_BUILD_DIR;
  const origin = `http://127.0.0.1:${options.port}`;
  const logDir = options.logDir ?? PERF_LOG_DIR;
  mkdirSync(logDir, { recursive: true });
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    if (options.build !== false || attempt > 1) buildSite(buildDir);
    pointPreviewAt(buildDir);
    setWorkerVars(buildDir, options.vars ?? {});
    const logFile = join(logDir, `${options.name}-server.log`);
    const out = openSync(logFile, "w");
    const child = spawn(process.execPath, [join(ROOT, "scripts", "e2e-server.ts")], {
      cwd: ROOT,
      env: { ...WRANGLER_ENV, E2E_PORT: String(options.port), PERSIST_DIR: options.stateDir ?? PERF_STATE_DIR, BUILD_DIR: buildDir },
      stdio: ["ignore", out, out],
      detached: true, // its own process group: stopping it also stops vite and workerd
    });
    closeSync(out);
    let exited = false;
    const done = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
    const kill = () => {
      if (!exited && child.pid) process.kill(-child.pid, "SIGTERM");
    };
    process.once("exit", kill); // also when this script fails or is interrupted
    const stop = async () => {
      kill();
      await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
    };
    if (!(await waitForHealth(origin, () => exited))) {
      await stop();
      throw new Error(`The preview server did not start; see ${logFile}`);
    }
    if (await servesBuild(origin, buildDir)) return { origin, stop };
    log("The server picked up another build (someone built at the same time); rebuilding...");
    await stop();
  }
  throw new Error("Could not serve this build: another build kept replacing .wrangler/deploy/config.json");
}
