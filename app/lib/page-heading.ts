// Where focus goes when nothing better is left to take it (a dialog closed that no control opened):
// the page's heading, not the page's start, from which the next Tab would skip the whole page.
// Shared by the React dialogs (components/dialog.tsx) and the islands (no React there).

/** The page's heading, made focusable by script (not a stop for Tab), or null. */
export function focusablePageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading;
}
