// A form that asks first (the private page's 'Cancel my registration'): without JavaScript the
// form posts at once (it sits inside a <details> the person had to open); with it, submitting opens
// the page's <dialog data-confirm-dialog> and the form is sent only after 'Yes'.
import type { Island } from "./island";

export const confirmSubmit: Island = {
  name: "confirm-submit",
  attach(root) {
    const form = root.querySelector("form");
    const dialog = root.querySelector<HTMLDialogElement>("dialog[data-confirm-dialog]");
    if (!form || !dialog) return;
    let confirmed = false;
    let opener: HTMLElement | null = null;

    function onSubmit(event: SubmitEvent) {
      if (confirmed) return;
      event.preventDefault();
      opener = event.submitter instanceof HTMLElement ? event.submitter : null;
      dialog!.showModal();
    }

    function onDialogClick(event: MouseEvent) {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("[data-confirm-yes]")) {
        confirmed = true;
        dialog!.close();
        form!.requestSubmit();
      } else if (target?.closest("[data-confirm-no]") || target === dialog) {
        dialog!.close();
      }
    }

    function onClose() {
      if (!confirmed && opener?.isConnected) opener.focus();
    }

    const listening = new AbortController();
    const { signal } = listening;
    form.addEventListener("submit", onSubmit, { signal });
    dialog.addEventListener("click", onDialogClick, { signal });
    dialog.addEventListener("close", onClose, { signal });
    return () => listening.abort();
  },
};
