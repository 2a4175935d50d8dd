// The one guard in front of the whole admin area (React Router middleware on the /admin layout).
// Pages without a valid session redirect to /auth (a form sent then is kept for after signing in); a role may only use its areas (app/features/accounts/roles.ts:
// 403 otherwise, and a door volunteer's /admin leads to check-in); what an action changed is
// written to the activity log once it has answered; and every admin change bumps the content
// version that keys the public pages' edge cache.
import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { activityContext, adminContext, sessionIdContext } from "./admin-context";
import { publicChangeContext } from "~/server/request-context";
import { adminAreaOf, canUse, homeOf, ROLE_LABELS, type Forbidden } from "~/features/accounts/roles";
import type { ActivityEntry } from "~/features/accounts/activity-log.server";
import { logActivity, logRefusal } from "./activity.server";
import { authenticateAdmin } from "./auth.server";
import { bumpContentVersion } from "../../server/content-version.server";
import { setsSessionCookie } from "./session.server";
import { forgetUnsavedForm, keepSignedOutForm, pagePathOf } from "./unsaved-forms.server";

const TWO_STEP_SETUP_PATH = /^\/admin\/account\/two-step(\.data)?\/?$/i;

export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  const auth = await authenticateAdmin(request);
  if (!auth) {
    // A form sent after the session ended waits for its admin to sign in again (unsaved-forms.server.ts).
    const kept = await keepSignedOutForm(request);
    throw redirect("/auth", kept ? { headers: { "Set-Cookie": kept } } : undefined);
  }
  const { admin } = auth;
  context.set(adminContext, admin);
  context.set(sessionIdContext, auth.sessionId);

  const pathname = new URL(request.url).pathname;
  // An Administrator the site requires to use two-step sign-in sets it up before anything else.
  if (admin.mustSetUpTwoStep && !TWO_STEP_SETUP_PATH.test(pathname)) throw redirect("/admin/account/two-step", 303);
  const area = adminAreaOf(pathname);
  if (area === "dashboard" && admin.role === "volunteer") throw redirect(homeOf(admin.role), 303);
  // A path no admin page has (the splat route, /admin/*) is 'not found' for every role: a 403 would
  // say such a page exists. It shows nothing, so no role check is needed.
  const unknownPage = params["*"] !== undefined;
  if (!unknownPage && !canUse(admin.role, area)) {
    await logRefusal(admin.email, request);
    throw data<Forbidden>({ forbidden: true, role: ROLE_LABELS[admin.role], home: homeOf(admin.role) }, { status: 403 });
  }

  const publicChange = { changed: true };
  context.set(publicChangeContext, publicChange);
  const notes: ActivityEntry[] = [];
  context.set(activityContext, notes);

  const response = await next();
  await logActivity(notes);
  // A kept form sent again to its page (or anything else sent there meanwhile) is forgotten.
  const forgotten = request.method === "POST" ? await forgetUnsavedForm(request, admin.email, pagePathOf(new URL(request.url))) : null;
  // Any admin change may alter public pages: the next visit renders afresh (see workers/edge-cache.ts).
  if (request.method !== "GET" && request.method !== "HEAD" && publicChange.changed) await bumpContentVersion();
  // (Every answer under /admin is marked private and no-store by the Worker: workers/security.ts.)
  const headers = new Headers(response.headers);
  // An action that set a session cookie itself (a password change) knows better than the renewal.
  if (auth.renewedCookie && !setsSessionCookie(request, headers)) headers.append("Set-Cookie", auth.renewedCookie);
  if (forgotten) headers.append("Set-Cookie", forgotten);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * For an admin action that changed nothing visitors see (or bumped the content version itself
 * when it did): the public pages' edge cache stays.
 */
export function publicPagesUnchanged(context: Readonly<RouterContextProvider>) {
  context.get(publicChangeContext).changed = false;
}
