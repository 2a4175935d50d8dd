// A <details> disclosure (the header's dropdowns and phone menu) opens and closes without
// JavaScript; this also closes it on Escape (focus back on its summary), on a click outside and
// when one of its links is chosen.
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
    // A link in it chosen (even one to a part of this page, e.g. /about#history): the menu closes.
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest("a")) details.open = false;
    };
    const listening = new AbortController();
    details.addEventListener("click", onClick, { signal: listening.signal });
    document.addEventListener("pointerdown", onPointerDown, { signal: listening.signal });
    details.addEventListener("keydown", onKeyDown, { signal: listening.signal });
    return () => listening.abort();
  },
};
