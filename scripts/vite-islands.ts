// Builds the islands script (app/islands/main.ts): the few small behaviours of pages that leave
// React out (see app/lib/page-scripts.ts). It is one self-contained file with no imports, bundled
// apart from React Router's chunks so it never pulls React in, named after a hash of its content
// (so `/assets/*`'s year of immutable caching is safe), and emitted into the client build.
// Pages learn its URL from `virtual:islands`. In `npm run dev` Vite serves the source itself.
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";

const ENTRY = fileURLToPath(new URL("../app/islands/main.ts", import.meta.url));
const APP_DIR = fileURLToPath(new URL("../app", import.meta.url));
const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type IslandsFile = { fileName: string; code: string };

async function bundleIslands(): Promise<IslandsFile> {
  const build = await rolldown({ input: ENTRY, platform: "browser", resolve: { alias: { "~": APP_DIR } } });
  try {
    const { output } = await build.generate({ format: "esm", minify: true });
    const [chunk, ...rest] = output;
    if (chunk?.type !== "chunk" || rest.some((file) => file.type === "chunk")) {
      throw new Error("The islands script must bundle to a single file");
    }
    const hash = createHash("sha256").update(chunk.code).digest("base64url").replace(/[-_]/g, "").slice(0, 10);
    return { fileName: `assets/islands-${hash}.js`, code: chunk.code };
  } finally {
    await build.close();
  }
}

export function islands(): Plugin {
  let serving = false;
  // The client and server builds run in one process: bundle once, so both name the same file.
  let bundled: Promise<IslandsFile> | undefined;
  const bundle = () => (bundled ??= bundleIslands());

  return {
    name: "islands",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const src = serving ? "/app/islands/main.ts" : `/${(await bundle()).fileName}`;
      return `export const islandsScriptSrc = ${JSON.stringify(src)};`;
    },
    async generateBundle() {
      if (serving || this.environment.name !== "client") return;
      const { fileName, code } = await bundle();
      this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}
