// Builds the islands script (app/islands/main.ts): the few small behaviours of pages that leave
// React out (see app/lib/page-scripts.ts). It is one self-contained file with no imports, bundled
// apart from React Router's chunks so it never pulls React in, named after a hash of its content
// (so `/assets/*`'s year of immutable caching is safe), and emitted into the client build.
// Pages load it with the one-line loader `virtual:islands` gives (and the line's CSP hash). In `npm run dev` Vite serves the source itself.
// Built the same way: the door's offline script (app/features/events/door/main.ts, whose URL is
// `doorScriptSrc`), and the visitors' service worker (workers/sw.js), minified and handed to the
// Worker as text by `virtual:service-worker` (docs/decisions/024-offline-door.md).
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";

const ENTRY = fileURLToPath(new URL("../app/islands/main.ts", import.meta.url));
const DOOR_ENTRY = fileURLToPath(new URL("../app/features/events/door/main.ts", import.meta.url));
const SW_ENTRY = fileURLToPath(new URL("../workers/sw.js", import.meta.url));
const SW_VIRTUAL_ID = "virtual:service-worker";
const APP_DIR = fileURLToPath(new URL("../app", import.meta.url));
const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type IslandsFile = { fileName: string; code: string };

async function bundleIslands(input = ENTRY, name = "islands"): Promise<IslandsFile> {
  const build = await rolldown({ input, platform: "browser", resolve: { alias: { "~": APP_DIR } } });
  try {
    const { output } = await build.generate({ format: "esm", minify: true });
    const [chunk, ...rest] = output;
    if (chunk?.type !== "chunk" || rest.some((file) => file.type === "chunk")) {
      throw new Error(`The ${name} script must bundle to a single file`);
    }
    const hash = createHash("sha256").update(chunk.code).digest("base64url").replace(/[-_]/g, "").slice(0, 10);
    return { fileName: `assets/${name}-${hash}.js`, code: chunk.code };
  } finally {
    await build.close();
  }
}

export function islands(): Plugin {
  let serving = false;
  // The client and server builds run in one process: bundle once, so both name the same file.
  let bundled: Promise<IslandsFile> | undefined;
  const bundle = () => (bundled ??= bundleIslands());
  let door: Promise<IslandsFile> | undefined;
  const bundleDoor = () => (door ??= bundleIslands(DOOR_ENTRY, "door"));

  return {
    name: "islands",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId(id) {
      if (id === SW_VIRTUAL_ID) return `\0${SW_VIRTUAL_ID}`;
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      // Bundled each time it is asked for (once per build), so `npm run dev` serves the current source.
      if (id === `\0${SW_VIRTUAL_ID}`) return `export const serviceWorkerSource = ${JSON.stringify((await bundleIslands(SW_ENTRY, "sw")).code)};`;
      if (id !== RESOLVED_ID) return undefined;
      const src = serving ? "/app/islands/main.ts" : `/${(await bundle()).fileName}`;
      const doorSrc = serving ? "/app/features/events/door/main.ts" : `/${(await bundleDoor()).fileName}`;
      // The line that fetches the islands script once the page has loaded, and its CSP hash: a page
      // with islands needs no nonce, so the edge cache serves it as stored (app/root.tsx).
      const loader = `addEventListener("load",()=>import(${JSON.stringify(src)}))`;
      const loaderHash = `'sha256-${createHash("sha256").update(loader).digest("base64")}'`;
      return [
        `export const doorScriptSrc = ${JSON.stringify(doorSrc)};`,
        `export const islandsLoader = ${JSON.stringify(loader)};`,
        `export const islandsLoaderHash = ${JSON.stringify(loaderHash)};`,
      ].join("\n");
    },
    async generateBundle() {
      if (serving || this.environment.name !== "client") return;
      for (const { fileName, code } of [await bundle(), await bundleDoor()]) this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}
