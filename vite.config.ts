import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { islands } from "./scripts/vite-islands.ts";
import compression from "compression";
import { defineConfig, type Connect, type Plugin } from "vite";

// PERSIST_DIR lets the browser tests run the build against their own local D1/R2,
// leaving the developer's data under .wrangler/state untouched.
const persistDir = process.env.PERSIST_DIR;

/**
 * Cloudflare's edge compresses every text response on the way to the browser (Brotli or gzip);
 * `vite preview` compresses nothing. This makes the local production preview send what a phone
 * really downloads, so page weight and Lighthouse measured against it tell the truth. It is
 * registered before the Cloudflare plugin so that it wraps the responses the Worker produces.
 */
function compressPreview(): Plugin {
  return {
    name: "compress-preview",
    configurePreviewServer(server) {
      // The package is typed for Express; it only needs Node's request and response.
      server.middlewares.use(compression() as unknown as Connect.NextHandleFunction);
    },
  };
}

export default defineConfig({
  plugins: [
    compressPreview(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: persistDir ? { path: persistDir } : true,
    }),
    tailwindcss(),
    reactRouter(),
    islands(),
  ],
  resolve: { tsconfigPaths: true },
});
