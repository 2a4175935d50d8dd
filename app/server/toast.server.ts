// Flash toasts travel in a short-lived cookie set by an action's redirect and read (then cleared)
// by the root loader, so they show with or without JavaScript.
import { redirect } from "react-router";
import type { Toast } from "~/lib/toast";
import { readCookie, serializeCookie } from "./cookies.server";

const TOAST_COOKIE = "toast";

function encode(toast: Toast): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(toast))));
}

function decode(value: string): Toast | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))));
    if (parsed && typeof parsed === "object" && typeof (parsed as Toast).title === "string") {
      const { title, description, variant } = parsed as Toast;
      return {
        title: title.slice(0, 200),
        description: typeof description === "string" ? description.slice(0, 500) : undefined,
        variant: variant === "destructive" ? "destructive" : "default",
      };
    }
  } catch {
    // A tampered or truncated cookie is simply no toast.
  }
  return null;
}

export function toastCookie(request: Request, toast: Toast): string {
  return serializeCookie(request, TOAST_COOKIE, encode(toast), { maxAge: 60 });
}

export function redirectWithToast(request: Request, url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(request, toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, and the Set-Cookie header that clears it once shown. */
export function takeToast(request: Request): { toast: Toast | null; clearCookie: string | null } {
  const value = readCookie(request, TOAST_COOKIE);
  if (value === null) return { toast: null, clearCookie: null };
  return { toast: decode(value), clearCookie: serializeCookie(request, TOAST_COOKIE, "", { maxAge: 0 }) };
}
