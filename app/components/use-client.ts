// Browser-only facts read without an effect: the server (and the hydrating render) sees the
// server value, then React re-renders with the browser's, so hydration always matches.
import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False on the server and during hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
