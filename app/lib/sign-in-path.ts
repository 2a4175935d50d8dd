// The sign-in page, asked to lead back to a page of the admin area once signed in (the door's
// "Sign in again" after its session ended elsewhere). /auth follows only an admin page this
// account may use (app/features/accounts/unsaved-forms.server.ts, startPageOf).

/** The query parameter /auth reads the page to return to from. */
export const RETURN_PARAM = "next";

/** /auth, then back to `path` (a path of this site, such as /admin/events/4/check-in). */
export function signInPath(path: string): string {
  return `/auth?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
