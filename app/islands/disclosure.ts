// A <details> disclosure (the header's dropdowns and phone menu) opens and closes without
// JavaScript; this also closes it on Escape (focus back on its summary) and on a click outside. (A
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
    const listening = new AbortController();
    document.addEventListener("pointerdown", onPointerDown, { signal: listening.signal });
    details.addEventListener("keydown", onKeyDown, { signal: listening.signal });
    return () => listening.abort();
  },
};
