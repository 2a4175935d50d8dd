// The content version keys the edge cache of public pages: every admin change bumps it, so the
// next visit renders fresh. It lives in D1 and, so that a cached page costs no D1 query at all, is
// itself kept in the Workers Cache for a short while (60 s), and in the isolate's memory for a few
// seconds more briefly still, so a cached page costs one cache lookup, not two (issue 27). The
// isolate that bumps it knows at once; other isolates at most MEMORY_TTL_MS later. A page that changes
// by itself at a known time (a scheduled post going live) bumps it when that time comes.
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

/**
 * The version, and the next time a public page changes by itself (`changesAt`, ISO, or null): a
 * scheduled post goes live, an event starts (it leaves the upcoming lists) or closes registration.
 * From then on the pages cached under this version are out of date, so the version is bumped.
 */
type Current = { version: string; changesAt: string | null };
let remembered: (Current & { until: number }) | null = null;

function remember(current: Current): string {
  remembered = { ...current, until: Date.now() + MEMORY_TTL_MS };
  return current.version;
}

function randomVersion() {
  return crypto.randomUUID().slice(0, 8);
}

async function cacheVersion(current: Current) {
  await edgeCache().put(
    CACHE_KEY,
    new Response(JSON.stringify(current), { headers: { "Cache-Control": `public, max-age=${VERSION_TTL_SECONDS}` } }),
  );
}

/**
 * Each feature's next moment one of its public pages changes without an admin's save, as a SELECT of
 * one value from its own tables, with `?1` for now (a scheduled post going live, an event starting
 * or closing registration). The Worker entry installs them once, when it loads (as it installs the
 * outbox's sender): this shared module knows no feature's tables.
 */
let scheduledChanges: readonly string[] = [];

export function installScheduledChanges(selects: readonly string[]): void {
  scheduledChanges = selects;
}

/** Read with the version, in its round trip: the next moment a public page changes without an admin's save. */
function nextChangeStatement(now: Date) {
  const moments = scheduledChanges.length ? scheduledChanges.map((select) => `SELECT (${select}) AS t`).join(" UNION ALL ") : "SELECT NULL AS t";
  return env.DB.prepare(`SELECT min(t) AS at FROM (${moments})`).bind(now.toISOString());
}

/**
 * Runs `statement` and reads the next change in the same round trip; when that read fails (its
 * tables being migrated, say), the statement alone, with no next change: the version still works.
 */
async function withNextChange<T>(statement: D1PreparedStatement): Promise<[T | undefined, string | null]> {
  try {
    const [first, next] = await env.DB.batch<unknown>([statement, nextChangeStatement(new Date())]);
    return [first?.results[0] as T | undefined, (next?.results[0] as { at?: string | null } | undefined)?.at ?? null];
  } catch (error) {
    console.error("The next scheduled change could not be read:", error);
    return [(await statement.first<T>()) ?? undefined, null];
  }
}

/** Whether the pages of `current` were rendered before a change that has come since (a scheduled post went live). */
function outdated(current: Current): boolean {
  return current.changesAt !== null && Date.now() >= Date.parse(current.changesAt);
}

async function readCurrent(): Promise<Current> {
  if (remembered && remembered.until > Date.now()) return remembered;
  const cached = await edgeCache().match(CACHE_KEY);
  if (cached) {
    const current = (await cached.json()) as Current;
    remember(current);
    return current;
  }
  // A new database starts at a random version, so pages cached for another database never match.
  const stored = env.DB.prepare(
    `INSERT INTO site_meta (key, value) VALUES ('content_version', ?1)
     ON CONFLICT(key) DO UPDATE SET value = value RETURNING value`,
  ).bind(randomVersion());
  const [version, next] = await withNextChange<{ value: string }>(stored);
  const current = { version: version?.value ?? randomVersion(), changesAt: next };
  await cacheVersion(current);
  remember(current);
  return current;
}

export async function getContentVersion(): Promise<string> {
  const current = await readCurrent();
  // A scheduled post went live (or an event started) since these pages were rendered: render afresh.
  return outdated(current) ? bumpContentVersion() : current.version;
}

/** Called after every admin change (and when a page changes by itself): the next public visit renders (and caches) afresh. */
export async function bumpContentVersion(): Promise<string> {
  const version = randomVersion();
  const [, next] = await withNextChange(
    env.DB.prepare(`INSERT INTO site_meta (key, value) VALUES ('content_version', ?1) ON CONFLICT(key) DO UPDATE SET value = excluded.value`).bind(version),
  );
  const current = { version, changesAt: next };
  remember(current);
  await cacheVersion(current);
  return version;
}

/** Tests reset D1 between cases; forgetting the cached version keeps their pages apart. */
export async function forgetCachedContentVersion(): Promise<void> {
  remembered = null;
  await edgeCache().delete(CACHE_KEY);
}
