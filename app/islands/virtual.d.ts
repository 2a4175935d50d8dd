// The built islands and door scripts, from scripts/vite-islands.ts.
declare module "virtual:islands" {
  /** The door's offline script (app/features/events/door/main.ts). */
  export const doorScriptSrc: string;
  /** The inline line that fetches the islands script after `load`, and its CSP source ('sha256-…'). */
  export const islandsLoader: string;
  export const islandsLoaderHash: string;
}

// The visitors' service worker (workers/sw.js), minified.
declare module "virtual:service-worker" {
  export const serviceWorkerSource: string;
}
