// GET /sw.js: the visitors' service worker (workers/sw.js, minified by scripts/vite-islands.ts),
// named for this release so a new release replaces the old caches. It must stay under 3 KB
// compressed (tests/worker/service-worker.test.ts); browsers check it on every visit (no-cache); its
// policy lets it fetch from this site only.
import { serviceWorkerSource } from "virtual:service-worker";

export function serviceWorkerResponse(release: string, method: string): Response {
  return new Response(method === "HEAD" ? null : serviceWorkerSource.replaceAll("__RELEASE__", release), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": "default-src 'self'",
    },
  });
}
