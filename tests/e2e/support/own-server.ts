// A spec's own server: the same production build and demo content as every browser test's, on a
// free port with its own local D1, given Worker variables the shared server must not have (a
// setting that would change every other spec). scripts/e2e-server.ts serves it (E2E_WORKER_VARS).
// Starting one takes about half a minute: give the hook that calls this the time.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..", "..", "..");

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export type OwnServer = { origin: string; stop: () => Promise<void> };

export async function startOwnServer(name: string, vars: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const state = join(ROOT, ".wrangler", `e2e-${name}-state`);
  const logDir = join(ROOT, ".tmp", "e2e-servers");
  mkdirSync(logDir, { recursive: true });
  const log = openSync(join(logDir, `${name}-server.log`), "w");
  const child = spawn(process.execPath, [join(ROOT, "scripts", "e2e-server.ts")], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port), PERSIST_DIR: state, E2E_WORKER_VARS: JSON.stringify(vars) },
    stdio: ["ignore", log, log],
    detached: true, // its own process group: stopping it stops wrangler and workerd too
  });
  closeSync(log);
  let exited = false;
  const gone = new Promise<void>((done) => child.on("exit", () => ((exited = true), done())));
  const stop = async () => {
    if (!exited && child.pid) process.kill(-child.pid, "SIGTERM");
    await Promise.race([gone, new Promise((done) => setTimeout(done, 5000))]);
    rmSync(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  await stop();
  throw new Error(`The ${name} server did not start: see .tmp/e2e-servers/${name}-server.log`);
}
