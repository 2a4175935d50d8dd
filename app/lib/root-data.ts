// What the root loader (app/root.tsx) gives every page.
import { useRouteLoaderData } from "react-router";
import type { Toast } from "./toast";

export type RootData = {
  /** Whether the header shows Dashboard (a signed, unexpired session) or Login. */
  signedIn: boolean;
  /** The flash toast a redirect carried, shown once. */
  toast: Toast | null;
  /** Correlates a visitor's error page with the server log line. */
  requestId: string;
  /** For the absolute URLs pages' meta functions build (canonical, og:url, og:image). */
  origin: string;
  /** Turnstile's site key while the bot check is on (app/lib/bot-check.ts), else null. */
  botCheckSiteKey: string | null;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
