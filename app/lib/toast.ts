export type Toast = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};

/** The DOM event an island dispatches to show a toast; React's toaster takes it when it is running. */
export const TOAST_EVENT = "site:toast";

/**
 * Where toasts appear: at the top on a phone, where they cover no form's buttons (a dialog's
 * Register, the page's Save, which sit low on a small screen), at the bottom right on wider screens.
 */
export const TOAST_REGION_CLASS = "pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-4 sm:top-auto sm:bottom-0 sm:justify-end";
