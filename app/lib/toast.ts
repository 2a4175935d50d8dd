export type Toast = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};

/** The DOM event an island dispatches to show a toast; React's toaster takes it when it is running. */
export const TOAST_EVENT = "site:toast";
