// The visitors' service worker, served at /sw.js (workers/service-worker.ts serves it minified, with the release in
// RELEASE). What it keeps, and why: docs/decisions/024-offline-door.md.
// - Navigations: the network first, then the copy kept on this phone (with "Saved {date}: you are
//   offline"), then the offline page listing what is kept.
// - Kept: public pages read (30 at most, 7 days), and the files they used (CSS, scripts, pictures)
//   within a byte budget. Never /admin, /auth, /api, a POST, or a response marked private (the
//   Worker marks every answer to a signed-in request so) or no-store; the one exception is a
//   registration's private page, kept on this phone only so it opens at the door without data.
// - A public form sent as the signal goes (Give, a registration without the page's script) gets the
//   site's own "No connection" note, not the browser's error page.
// - A new release starts new caches and deletes the old ones (the private pages move over).
// - The check-in page keeps its own files in the "door" cache; offline, its address opens a shell
//   that runs the door's script on the list kept in IndexedDB.
const RELEASE = "__RELEASE__";
const PAGES = "pages-" + RELEASE;
const FILES = "files-" + RELEASE;
const DOOR = "door";
const MAX_PAGES = 30;
const MAX_AGE = 7 * 864e5;
const MAX_BYTES = 4e6;
const PRIVATE = /^\/(admin|auth|api|logout)([/.]|$)/i;
const TOKEN_PAGE = /^\/registrations\/[^/]+$/;
const DOOR_PAGE = /^\/admin\/events\/(\d+)\/check-in\/?$/;
const FILE = /^\/(assets|media|images)\//;

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => "&#" + c.charCodeAt(0) + ";");
// A page's <title> as it reads: the server escaped it ("Men&#x27;s"), and esc() escapes it again for the list.
const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const unescapeTitle = (s) => s.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name) => ENTITIES[name]);
const when = (iso) => new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const html = (body, status, csp) =>
  new Response(
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' + body,
    { status, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": csp || "default-src 'self'; style-src 'unsafe-inline'; script-src 'none'" } },
  );
const note = (title, text) =>
  html('<title>' + title + '</title><body style="font:17px/1.5 system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:1rem"><h1>' + title + "</h1>" + text + '<p><a href="/">Home</a></p>', 503);

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      const pages = await caches.open(PAGES);
      for (const name of await caches.keys()) {
        if (name === PAGES || name === FILES || name === DOOR) continue;
        const old = await caches.open(name);
        for (const request of await old.keys()) if (TOKEN_PAGE.test(new URL(request.url).pathname)) await pages.put(request, await old.match(request));
        await caches.delete(name);
      }
      await self.clients.claim();
      // The page that registered this worker was loaded before it ran: keep it, and its pictures the
      // browser already holds (only-if-cached never goes to the network).
      for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
        if (PRIVATE.test(new URL(client.url).pathname)) continue;
        // Without the visitor's cookies: the copy kept is the public page, and a one-time message
        // waiting in a cookie for the page's next load (a toast) is left for that load to show.
        const response = await fetch(client.url, { cache: "no-cache", credentials: "omit" }).catch(() => null);
        if (!response || !(await keepPage(client.url, response))) continue;
        const text = await (await pages.match(client.url)).text();
        for (const [, list] of text.matchAll(/(?:src|srcset)="([^"]+)"/g)) {
          for (const item of list.split(",")) {
            const url = new URL(item.trim().split(" ")[0], client.url);
            if (url.origin !== location.origin || !FILE.test(url.pathname)) continue;
            const file = await fetch(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
            if (file) await keepFile(url.href, file);
          }
        }
      }
    })(),
  ),
);

/** Keeps a page when it may be kept (see above); answers whether it did. */
async function keepPage(url, response) {
  const path = new URL(url).pathname;
  const control = response.headers.get("Cache-Control") || "";
  const ok =
    response.status === 200 &&
    response.type === "basic" &&
    !PRIVATE.test(path) &&
    path !== "/offline" &&
    (response.headers.get("Content-Type") || "").startsWith("text/html") &&
    !/private/.test(control) &&
    (!/no-store/.test(control) || TOKEN_PAGE.test(path));
  if (!ok) return false;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.set("sw-saved", new Date().toISOString());
  headers.set("sw-title", encodeURIComponent(unescapeTitle((text.match(/<title>([^<]*)/) || [])[1] || path)));
  const pages = await caches.open(PAGES);
  // A private page is kept under its own address: the page looking again at a payment under way adds
  // ?check=…, a new address each time, which would pile up copies and never be found offline.
  await pages.put(TOKEN_PAGE.test(path) ? new URL(path, url).href : url, new Response(text, { headers }));
  const kept = [];
  for (const request of await pages.keys()) kept.push([request, (await pages.match(request)).headers.get("sw-saved")]);
  kept.sort((a, b) => (a[1] < b[1] ? 1 : -1));
  for (const [request, saved] of kept.slice(MAX_PAGES).concat(kept.filter(([, saved]) => Date.now() - Date.parse(saved) > MAX_AGE))) {
    if (!TOKEN_PAGE.test(new URL(request.url).pathname) || Date.now() - Date.parse(saved) > MAX_AGE) await pages.delete(request);
  }
  return true;
}

/** Keeps a file (a picture, CSS, a script), the oldest going first beyond the byte budget. */
async function keepFile(url, response) {
  if (!response.ok || response.type !== "basic" || /private|no-store/.test(response.headers.get("Cache-Control") || "")) return;
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set("sw-size", String(body.size));
  const files = await caches.open(FILES);
  await files.put(url, new Response(body, { headers }));
  const requests = await files.keys();
  let bytes = 0;
  const sizes = [];
  for (const request of requests) {
    const size = Number((await files.match(request)).headers.get("sw-size"));
    sizes.push(size);
    bytes += size;
  }
  for (let i = 0; bytes > MAX_BYTES && i < requests.length - 1; i++) {
    await files.delete(requests[i]);
    bytes -= sizes[i];
  }
}

/** A kept page, saying it is a copy ("Saved {date}: you are offline", and a link to the others kept); what needs a connection says so. */
async function savedCopy(response) {
  const banner =
    '<div role="status" style="padding:.75rem 1rem;background:#fef3c7;color:#451a03"><p style="margin:0;font-weight:600">Saved ' +
    esc(when(response.headers.get("sw-saved"))) +
    ': you are offline</p><a href="/offline" style="color:inherit">Pages saved on this phone</a></div>';
  const text = (await response.text()).replace(/<body[^>]*>/, (body) => body + banner).replace(/ data-needs-connection="" hidden=""/g, " data-needs-connection=\"\"");
  return new Response(text, { headers: response.headers });
}

/** The offline page: what this phone has kept, newest first. */
async function offlinePage(known) {
  const pages = await caches.open(PAGES);
  const items = [];
  for (const request of await pages.keys()) {
    const path = new URL(request.url).pathname;
    if (TOKEN_PAGE.test(path)) continue;
    const kept = await pages.match(request);
    // A page's title without the site's name after it ("Mission & Vision | Baptist Men Malawi"): the list is all this site's.
    const title = decodeURIComponent(kept.headers.get("sw-title")).replace(/ \| [^|]+$/, "");
    items.push([kept.headers.get("sw-saved"), '<li><a href="' + esc(request.url) + '">' + esc(title) + "</a>, saved " + esc(when(kept.headers.get("sw-saved"))) + "</li>"]);
  }
  items.sort((a, b) => (a[0] < b[0] ? 1 : -1));
  return note(
    "You are offline",
    (known ? "" : "<p>This page is not saved on this phone.</p>") +
      (items.length ? "<p>Pages saved on this phone:</p><ul>" + items.map((item) => item[1]).join("") + "</ul>" : "<p>No pages are saved on this phone yet.</p>"),
  );
}

/** Offline, the check-in page's address runs the door's script (kept in the "door" cache) on the list kept on the phone. */
async function doorShell(eventId) {
  const files = (await (await caches.open(DOOR)).keys()).map((request) => new URL(request.url).pathname);
  const script = files.find((path) => path.endsWith(".js"));
  if (!script) return offlinePage();
  const css = files.find((path) => path.endsWith(".css"));
  return html(
    '<title>Check-in (offline)</title><meta name="theme-color" content="#172f62">' +
      (css ? '<link rel="stylesheet" href="' + css + '">' : "") +
      '<main id="main" class="mx-auto max-w-xl px-4 py-5"><div data-door="' + eventId + '" data-door-shell=""></div></main><script type="module" src="' + script + '"></script>',
    200,
    "default-src 'self'; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  );
}

/**
 * Save-Data: pictures below the first screen (the lazy ones) become a "Show picture" link, so none
 * is downloaded until asked for. Decided here, in the browser, so the server's page and the edge
 * cache's copy stay the same for everyone.
 */
const savingData = (request) => request.headers.get("Save-Data") === "on" || Boolean(navigator.connection && navigator.connection.saveData);
const withoutLazyPictures = (text) =>
  text.replace(/<picture[^>]*>(?:(?!<\/picture>)[\s\S])*?<\/picture>|<img[^>]*>/g, (found) => {
    const src = /loading="lazy"/.test(found) && (found.match(/<img[^>]*?\ssrc="([^"]+)"/) || [])[1];
    const alt = (found.match(/\salt="([^"]*)"/) || [])[1];
    return src ? '<a href="' + src + '" data-saved-picture="">Show picture' + (alt ? ": " + alt : "") + "</a>" : found;
  });

async function navigate(event, url) {
  const door = url.pathname.match(DOOR_PAGE);
  try {
    const response = await fetch(event.request);
    event.waitUntil(keepPage(event.request.url, response.clone()));
    if (!savingData(event.request) || response.status !== 200 || !(response.headers.get("Content-Type") || "").startsWith("text/html")) return response;
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return new Response(withoutLazyPictures(await response.text()), { headers });
  } catch {
    if (door) return doorShell(door[1]);
    const kept = PRIVATE.test(url.pathname) ? null : await (await caches.open(PAGES)).match(event.request, { ignoreSearch: TOKEN_PAGE.test(url.pathname) });
    return kept ? savedCopy(kept) : offlinePage(url.pathname === "/offline");
  }
}

async function file(event) {
  const kept = await caches.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  // Files asked for by an admin page are not kept (the check-in page keeps its own): judged by the
  // page itself, as a script's own imports name that script, not the page, as their referrer.
  const client = event.clientId && (await self.clients.get(event.clientId));
  if (!PRIVATE.test(new URL((client && client.url) || event.request.referrer || location.origin).pathname)) event.waitUntil(keepFile(event.request.url, response.clone()));
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method === "GET" && request.mode === "navigate") event.respondWith(navigate(event, url));
  else if (request.method === "GET" && FILE.test(url.pathname)) event.respondWith(file(event));
  else if (request.mode === "navigate" && TOKEN_PAGE.test(url.pathname))
    event.respondWith(
      fetch(request).catch(() => note("You are offline", "<p>Nothing was sent: cancelling, correcting or paying needs a connection. Your registration is unchanged. Try again when you are online.</p>")),
    );
  // Any other public form sent without a page script (Give, a registration, a group) as the signal
  // goes: the site's own words, not the browser's error page. Whether it arrived is not known.
  else if (request.mode === "navigate" && !PRIVATE.test(url.pathname))
    event.respondWith(
      fetch(request).catch(() =>
        note(
          "No connection",
          "<p>We could not reach the site, so we do not know whether this was sent.</p><p>Giving? If your phone asked for your PIN, the gift went through: do not give again.</p><p>Go back and send it again once you have signal: the same form sent twice within two minutes counts once.</p>",
        ),
      ),
    );
});
