// PORT=<n> npm run preview: builds the production bundle and serves it locally (default port 8787)
// against the same local D1 and R2 as npm run dev.
import { applyMigrations, bin, ensureDevVars, isContentEmpty, run, seedDemo, seedReference, start } from "./lib.ts";

const port = process.env.PORT ?? "8787";
const skipBuild = process.argv.includes("--no-build");
const target = { remote: false, persistTo: process.env.PERSIST_DIR };

ensureDevVars();
applyMigrations(target);
seedReference(target);
if (isContentEmpty(target)) seedDemo(target);
if (!skipBuild) {
  console.log("Building the production bundle...");
  run(bin("react-router"), ["build"], { stdio: "inherit" });
}

console.log(`Serving the production build at http://localhost:${port}/`);
const server = start(bin("vite"), ["preview", "--port", port, "--strictPort", "--host", "127.0.0.1"]);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
