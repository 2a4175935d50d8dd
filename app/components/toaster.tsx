// One toast at a time (SPEC section 9), dismissed after 5 s. Toasts come from the root loader (flash
// cookie, so they work without JavaScript) or from showToast() in the browser.
import { useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "~/lib/constants";
import type { Toast } from "~/lib/toast";
import { CloseIcon } from "./icons";

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

export function showToast(toast: Toast) {
  for (const listener of listeners) listener(toast);
}

/** Each toast shown gets its own key, so a newer one starts its own fade-out (see app.css). */
let shownCount = 0;
const shown = (toast: Toast) => ({ ...toast, key: (shownCount += 1) });

export function Toaster({ toast: fromServer }: { toast: Toast | null }) {
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(fromServer && shown(fromServer));
  const [lastFromServer, setLastFromServer] = useState(fromServer);
  // A new flash toast arrives with each navigation's root data: show it (a newer one replaces it).
  if (fromServer !== lastFromServer) {
    setLastFromServer(fromServer);
    if (fromServer) setToast(shown(fromServer));
  }

  useEffect(() => {
    const listener: Listener = (next) => setToast(shown(next));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const destructive = toast?.variant === "destructive";
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end">
      <div role={destructive ? "alert" : "status"} aria-live={destructive ? "assertive" : "polite"} className="w-full max-w-sm">
        {toast ? (
          <div
            key={toast.key}
            data-testid="toast"
            className={`toast-auto-hide pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
              destructive ? "border-red-700 bg-red-700 text-white" : "border-stone-200 bg-white text-stone-900"
            }`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description ? (
                <p className={`mt-1 text-sm ${destructive ? "text-red-50" : "text-stone-600"}`}>{toast.description}</p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => setToast(null)}
              className="-m-1 rounded p-1 opacity-80 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
