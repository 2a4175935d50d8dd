// What a public page without React does once it has loaded (issue 26, docs/decisions/024-offline-door.md
// and 029-after-load.md): one inline line that registers the service worker (offline copies of the
// pages read) and, two seconds later, names the web manifest. Neither may compete with the page:
// the worker is never fetched before `load`, and a browser fetches the manifest (and then its
// icon, about 6 KB on two new connections) as soon as it finds the link, right after the first
// paint, while the largest picture is still coming on a slow connection. Without JavaScript the
// page names the manifest in a <noscript> (app/root.tsx).
// The line is allowed by its hash in every page's CSP, not by the response's nonce: a page whose only
// inline script is this line still needs no nonce, so the edge cache serves it as stored
// (docs/decisions/019-isolate-only-private-pages.md). Pages with React (the admin) register from no
// page at all and link their manifest in <head>; the check-in page registers from the door's script.
export const AFTER_LOAD_LINE = `addEventListener("load",()=>{navigator.serviceWorker?.register("/sw.js");setTimeout(()=>document.head.insertAdjacentHTML("beforeend","<link rel=manifest href=/manifest.webmanifest>"),2e3)})`;

/** The CSP source of AFTER_LOAD_LINE (tests/unit/service-worker.test.ts checks it). */
export const AFTER_LOAD_LINE_HASH = "'sha256-5WdUSQeAgd0VinjXIHPLY4k7YL+jAnNINTNDgGXKpHc='";
