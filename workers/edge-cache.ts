// Public pages for visitors without a session are kept in the Workers Cache for a few minutes,
// keyed by the content version (bumped by every admin change), so a repeat view costs no D1
// query and an admin's save shows on the next visit. Browsers get `no-cache` with an ETag: they
// revalidate each time and a 304 costs a few bytes. Anything personal is never cached. A cached
// page is served as it was stored, unless it has an inline script that needs a fresh nonce. The
// isolate also keeps the pages it served lately in memory, in front of the Workers Cache.
import { LOCAL_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from "~/lib/constants";
import { edgeCache, getContentVersion } from "~/server/content-version.server";
import { readCookie } from "~/server/cookies.server";
import { documentContentSecurityPolicy } from "~/server/csp.server";
import { TOAST_COOKIE } from "~/server/toast.server";

/** How long an edge copy of a page lives (it is also replaced whenever content changes). */
const PAGE_TTL_SECONDS = 300;

/**
 * The pages this isolate stored or served lately, kept in its memory as well, so a repeat view
 * costs no Cache API lookup either (one lookup took longer than the rest of a hit). Keyed like the
 * Workers Cache (release and content version), so a change shows as soon as the version does;
 * bounded by count and bytes, the oldest going first, and kept a minute at most.
 */
const MEMORY = { pages: 64, bytes: 4 * 1024 * 1024, ttlMs: 60_000 };
type KeptPage = { body: ArrayBuffer; status: number; headers: Headers; until: number };
const inMemory = new Map<string, KeptPage>();
let bytesInMemory = 0;

function forget(key: string) {
  const kept = inMemory.get(key);
  if (!kept) return;
  inMemory.delete(key);
  bytesInMemory -= kept.body.byteLength;
}

function keepInMemory(key: string, body: ArrayBuffer, status: number, headers: Headers) {
  if (body.byteLength > MEMORY.bytes / 8) return;
  forget(key);
  inMemory.set(key, { body, status, headers, until: Date.now() + MEMORY.ttlMs });
  bytesInMemory += body.byteLength;
  for (const oldest of inMemory.keys()) {
    if (inMemory.size <= MEMORY.pages && bytesInMemory <= MEMORY.bytes) break;
    forget(oldest);
  }
}

function fromMemory(key: string): Response | null {
  const kept = inMemory.get(key);
  if (!kept) return null;
  if (kept.until <= Date.now()) {
    forget(key);
    return null;
  }
  return new Response(kept.body, { status: kept.status, headers: kept.headers });
}

/** How many pages this isolate keeps in memory now (tests). */
export const pagesInMemory = () => inMemory.size;

/** Empties this isolate's memory of pages, as a new isolate starts (tests). */
export function forgetPagesInMemory() {
  inMemory.clear();
  bytesInMemory = 0;
}

const UNCACHED_PREFIXES = ["/admin", "/auth", "/logout", "/api", "/images"];

export function isCacheablePageRequest(request: Request, enabled: boolean): boolean {
  if (!enabled) return false;
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  // The router matches paths case-insensitively: /Admin is the admin area too.
  const pathname = new URL(request.url).pathname.toLowerCase();
  if (UNCACHED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`))) {
    return false;
  }
  // A session (Login vs Dashboard) or a pending toast makes the page personal. They are looked for
  // with the parser the app reads them with, so the two can never disagree.
  const session = readCookie(request, SESSION_COOKIE_NAME) ?? readCookie(request, LOCAL_SESSION_COOKIE_NAME);
  return session === null && readCookie(request, TOAST_COOKIE) === null;
}

function cacheKey(request: Request, version: string): Request {
  const url = new URL(request.url);
  return new Request(`https://edge-cache.internal/v/${version}${url.pathname}${url.search}`);
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", body));
  // Weak: two copies differ only in their CSP nonce.
  return `W/"${Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

const isHtml = (headers: Headers) => (headers.get("Content-Type") ?? "").startsWith("text/html");

/**
 * Whether a cached copy needs this response's own nonce: it does when its CSP names one, which it
 * does only when the page carried its render's nonce (an inline script: the islands loader). A page
 * without one is stored with a CSP that allows no inline script at all, and is served as stored.
 */
const needsFreshNonce = (headers: Headers) => isHtml(headers) && (headers.get("Content-Security-Policy") ?? "").includes("'nonce-");

/** Gives a cached document this response's own CSP nonce (scripts the page inlines carry it). */
function withFreshNonce(response: Response, nonce: string): Response {
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", documentContentSecurityPolicy(nonce));
  const rewritten = new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(new Response(response.body, { status: response.status, headers }));
  return rewritten;
}

function finalise(response: Response, request: Request, etag: string, cacheStatus: "HIT" | "MISS"): Response {
  if (request.headers.get("If-None-Match") === etag) {
    // Only validators: the browser keeps its stored copy and the headers (CSP nonce) that match it.
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "no-cache", "X-Edge-Cache": cacheStatus } });
  }
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-cache");
  headers.set("ETag", etag);
  headers.set("X-Edge-Cache", cacheStatus);
  headers.delete("Age");
  return new Response(request.method === "HEAD" ? null : response.body, { status: response.status, headers });
}

export async function serveThroughEdgeCache(
  request: Request,
  /** Part of every cache key, so a new release never serves a page naming the last one's assets. */
  release: string,
  nonce: string,
  waitUntil: (promise: Promise<unknown>) => void,
  render: () => Promise<Response>,
): Promise<Response> {
  const key = cacheKey(request, `${release}/${await getContentVersion()}`);
  let cached = fromMemory(key.url);
  if (!cached) {
    const stored = await edgeCache().match(key);
    if (stored) {
      const body = await stored.arrayBuffer();
      keepInMemory(key.url, body, stored.status, stored.headers);
      cached = new Response(body, { status: stored.status, headers: stored.headers });
    }
  }
  if (cached) {
    const served = needsFreshNonce(cached.headers) ? withFreshNonce(cached, nonce) : cached;
    return finalise(served, request, cached.headers.get("ETag") ?? "", "HIT");
  }

  const response = await render();
  const cacheable =
    response.status === 200 &&
    request.method === "GET" &&
    !response.headers.has("Set-Cookie") &&
    !/no-store|private/.test(response.headers.get("Cache-Control") ?? "");
  if (!cacheable) return response;

  const body = await response.arrayBuffer();
  const etag = await etagOf(body);
  const headers = new Headers(response.headers);
  // A page that does not use its nonce (no inline script) gets a policy without one, so every copy
  // of it, this one and the cached ones, is the same bytes and needs no rewrite when served.
  if (isHtml(headers) && !new TextDecoder().decode(body).includes(nonce)) {
    headers.set("Content-Security-Policy", documentContentSecurityPolicy(null));
  }
  const stored = new Headers(headers);
  stored.set("Cache-Control", `public, max-age=${PAGE_TTL_SECONDS}`);
  stored.set("ETag", etag);
  waitUntil(edgeCache().put(key, new Response(body, { status: 200, headers: stored })));
  keepInMemory(key.url, body, 200, stored);
  return finalise(new Response(body, { status: 200, headers }), request, etag, "MISS");
}
