// A modal dialog on the native <dialog> element: focus moves in and is trapped by the browser,
// Escape closes, and focus returns to what opened it. Rendered open on the server when `open`
// is true, so a dialog opened by a URL (e.g. /events?register=3) works before JavaScript loads.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Where the close button goes without JavaScript (a link); with JavaScript it just closes. */
  closeHref?: string;
};

export function Dialog({ open, onClose, title, description, children, closeHref }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.matches(":modal")) {
        returnFocusTo.current = document.activeElement;
        if (dialog.open) dialog.close(); // server-rendered as a plain open dialog: reopen as modal
        dialog.showModal();
      }
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      // Reopening the server-rendered dialog as modal (close, then showModal) queues a close event
      // that arrives once it is open again: that is not the visitor closing it.
      if (dialog.open) return;
      onClose();
      const target = returnFocusTo.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      open={open || undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-stone-900 shadow-2xl border border-stone-200 backdrop:bg-stone-950/60"
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-stone-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-stone-600">
                {description}
              </p>
            ) : null}
          </div>
          {closeHref ? (
            <a
              href={closeHref}
              onClick={(event) => {
                event.preventDefault();
                ref.current?.close();
              }}
              className="-m-1 rounded p-1 text-stone-500 hover:text-stone-900"
              aria-label="Close"
            >
              <CloseIcon className="size-5" />
            </a>
          ) : (
            <button type="button" onClick={() => ref.current?.close()} className="-m-1 rounded p-1 text-stone-500 hover:text-stone-900" aria-label="Close">
              <CloseIcon className="size-5" />
            </button>
          )}
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
