// The URL of the built islands script, from scripts/vite-islands.ts.
declare module "virtual:islands" {
  export const islandsScriptSrc: string;
  /** The door's offline script (app/features/events/door/main.ts). */
  export const doorScriptSrc: string;
}

// The visitors' service worker (workers/sw.js), minified.
declare module "virtual:service-worker" {
  export const serviceWorkerSource: string;
}
