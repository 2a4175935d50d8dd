// GET /sw.js: the visitors' service worker (workers/sw.js, minified by scripts/vite-islands.ts),
// named for this release so a new release replaces the old caches. It must stay under 3 KB
// compressed (tests/worker/service-worker.test.ts); browsers check it on every visit (no-cache),
// with its ETag, so a visit while it is unchanged costs a 304, not the whole file again; its
// policy lets it fetch from this site only.
import { serviceWorkerSource } from "virtual:service-worker";

/** FNV-1a of the source, once per isolate: with the release, it names this exact file. */
const SOURCE_HASH = (() => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < serviceWorkerSource.length; i++) hash = Math.imul(hash ^ serviceWorkerSource.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
})();

/**
 * Whether If-None-Match names this tag, compared weakly (RFC 9110): a proxy that compresses the
 * file (Cloudflare does) sends it back as W/"…", and the header may list several tags.
 */
function namesTag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "");
    return bare === "*" || bare === etag;
  });
}

export function serviceWorkerResponse(release: string, request: Request): Response {
  const etag = `"sw-${release}-${SOURCE_HASH}"`;
  const headers = { "Cache-Control": "no-cache", ETag: etag };
  if (namesTag(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : serviceWorkerSource.replaceAll("__RELEASE__", release), {
    headers: { ...headers, "Content-Type": "text/javascript; charset=utf-8", "Content-Security-Policy": "default-src 'self'" },
  });
}
