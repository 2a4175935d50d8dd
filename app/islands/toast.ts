// Toasts from the islands script. When React runs the page (a client-side navigation), its toaster
// takes the toast (app/components/toaster.tsx); otherwise the island draws the card itself from the
// page's ToastTemplates into the toaster's region, or into a region of its own (an open modal
// dialog's, since the page's toaster sits under the dialog's backdrop).
import { TOAST_DURATION_MS } from "~/lib/constants";
import { TOAST_EVENT, type Toast } from "~/lib/toast";
import { fromTemplate } from "./dom";

const timers = new WeakMap<Element, number>();

/** Shows `toast` in `region` (by default the page's toaster), replacing the one there. */
export function showToast(toast: Toast, region?: Element | null) {
  if (!region) {
    const takenByReact = !document.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: toast, cancelable: true }));
    if (takenByReact) return;
  }
  const target = region ?? document.querySelector("[data-toaster]");
  const variant = toast.variant ?? "default";
  const template = document.querySelector<HTMLTemplateElement>(`template[data-toast-template="${variant}"]`);
  const card = fromTemplate(template);
  if (!target || !card) return;

  card.querySelector("[data-toast-title]")!.textContent = toast.title;
  const description = card.querySelector<HTMLElement>("[data-toast-description]")!;
  description.textContent = toast.description ?? "";
  description.hidden = !toast.description;
  card.querySelector("[data-toast-dismiss]")?.addEventListener("click", () => card.remove());

  target.setAttribute("role", variant === "destructive" ? "alert" : "status");
  target.replaceChildren(card);
  clearTimeout(timers.get(target));
  timers.set(target, window.setTimeout(() => card.remove(), TOAST_DURATION_MS));
}

export function clearToast(region: Element | null) {
  region?.replaceChildren();
}
