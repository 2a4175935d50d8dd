// What the Worker entry and the admin middleware tell every loader and action about the request
// (React Router context). Who is signed in is the accounts feature's (features/accounts/admin-context.ts).
import { createContext } from "react-router";

export type RequestInfo = {
  /** Correlates a visitor's error page with the server log line. */
  requestId: string;
  /** Per-response CSP nonce for the scripts React Router inlines. */
  nonce: string;
  waitUntil: (promise: Promise<unknown>) => void;
};

/** Set by the Worker entry for every request that reaches React Router. */
export const requestContext = createContext<RequestInfo>();

/**
 * Whether an admin request changed what visitors see (set by the admin middleware, true by
 * default). Actions that only touch private data (the registration desk, check-in) set it false,
 * so the public pages' edge cache is not thrown away on every tap at the door.
 */
export const publicChangeContext = createContext<{ changed: boolean }>();
