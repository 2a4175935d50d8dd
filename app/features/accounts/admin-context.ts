// Who is signed in, and what their request changed: set by the admin middleware
// (./admin-guard.server.ts) once the session is verified, read by admin loaders and actions.
import { createContext } from "react-router";
import type { ActivityEntry } from "./activity-log.server";
import type { AdminIdentity } from "./admins.server";

/** The signed-in admin. */
export const adminContext = createContext<AdminIdentity>();

/** The signed-in session's id (the sessions list marks it "This device"). */
export const sessionIdContext = createContext<string>();

/** What the admin's request changed, noted by its action for the activity log (./activity.server.ts). */
export const activityContext = createContext<ActivityEntry[]>();
