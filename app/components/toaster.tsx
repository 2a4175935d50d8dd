// One toast at a time (SPEC section 9), dismissed after 5 s. Toasts come from the root loader (flash
// cookie, so they work without JavaScript), or in the browser as a `site:toast` DOM event, sent by
// showToast() or by the islands script (app/islands/toast.ts), which draws from ToastTemplates
// itself when the page runs no React.
import { useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "~/lib/constants";
import { TOAST_EVENT, TOAST_REGION_CLASS, type Toast } from "~/lib/toast";
import { CloseIcon } from "./icons";

/** Shows a toast in the page's toaster: the same DOM event the islands send (app/islands/toast.ts). */
export function showToast(toast: Toast) {
  document.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: toast, cancelable: true }));
}

/** Each toast shown gets its own key, so a newer one starts its own fade-out (see app.css). */
let shownCount = 0;
const shown = (toast: Toast) => ({ ...toast, key: (shownCount += 1) });

/** One toast's card. Its title and description carry data attributes for the islands' copies. */
export function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss?: () => void }) {
  const destructive = toast.variant === "destructive";
  return (
    <div
      data-testid="toast"
      className={`toast-auto-hide pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive ? "border-red-700 bg-red-700 text-white" : "border-stone-200 bg-white text-stone-900"
      }`}
    >
      <div className="min-w-0 flex-1">
        <p data-toast-title="" className="font-semibold">
          {toast.title}
        </p>
        <p data-toast-description="" hidden={!toast.description} className={`mt-1 text-sm ${destructive ? "text-red-50" : "text-stone-600"}`}>
          {toast.description}
        </p>
      </div>
      <button type="button" data-toast-dismiss="" onClick={onDismiss} className="-m-1 rounded p-1 opacity-80 hover:opacity-100" aria-label="Dismiss notification">
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/** The two kinds of toast card as templates, for a page whose island shows toasts without React. */
export function ToastTemplates() {
  return (
    <>
      <template data-toast-template="default">
        <ToastCard toast={{ title: "" }} />
      </template>
      <template data-toast-template="destructive">
        <ToastCard toast={{ title: "", variant: "destructive" }} />
      </template>
    </>
  );
}

export function Toaster({ toast: fromServer }: { toast: Toast | null }) {
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(fromServer && shown(fromServer));
  const [lastFromServer, setLastFromServer] = useState(fromServer);
  // A new flash toast arrives with each navigation's root data: show it (a newer one replaces it).
  if (fromServer !== lastFromServer) {
    setLastFromServer(fromServer);
    if (fromServer) setToast(shown(fromServer));
  }

  useEffect(() => {
    // Taken here, and the sender told so (an island then draws nothing itself).
    const onToast = (event: Event) => {
      event.preventDefault();
      setToast(shown((event as CustomEvent<Toast>).detail));
    };
    document.addEventListener(TOAST_EVENT, onToast);
    return () => document.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const destructive = toast?.variant === "destructive";
  return (
    <div className={TOAST_REGION_CLASS}>
      <div data-toaster="" role={destructive ? "alert" : "status"} aria-live={destructive ? "assertive" : "polite"} className="w-full max-w-sm">
        {toast ? <ToastCard key={toast.key} toast={toast} onDismiss={() => setToast(null)} /> : null}
      </div>
    </div>
  );
}
