// The content version keys the edge cache of public pages: every admin change bumps it, so the
// next visit renders fresh. It lives in D1 and, so that a cached page costs no D1 query at all, is
// itself kept in the Workers Cache for a short while (60 s), and in the isolate's memory for a few
// seconds more briefly still, so a cached page costs one cache lookup, not two (issue 27). The
// isolate that bumps it knows at once; other isolates at most MEMORY_TTL_MS later.
import { env } from "cloudflare:workers";

/** The Workers default cache (the DOM typings the browser code needs hide its `default`). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

const CACHE_KEY = "https://edge-cache.internal/content-version";
/** How long a Worker trusts its cached copy of the version before asking D1 again. */
const VERSION_TTL_SECONDS = 60;

/** How long an isolate trusts the version it last read, before looking in the Workers Cache again. */
const MEMORY_TTL_MS = 5_000;
let remembered: { version: string; until: number } | null = null;

function remember(version: string) {
  remembered = { version, until: Date.now() + MEMORY_TTL_MS };
  return version;
}

function randomVersion() {
  return crypto.randomUUID().slice(0, 8);
}

async function cacheVersion(version: string) {
  await edgeCache().put(
    CACHE_KEY,
    new Response(version, { headers: { "Cache-Control": `public, max-age=${VERSION_TTL_SECONDS}` } }),
  );
}

export async function getContentVersion(): Promise<string> {
  if (remembered && remembered.until > Date.now()) return remembered.version;
  const cached = await edgeCache().match(CACHE_KEY);
  if (cached) return remember(await cached.text());
  // A new database starts at a random version, so pages cached for another database never match.
  const row = await env.DB.prepare(
    `INSERT INTO site_meta (key, value) VALUES ('content_version', ?1)
     ON CONFLICT(key) DO UPDATE SET value = value RETURNING value`,
  )
    .bind(randomVersion())
    .first<{ value: string }>();
  const version = row?.value ?? randomVersion();
  await cacheVersion(version);
  return remember(version);
}

/** Called after every admin change: the next public visit renders (and caches) afresh. */
export async function bumpContentVersion(): Promise<void> {
  const version = randomVersion();
  await env.DB.prepare(
    `INSERT INTO site_meta (key, value) VALUES ('content_version', ?1) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  )
    .bind(version)
    .run();
  remember(version);
  await cacheVersion(version);
}

/** Tests reset D1 between cases; forgetting the cached version keeps their pages apart. */
export async function forgetCachedContentVersion(): Promise<void> {
  remembered = null;
  await edgeCache().delete(CACHE_KEY);
}
