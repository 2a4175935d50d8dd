import { createContext } from "react-router";
import type { ActivityEntry } from "~/features/accounts/activity-log.server";
import type { AdminIdentity } from "~/features/accounts/admins.server";

export type RequestInfo = {
  /** Correlates a visitor's error page with the server log line. */
  requestId: string;
  /** Per-response CSP nonce for the scripts React Router inlines. */
  nonce: string;
  waitUntil: (promise: Promise<unknown>) => void;
};

/** Set by the Worker entry for every request that reaches React Router. */
export const requestContext = createContext<RequestInfo>();

/** Set by the admin middleware once the session is verified; read by admin loaders and actions. */
export const adminContext = createContext<AdminIdentity>();

/**
 * Whether an admin request changed what visitors see (set by the admin middleware, true by
 * default). Actions that only touch private data (the registration desk, check-in) set it false,
 * so the public pages' edge cache is not thrown away on every tap at the door.
 */
export const publicChangeContext = createContext<{ changed: boolean }>();

/** What the admin's request changed, noted by its action for the activity log (app/features/accounts/activity.server.ts). */
export const activityContext = createContext<ActivityEntry[]>();
