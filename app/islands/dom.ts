// Small DOM helpers the islands share.

/** The visitor's reduced-motion preference, live. */
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)");

/**
 * Shows `current` and hides the others, all stacked in one grid cell (the hero's messages, the
 * carousel's slides): the shown one is opaque, or transparent while `fading`; the hidden ones are
 * invisible and out of the accessibility tree.
 */
export function showOneOf(elements: readonly HTMLElement[], current: HTMLElement | undefined, fading: boolean) {
  for (const element of elements) {
    const shown = element === current;
    if (shown) element.removeAttribute("aria-hidden");
    else element.setAttribute("aria-hidden", "true");
    element.classList.toggle("invisible", !shown);
    element.classList.toggle("opacity-0", !shown || fading);
    element.classList.toggle("opacity-100", shown && !fading);
  }
}

/** A copy of a <template>'s first element. React, rendering in the browser, puts it among the
 *  template's children rather than in its content. */
export function fromTemplate(template: HTMLTemplateElement | null): HTMLElement | null {
  const element = (template?.content.firstElementChild ?? template?.firstElementChild)?.cloneNode(true);
  return element instanceof HTMLElement ? element : null;
}
