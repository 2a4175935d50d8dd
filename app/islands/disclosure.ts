// A <details> disclosure (the header's dropdowns and phone menu) opens and closes without
// JavaScript; this also closes it on Escape (focus back on its summary) and on a click outside, and
// a menu of the site's header when the keyboard's focus moves on past it, so an open submenu does
// not stay over the page the visitor has tabbed on to (found by its place, not by an attribute: the
// home page is within bytes of its first-flight budget). (A
// link in it to a part of the same page closes it through the page's hashchange listener:
// app/lib/service-worker.ts.)
import type { Island } from "./island";

export const disclosure: Island = {
  name: "disclosure",
  attach(root) {
    if (!(root instanceof HTMLDetailsElement)) return;
    const details = root;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    // Focus moved to something outside (not to nothing: a tap on the page is onPointerDown's).
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (details.open && next instanceof Node && !details.contains(next)) details.open = false;
    };
    const listening = new AbortController();
    document.addEventListener("pointerdown", onPointerDown, { signal: listening.signal });
    details.addEventListener("keydown", onKeyDown, { signal: listening.signal });
    if (details.closest("header")) details.addEventListener("focusout", onFocusOut, { signal: listening.signal });
    return () => listening.abort();
  },
};
