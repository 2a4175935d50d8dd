// Flash toasts: an action's redirect puts the toast in a short-lived, signed cookie session, and the
// root loader takes it out (clearing the cookie), so toasts show with or without JavaScript.
import { createCookieSessionStorage, redirect } from "react-router";
import type { Toast } from "~/lib/toast";
import { isHttps } from "./cookies.server";
import { usableSessionSecret } from "./secret.server";

/** Its name is what the edge cache looks for: a page with a pending toast is never cached. */
export const TOAST_COOKIE = "toast";
const TOAST_MAX_AGE_SECONDS = 60;

type FlashData = { toast: Toast };

/** Null without a usable session secret: toasts are then left out, never sent unsigned. */
function toastStorage(request: Request) {
  const secret = usableSessionSecret();
  if (!secret) return null;
  return createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: TOAST_COOKIE,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: isHttps(request),
      maxAge: TOAST_MAX_AGE_SECONDS,
      secrets: [secret],
    },
  });
}

/** The Set-Cookie header that carries `toast` to the next page (null when toasts cannot be signed). */
async function toastCookie(request: Request, toast: Toast): Promise<string | null> {
  const storage = toastStorage(request);
  if (!storage) return null;
  const session = await storage.getSession();
  session.flash("toast", toast);
  return storage.commitSession(session);
}

export async function redirectWithToast(request: Request, url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  const cookie = await toastCookie(request, toast);
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** The pending toast, and the Set-Cookie header that clears it once shown (null when there is none). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; clearCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie || !new RegExp(`(^|;\\s*)${TOAST_COOKIE}=`).test(cookie)) return { toast: null, clearCookie: null };
  const storage = toastStorage(request);
  if (!storage) return { toast: null, clearCookie: null };
  // A cookie that fails the signature check reads as an empty session: no toast, and cleared.
  const session = await storage.getSession(cookie);
  const toast = session.get("toast") ?? null;
  return { toast, clearCookie: await storage.destroySession(session) };
}
