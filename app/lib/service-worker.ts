// The service worker's registration on read-only public pages (issue 26, docs/decisions/024-offline-door.md):
// one inline line run after `load`, so the worker is never fetched before the page has loaded.
// It is allowed by its hash in every page's CSP, not by the response's nonce: a page whose only
// inline script is this line still needs no nonce, so the edge cache serves it as stored
// (docs/decisions/019-isolate-only-private-pages.md). Pages with islands register from the
// islands script; the check-in page from the door's script.
export const SERVICE_WORKER_REGISTRATION = `addEventListener("load",()=>navigator.serviceWorker?.register("/sw.js"))`;

/** The CSP source of SERVICE_WORKER_REGISTRATION (tests/unit/service-worker.test.ts checks it). */
export const SERVICE_WORKER_REGISTRATION_HASH = "'sha256-tIsVASpt3uu1+cSYJfzsW1DhGgGWOURZUq7zU91UwjQ='";
