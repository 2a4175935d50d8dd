// The React side of an island (./island): marks the element and, when React renders the page in
// the browser (a client-side navigation), attaches the behaviour to it and detaches it on unmount.
import { useCallback } from "react";
import type { Island } from "../islands/island";

export function useIsland(island: Island) {
  const ref = useCallback((root: HTMLElement | null) => (root ? (island.attach(root) ?? undefined) : undefined), [island]);
  return { "data-island": island.name, ref };
}
