// npm run bench [-- --no-build] [-- --seconds=N]: how fast the production build answers on this
// machine, next to a static file server handing out the very same bytes (the reference).
// Builds, serves the build with the demo content (scripts/e2e-server.ts), and measures with wrk
// over loopback: /, /events, /blog and an uploaded image (served by the Worker from R2) at 1, 10
// and 50 connections, with the edge cache off (every request renders: the cold case) and on (warm).
// At one connection it also times a static file the same server hands out (the islands script), and
// prints each page's p50 as a multiple of it: an edge-cache hit should cost within 1.5x a static
// file, a render within 4x (issue 27). Then it prints the first-visit page weight of every public
// route at 360 px. About 4-5 minutes. Results and what limits each figure: docs/performance.md.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { ensureDebianPackages } from "./debian-packages.ts";
import { ensureChromium } from "./ensure-chromium.ts";
import { bin, ROOT, run, WRANGLER_ENV } from "./lib.ts";
import { log, PERF_LOG_DIR, PERF_STATE_DIR, startSite } from "./local-site.ts";
import { markdownTable, measurePageWeights, pageWeightTable, writeOutput } from "./perf-lib.ts";

const SITE_PORT = Number(process.env.PERF_PORT ?? 4309);
const STATIC_PORT = SITE_PORT + 2;
const args = process.argv.slice(2);
const SECONDS = Number(/^--seconds=(\d+)$/.exec(args.find((a) => a.startsWith("--seconds=")) ?? "")?.[1] ?? 3);
const CONNECTIONS = [1, 10, 50];
/** The budgets at one connection, as multiples of the p50 of a static file from the same server. */
const HIT_RATIO = 1.5;
const RENDER_RATIO = 4;

/** An uploaded image, as the admin's browser stores it (960 px WebP), put into the local R2. */
const IMAGE_KEY = "event-images/bench-sample-conference-960w.webp";
const IMAGE_SOURCE = join(ROOT, "public", "media", "events", "sample-conference-960w.webp");
const TARGETS = [
  { label: "/", path: "/" },
  { label: "/events", path: "/events" },
  { label: "/blog", path: "/blog" },
  { label: "image (R2, 13 KB)", path: `/images/${IMAGE_KEY}` },
];

type Mode = "cold" | "warm" | "static" | "asset";
type Measure = { requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number };
const results = new Map<string, Measure>();
const resultKey = (mode: Mode, path: string, connections: number) => `${mode} ${path} ${connections}`;

function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) return Number.NaN;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) * factor;
}

/** Runs wrk (one thread, as docs/performance.md explains) and reads its summary. */
function wrk(url: string, connections: number, seconds: number): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", url], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
      const p50Ms = durationMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? "");
      const p99Ms = durationMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? "");
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const socketErrors = [...(/Socket errors: (.*)/.exec(output)?.[1] ?? "").matchAll(/(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      if (code !== 0 || Number.isNaN(requestsPerSecond)) reject(new Error(`wrk ${url} failed:\n${output}`));
      else resolve({ requestsPerSecond, p50Ms, p99Ms, failures: non2xx + socketErrors });
    });
  });
}

async function measure(mode: Mode, origin: string) {
  for (const target of TARGETS) {
    const url = `${origin}${target.path}`;
    await wrk(url, 10, 1); // warm-up: JIT, module loading, the first render
    for (const connections of CONNECTIONS) {
      const result = await wrk(url, connections, SECONDS);
      results.set(resultKey(mode, target.path, connections), result);
      log(`${mode.padEnd(6)} ${target.label.padEnd(18)} c=${connections}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
    }
  }
}

async function expectEdgeCache(origin: string, expected: "HIT" | null) {
  for (const { path } of TARGETS.slice(0, 3)) {
    await (await fetch(`${origin}${path}`)).arrayBuffer();
    const status = (await fetch(`${origin}${path}`)).headers.get("X-Edge-Cache");
    if ((status === "HIT") !== (expected === "HIT")) throw new Error(`${path}: expected the edge cache ${expected ? "to answer" : "to be off"}, got X-Edge-Cache: ${status}`);
  }
}

/** A plain Node HTTP server that answers each path with bytes fetched from the site, in its own process. */
async function startStaticReference(origin: string): Promise<{ origin: string; stop: () => void }> {
  const dir = join(PERF_LOG_DIR, "static");
  mkdirSync(dir, { recursive: true });
  const manifest: Record<string, { file: string; type: string }> = {};
  for (const [index, { path }] of TARGETS.entries()) {
    const response = await fetch(`${origin}${path}`);
    const file = join(dir, `${index}.body`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    manifest[path] = { file, type: response.headers.get("Content-Type") ?? "application/octet-stream" };
  }
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  const server = `
    const http = require("node:http"), fs = require("node:fs");
    const routes = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    const bodies = Object.fromEntries(Object.entries(routes).map(([p, r]) => [p, { body: fs.readFileSync(r.file), type: r.type }]));
    http.createServer((req, res) => {
      const r = bodies[req.url];
      if (!r) return res.writeHead(404).end();
      res.writeHead(200, { "Content-Type": r.type, "Content-Length": r.body.length }).end(r.body);
    }).listen(Number(process.argv[2]), "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", server, join(dir, "manifest.json"), String(STATIC_PORT)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the static reference server exited (${code})`)));
  });
  process.once("exit", () => child.kill());
  return { origin: `http://127.0.0.1:${STATIC_PORT}`, stop: () => child.kill() };
}

/** The islands script: a static file Workers Static Assets serves, found in the home page. */
async function staticAssetPath(origin: string): Promise<string> {
  const path = /"(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${origin}/`)).text())?.[1];
  if (!path) throw new Error("The home page names no /assets/*.js file");
  return path;
}

/** One connection: the p50 of a render and of an edge-cache hit, as multiples of a static file's. */
function ratioTable(assetPath: string): string {
  const asset = results.get(resultKey("asset", assetPath, 1));
  if (!asset) return "";
  const rows = TARGETS.slice(0, 3).map((target) => {
    const cold = results.get(resultKey("cold", target.path, 1));
    const warm = results.get(resultKey("warm", target.path, 1));
    const ratio = (m: Measure | undefined, budget: number) =>
      m ? `${(m.p50Ms / asset.p50Ms).toFixed(2)}x ${m.p50Ms / asset.p50Ms <= budget ? "(within" : "(over"} ${budget}x)` : "-";
    return [target.label, cold ? cold.p50Ms.toFixed(2) : "-", warm ? warm.p50Ms.toFixed(2) : "-", asset.p50Ms.toFixed(2), ratio(warm, HIT_RATIO), ratio(cold, RENDER_RATIO)];
  });
  return markdownTable(["page", "render p50 (ms)", "edge-cache hit p50 (ms)", `static file p50 (ms)`, "hit / static", "render / static"], rows);
}

/** Puts the image into the local R2 (which, unlike D1, the server keeps between its starts). */
function putBenchImage(stateDir: string) {
  run(
    bin("wrangler"),
    ["r2", "object", "put", `baptist-men-malawi-images/${IMAGE_KEY}`, "--file", IMAGE_SOURCE, "--content-type", "image/webp", "--local", "--persist-to", stateDir],
    { env: WRANGLER_ENV, quiet: true },
  );
}

function throughputTable(): string {
  const cell = (m: Measure | undefined) =>
    m ? `${Math.round(m.requestsPerSecond)} · ${m.p50Ms.toFixed(1)} · ${m.p99Ms.toFixed(1)}${m.failures ? ` (${m.failures} failed)` : ""}` : "-";
  const rows = TARGETS.flatMap((target) =>
    CONNECTIONS.map((c) => [
      target.label,
      c,
      cell(results.get(resultKey("cold", target.path, c))),
      cell(results.get(resultKey("warm", target.path, c))),
      cell(results.get(resultKey("static", target.path, c))),
    ]),
  );
  return markdownTable(["target", "connections", "edge cache off (renders every time)", "edge cache warm", "static file reference"], rows);
}

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, load average before the run ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ")}, Node ${process.version}`;
}

ensureDebianPackages([{ program: "wrk", package: "wrk" }], "npm run bench");
ensureChromium();
const startedAt = new Date();
const machineLine = machine();
log(`Machine: ${machineLine}`);
const stateDir = join(PERF_STATE_DIR, "bench");

// Cold: the edge cache off, so every request renders the page and queries D1.
let site = await startSite({ port: SITE_PORT, name: "bench-cold", vars: { EDGE_CACHE: "off" }, build: !args.includes("--no-build"), stateDir });
putBenchImage(stateDir);
await expectEdgeCache(site.origin, null);
const reference = await startStaticReference(site.origin);
await measure("cold", site.origin);
await site.stop();

// Warm: the edge cache on and already holding each page.
site = await startSite({ port: SITE_PORT, name: "bench-warm", vars: { EDGE_CACHE: "on" }, build: false, stateDir });
await expectEdgeCache(site.origin, "HIT");
await measure("warm", site.origin);

// A static file from the same server (Workers Static Assets behind vite preview), one connection.
const assetPath = await staticAssetPath(site.origin);
await wrk(`${site.origin}${assetPath}`, 1, 1);
const asset = await wrk(`${site.origin}${assetPath}`, 1, SECONDS);
results.set(resultKey("asset", assetPath, 1), asset);
log(`asset  ${assetPath} c=1: ${Math.round(asset.requestsPerSecond)} req/s, p50 ${asset.p50Ms} ms, p99 ${asset.p99Ms} ms`);

// The reference: the same bytes from a plain Node server (no rendering, no D1, no workerd).
await measure("static", reference.origin);
reference.stop();

log("Measuring the first-visit page weight of every public route at 360 px...");
const weights = await measurePageWeights(site.origin);
await site.stop();

const report = [
  `Benchmark of ${startedAt.toISOString().slice(0, 10)} on ${machineLine}.`,
  `wrk -t1, ${SECONDS} s per cell after a 1 s warm-up, over loopback. Each cell: requests per second · p50 ms · p99 ms.`,
  "",
  throughputTable(),
  "",
  `One connection, p50 against a static file from the same server (${assetPath}): an edge-cache hit within ${HIT_RATIO}x, a render within ${RENDER_RATIO}x.`,
  "",
  ratioTable(assetPath),
  "",
  "First visit at 360 px (device pixel ratio 2), empty cache, scrolled to the end; text at gzip size:",
  "",
  pageWeightTable(weights),
].join("\n");
console.log(`\n${report}`);
const file = join(PERF_LOG_DIR, `bench-${startedAt.toISOString().slice(0, 10)}.md`);
writeOutput(file, `${report}\n`);
log(`\nWritten to ${file}`);
process.exit(0);
