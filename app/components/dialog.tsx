// A modal dialog on the native <dialog> element: focus moves in and is trapped by the browser,
// Escape closes (unless the dialog's `mayClose` keeps it open), and focus returns to what opened
// it. Rendered open on the server when `open` is true, so a dialog opened by a URL (e.g.
// /admin/events?delete=3) works before JavaScript loads.
// DialogFrame is the markup alone, for a dialog driven by an island (app/islands/registration.ts);
// Dialog drives it with React (the admin's confirmations).
import { useId, useLayoutEffect, useRef, type ReactNode, type Ref } from "react";
import { useLocation } from "react-router";
import { focusablePageHeading } from "~/lib/page-heading";
import { CloseIcon } from "./icons";

type DialogFrameProps = {
  open: boolean;
  title: ReactNode;
  /** A line under the title; an empty string keeps its place for an island to fill. */
  description?: ReactNode;
  children: ReactNode;
  /** Where the close control goes without JavaScript (a link); without it, a button. */
  closeHref?: string;
  onCloseClick?: (event: React.MouseEvent) => void;
  dialogRef?: Ref<HTMLDialogElement>;
} & Omit<React.DialogHTMLAttributes<HTMLDialogElement>, "title" | "open" | "children">;

const closeControlClass = "-m-1 rounded p-1 text-stone-500 hover:text-stone-900";

export function DialogFrame({ open, title, description, children, closeHref, onCloseClick, dialogRef, ...rest }: DialogFrameProps) {
  const titleId = useId();
  const descriptionId = useId();
  const closeIcon = <CloseIcon className="size-5" />;
  return (
    <dialog
      ref={dialogRef}
      open={open || undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-stone-900 shadow-2xl border border-stone-200 backdrop:bg-stone-950/60"
      {...rest}
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} data-dialog-title="" className="text-lg font-semibold text-stone-900">
              {title}
            </h2>
            {description !== undefined ? (
              <p id={descriptionId} data-dialog-description="" hidden={!description} className="mt-1 text-sm text-stone-600">
                {description}
              </p>
            ) : null}
          </div>
          {closeHref ? (
            <a href={closeHref} data-dialog-close="" onClick={onCloseClick} className={closeControlClass} aria-label="Close">
              {closeIcon}
            </a>
          ) : (
            <button type="button" data-dialog-close="" onClick={onCloseClick} className={closeControlClass} aria-label="Close">
              {closeIcon}
            </button>
          )}
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}

/**
 * Asks `dialog` to close, as Escape, its × and its Cancel do: a `cancel` event its owner may refuse
 * (Dialog's `mayClose`), then the close. (Chromium fires no `cancel` for a second Escape with no
 * tap between, so Escape is handled here too, not left to the browser.)
 */
export function requestDialogClose(dialog: HTMLDialogElement) {
  if (dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
}

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Asked before any close (Escape, ×, Cancel, a tap beside it): false keeps the dialog open. */
  mayClose?: (dialog: HTMLDialogElement) => boolean;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Where the close button goes without JavaScript (a link); with JavaScript it just closes. */
  closeHref?: string;
  /**
   * Where focus goes on closing when nothing had it at opening (a dialog opened by its address, as
   * the page loaded): the control that opens it. Else the page's heading, never the page's start.
   */
  opener?: () => HTMLElement | null;
};

/**
 * What had focus when `dialog` opened; when nothing outside it had (the page's start, or a field of
 * the dialog the server rendered open, focused as the page loaded), the opener or the page's heading.
 */
function focusBefore(dialog: HTMLDialogElement, opener: DialogProps["opener"]): Element | null {
  const active = document.activeElement;
  if (active && active !== document.body && !dialog.contains(active)) return active;
  return opener?.() ?? focusablePageHeading();
}

export function Dialog({ open, onClose, mayClose, title, description, children, closeHref, opener }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);
  // The latest `opener`, read when the dialog opens: not a dependency of that effect, which must run
  // only when it is opened (or its address visited again), or a closed dialog still rendered open
  // would open again at the next render.
  const openerRef = useRef(opener);
  useLayoutEffect(() => {
    openerRef.current = opener;
  });
  // A dialog opened by its address (?edit=) and closed is still rendered open until the page without
  // it has loaded: opened again meanwhile (the same address, a new visit), it must open again.
  const visit = useLocation().key;

  // Layout effects, not effects: the dialog is made modal, and listens for Escape, in the same task
  // that renders it open. An effect may wait until after a paint, and a key pressed in between (the
  // form already on screen) would reach a dialog that is open but not yet modal, and be lost.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.matches(":modal")) {
        returnFocusTo.current = focusBefore(dialog, openerRef.current);
        if (dialog.open) dialog.close(); // server-rendered as a plain open dialog: reopen as modal
        dialog.showModal();
      }
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open, visit]);

  useLayoutEffect(() => {
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

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !mayClose) return;
    const handleCancel = (event: Event) => {
      if (!mayClose(dialog)) event.preventDefault();
    };
    const handleEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      requestDialogClose(dialog);
    };
    dialog.addEventListener("cancel", handleCancel);
    dialog.addEventListener("keydown", handleEscape);
    return () => {
      dialog.removeEventListener("cancel", handleCancel);
      dialog.removeEventListener("keydown", handleEscape);
    };
  }, [mayClose]);

  return (
    <DialogFrame
      dialogRef={ref}
      open={open}
      title={title}
      description={description}
      closeHref={closeHref}
      onCloseClick={(event) => {
        event.preventDefault();
        if (ref.current) requestDialogClose(ref.current);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) requestDialogClose(event.currentTarget);
      }}
    >
      {children}
    </DialogFrame>
  );
}
