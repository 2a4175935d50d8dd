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

/**
 * A toast as shown, with its own key: keys grow with time, so the newest toast is the one with the
 * highest, and a newer card starts its own fade-out (see app.css).
 */
type Shown = { toast: Toast; key: number };
let shownCount = 0;
const shownAs = (toast: Toast): Shown => ({ toast, key: (shownCount += 1) });

/** The root data's toast as shown: keyed when first seen, the same for as long as the page keeps that data. */
const fromServerShown = new WeakMap<Toast, Shown>();
function shownFromServer(toast: Toast): Shown {
  const known = fromServerShown.get(toast);
  if (known) return known;
  const shown = shownAs(toast);
  fromServerShown.set(toast, shown);
  return shown;
}

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

/** Hides `toast` and those before it, never a newer one (a timer may fire as a newer one arrives). */
const hiddenWith = (toast: Shown) => (hiddenUpTo: number) => Math.max(hiddenUpTo, toast.key);

export function Toaster({ toast: fromServer }: { toast: Toast | null }) {
  // The last toast sent in the browser (showToast, an island).
  const [sent, setSent] = useState<Shown | null>(null);
  // Every toast up to this key has been hidden (its time was up, or it was dismissed).
  const [hiddenUpTo, setHiddenUpTo] = useState(0);
  // What shows is worked out here, never set while rendering: React drops a state update made during
  // a navigation's render when an older one (the last toast's timer) is still queued, and a save's
  // toast vanished that way (decision 046). The newest toast shows, the root data's (a redirect's
  // flash cookie) or the last one sent, until it is hidden; an older one never comes back.
  const fromData = fromServer && shownFromServer(fromServer);
  const newest = fromData && (!sent || fromData.key > sent.key) ? fromData : sent;
  const toast = newest && newest.key > hiddenUpTo ? newest : null;

  useEffect(() => {
    // Taken here, and the sender told so (an island then draws nothing itself).
    const onToast = (event: Event) => {
      event.preventDefault();
      setSent(shownAs((event as CustomEvent<Toast>).detail));
    };
    document.addEventListener(TOAST_EVENT, onToast);
    return () => document.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setHiddenUpTo(hiddenWith(toast)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const destructive = toast?.toast.variant === "destructive";
  return (
    <div className={TOAST_REGION_CLASS}>
      <div data-toaster="" role={destructive ? "alert" : "status"} aria-live={destructive ? "assertive" : "polite"} className="w-full max-w-sm">
        {toast ? <ToastCard key={toast.key} toast={toast.toast} onDismiss={() => setHiddenUpTo(hiddenWith(toast))} /> : null}
      </div>
    </div>
  );
}
