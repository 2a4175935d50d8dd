// What a public page without React does once it has loaded (issue 26, docs/decisions/024-offline-door.md
// and 030-nothing-before-the-pictures.md): register the service worker (offline copies of the pages
// read) and, two seconds later, name the web manifest. Neither may compete with the page: the worker
// is never fetched before `load`, and a browser fetches the manifest (and then its icon, about 6 KB
// on two new connections) as soon as it finds the link, right after the first paint, while the
// largest picture is still coming on a slow connection. Without JavaScript the page names the
// manifest in a <noscript> (app/root.tsx).
// The same line (and afterLoad) closes the header's open menu when a link in it leads to a part of
// the same page (/about#history from /about): the page does not change, so the menu would stay over it.
// A registration that fails (the signal lost as the page loads) is left for the next page, quietly.
// A read-only page does it with this one inline line, allowed by its hash in every page's CSP, not
// by the response's nonce: the page needs no nonce, so the edge cache serves it as stored
// (docs/decisions/019-isolate-only-private-pages.md). A page with islands does the same from the
// islands script (afterLoad below), which itself loads after `load`. Admin pages (React) link their
// manifest in <head>; the check-in page registers from the door's script.
export const AFTER_LOAD_LINE = `addEventListener("hashchange",()=>document.querySelectorAll("header [open]").forEach(d=>d.open=0));addEventListener("load",()=>{navigator.serviceWorker?.register("/sw.js").catch(_=>0);setTimeout(()=>document.head.insertAdjacentHTML("beforeend","<link rel=manifest href=/manifest.webmanifest>"),2e3)})`;

/** The CSP source of AFTER_LOAD_LINE (tests/unit/service-worker.test.ts checks it). */
export const AFTER_LOAD_LINE_HASH = "'sha256-HXOu+uL8orwYzeXkg+GXiyNVkjMcqzyDDKdReWIQI64='";

/** The same as AFTER_LOAD_LINE, for the islands script, which runs once the page has loaded. */
export function afterLoad() {
  addEventListener("hashchange", () => document.querySelectorAll<HTMLDetailsElement>("header [open]").forEach((d) => (d.open = false)));
  // A signal lost as the page loads fails the worker's fetch: it is registered at the next page, not an error.
  void navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
  setTimeout(() => document.head.insertAdjacentHTML("beforeend", "<link rel=manifest href=/manifest.webmanifest>"), 2e3);
}
