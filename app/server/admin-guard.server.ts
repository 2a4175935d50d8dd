// The one guard in front of the whole admin area (React Router middleware on the /admin layout).
// Pages without a valid session redirect to /auth; nothing under /admin is ever cached, and every
// admin change bumps the content version that keys the public pages' edge cache.
import { redirect, type MiddlewareFunction } from "react-router";
import type { RouterContextProvider } from "react-router";
import { adminContext, publicChangeContext } from "~/context";
import { authenticateAdmin } from "./auth.server";
import { bumpContentVersion } from "./content-version.server";
import { setsSessionCookie } from "./session.server";

export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const auth = await authenticateAdmin(request);
  if (!auth) throw redirect("/auth");
  context.set(adminContext, auth.admin);
  const publicChange = { changed: true };
  context.set(publicChangeContext, publicChange);

  const response = await next();
  // Any admin change may alter public pages: the next visit renders afresh (see workers/edge-cache.ts).
  if (request.method !== "GET" && request.method !== "HEAD" && publicChange.changed) await bumpContentVersion();
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  // An action that set a session cookie itself (a password change) knows better than the renewal.
  if (auth.renewedCookie && !setsSessionCookie(headers)) headers.append("Set-Cookie", auth.renewedCookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * For an admin action that changed nothing visitors see (or bumped the content version itself
 * when it did): the public pages' edge cache stays.
 */
export function publicPagesUnchanged(context: Readonly<RouterContextProvider>) {
  context.get(publicChangeContext).changed = false;
}
