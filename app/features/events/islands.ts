// The events feature's island (its public module for the islands script, app/islands/main.ts):
// event registration in a dialog (SPEC sections 2 Events, 4, 5, 8) on /events and /events/{id},
// without React. The server renders the links, the dialog and its form (open already for a shared
// link ?register={id} or a refused plain post); this island:
// - opens the dialog in place from Register Now (the link's data says which event), as a modal;
// - checks the form with the browser's own checks in the words the page gives each field, then
//   posts it to /api/registrations: the form is
//   'submitting' (button 'Registering...', fields disabled), then done;
// - on success closes the dialog, shows the toast and 'Registration Complete' on the event, with
//   what the answer says to keep (the code, the private link, 'Send to my WhatsApp'), and the
//   event's places note as it now stands ('11 places left');
// - sends a random request_id with each attempt, kept until it succeeds: a retry after a reply lost
//   on a slow connection gets the first answer again, not 'already registered';
// - on a refusal or a lost connection keeps the dialog open with what was typed, the message beside
//   the fields or in the form, and the 'Registration failed' toast inside the dialog;
// - drops ?register from the address when the dialog closes, so a reload does not reopen it;
// - keeps a registration made in this tab (sessionStorage): a reload or Back and Forward shows its
//   note again (without JavaScript the post leads to the private page, whose address keeps it).
import { fromTemplate } from "~/islands/dom";
import { checkForm, focusFirstError, hasFieldError, noAnswerMessage, postForm, showFieldErrors, showFormAlert } from "~/islands/form";
import type { Island } from "~/islands/island";
import type { RegistrationAnswer, RegistrationView } from "./registration-view";
import { linkAgainPath } from "./registration-rules";
import { clearToast, showToast } from "~/islands/toast";
import { focusablePageHeading } from "~/lib/page-heading";

/** A random id for one registration attempt (kept across retries of the same attempt). */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Fills a 'Registration Complete' note's slots (app/features/events/registration-summary.tsx). */
function fillSummary(note: Element, view: RegistrationView) {
  const value = (key: string) => (view as Record<string, unknown>)[key];
  for (const slot of note.querySelectorAll<HTMLElement>("[data-slot]")) slot.textContent = String(value(slot.dataset.slot!) ?? "");
  for (const row of note.querySelectorAll<HTMLElement>("[data-slot-row]")) row.hidden = !value(row.dataset.slotRow!);
  for (const link of note.querySelectorAll<HTMLAnchorElement>("[data-slot-href]")) {
    const href = value(link.dataset.slotHref!);
    if (typeof href === "string") link.href = href;
    link.hidden = typeof href !== "string";
  }
}

/** A registration made in this tab, kept there (not on the server, not past the tab): a reload, or Back and Forward, shows its note again. */
const SHOWN = "registered-for:";

function keepShown(id: string, view: RegistrationView | undefined) {
  try {
    sessionStorage.setItem(SHOWN + id, JSON.stringify(view ?? null));
  } catch {
    // Storage off (private mode on some phones): the note lasts as long as the page.
  }
}

function shownBefore(id: string): { view: RegistrationView | undefined } | null {
  try {
    const kept = sessionStorage.getItem(SHOWN + id);
    return kept === null ? null : { view: (JSON.parse(kept) as RegistrationView | null) ?? undefined };
  } catch {
    return null;
  }
}

function dropRegisterParam() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("register")) return;
  url.searchParams.delete("register");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

export const registration: Island = {
  name: "registration",
  attach(root) {
    const dialog = root.querySelector<HTMLDialogElement>("dialog[data-registration-dialog]");
    const form = dialog?.querySelector("form");
    if (!dialog || !form) return;
    const title = dialog.querySelector<HTMLElement>("[data-dialog-title]")!;
    const description = dialog.querySelector<HTMLElement>("[data-dialog-description]");
    const toastRegion = dialog.querySelector("[data-dialog-toast]");
    // The event the dialog is for. Kept here, not in the form's hidden field: when React renders
    // the page it sets that field back to what it rendered on every update.
    let eventId = (form.elements.namedItem("event_id") as HTMLInputElement | null)?.value ?? "";
    let returnFocusTo: HTMLElement | null = null;
    let requestId = newRequestId();
    // The toasts' words: the page renders them from the form's module (app/features/events/registration-form.ts).
    const { successTitle = "", successDescription, failedTitle = "", failedMessage = "", noAnswer = "" } = dialog.dataset;
    form.noValidate = true;

    function clearMessages() {
      showFieldErrors(form!, {});
      showFormAlert(form!, null);
      clearToast(toastRegion);
    }

    // What was typed stays when the same event's dialog is opened again (closed by mistake, or by
    // the phone's Back): only a registration made, or another event, starts it afresh.
    let typedFor: string | null = null;

    function open(link: HTMLElement) {
      const { registerId = "", registerTitle = "", registerDescription = "", registerSubmit } = link.dataset;
      if (typedFor !== registerId) form!.reset();
      typedFor = registerId;
      clearMessages();
      eventId = registerId;
      const linkAgain = form!.querySelector<HTMLAnchorElement>("a[data-link-again]");
      if (linkAgain) linkAgain.href = linkAgainPath(Number(registerId));
      title.textContent = registerTitle;
      // "Register", or "Join the waiting list" for a full event.
      const submitLabel = form!.querySelector("[data-submit-idle]");
      if (submitLabel && registerSubmit) submitLabel.textContent = registerSubmit;
      if (description) {
        description.textContent = registerDescription;
        description.hidden = !registerDescription;
        if (registerDescription) dialog!.setAttribute("aria-describedby", description.id);
        else dialog!.removeAttribute("aria-describedby");
      }
      returnFocusTo = link;
      dialog!.showModal();
      // Its own entry in the history, as the page without JavaScript has (?register=): the phone's
      // Back closes the dialog instead of leaving the page.
      const url = new URL(window.location.href);
      url.searchParams.set("register", registerId);
      window.history.pushState({ registerDialog: registerId }, "", `${url.pathname}${url.search}${url.hash}`);
    }

    /** Shows the note (code, private link) in each of the event's slots; answers the first one shown on the page. */
    function markRegistered(id: string, view: RegistrationView | undefined): HTMLElement | null {
      // Not 'Registration Complete' for a place on the waiting list (issue 25, part 5).
      const which = view?.status === "waitlisted" ? "data-registration-waitlisted" : "data-registration-complete";
      const template = root.querySelector<HTMLTemplateElement>(`template[${which}]`);
      let shown: HTMLElement | null = null;
      for (const slot of root.querySelectorAll<HTMLElement>(`[data-registration-complete-slot="${CSS.escape(id)}"]`)) {
        const note = fromTemplate(template);
        if (!note) continue;
        if (view) fillSummary(note, view);
        else note.querySelector("[data-registration-summary]")?.remove();
        slot.replaceChildren(note);
        if (!shown && note instanceof HTMLElement && slot.offsetParent !== null) shown = note;
      }
      return shown;
    }

    async function submit(event: SubmitEvent) {
      event.preventDefault();
      showFormAlert(form!, null);
      clearToast(toastRegion);
      if (!checkForm(form!)) return;
      const registeredFor = eventId;
      const answer = await postForm(form!, { event_id: registeredFor, request_id: requestId });
      if (answer?.ok) {
        requestId = newRequestId();
        typedFor = null;
        const { registration, placesNote } = answer.answer as RegistrationAnswer;
        const note = markRegistered(registeredFor, registration);
        keepShown(registeredFor, registration);
        // "11 places left" on the page behind counts him now, as the server does.
        for (const places of root.querySelectorAll<HTMLElement>(`[data-registration-note="${CSS.escape(registeredFor)}"]`)) {
          if (placesNote) places.textContent = placesNote;
        }
        // Focus goes to the note (his code and link), not back to Register Now below it: a keyboard
        // or screen-reader user meets what he came for first.
        if (note) {
          note.tabIndex = -1;
          returnFocusTo = note;
        }
        dialog!.close();
        // The server's toast says which: a place, or a place on the waiting list.
        showToast((answer.answer as RegistrationAnswer).toast ?? { title: successTitle, description: successDescription });
        return;
      }
      const errors = answer?.errors ?? {};
      // No answer while the phone says it is online: the post may have landed (the retry keeps its attempt id).
      const message = answer?.message || noAnswerMessage(`${failedMessage} ${noAnswer}`);
      showFieldErrors(form!, errors);
      if (!hasFieldError(form!, errors)) showFormAlert(form!, `${failedTitle}: ${message}`);
      showToast({ title: failedTitle, description: message, variant: "destructive" }, toastRegion);
      focusFirstError(form!, errors);
    }

    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLElement>("[data-register-id]");
      if (link && root.contains(link)) {
        event.preventDefault();
        open(link);
        return;
      }
      if (target?.closest("[data-dialog-close]") && dialog!.contains(target)) {
        event.preventDefault();
        dialog!.close();
        return;
      }
      // A click on the backdrop (outside the dialog's box) closes it.
      if (target === dialog) dialog!.close();
    }

    function onClose() {
      // Reopening the server-rendered dialog as a modal (close, then showModal) queues a close
      // event that arrives once it is open again: that is not the visitor closing it.
      if (dialog!.open) return;
      clearToast(toastRegion);
      // Opened here: leave its history entry (Back was not pressed: ×, Escape, a registration made).
      if ((window.history.state as { registerDialog?: string } | null)?.registerDialog) window.history.back();
      else dropRegisterParam();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    }

    // Registered in this tab before a reload (or Back and Forward): the note again, with its code and link.
    for (const slot of root.querySelectorAll<HTMLElement>("[data-registration-complete-slot]")) {
      const id = slot.dataset.registrationCompleteSlot!;
      const shown = shownBefore(id);
      if (shown && !slot.hasChildNodes()) markRegistered(id, shown.view);
    }

    const listening = new AbortController();
    const { signal } = listening;
    root.addEventListener("click", onClick, { signal });
    dialog.addEventListener("close", onClose, { signal });
    form.addEventListener("submit", submit, { signal });
    // The phone's Back while it is open: close it, and stay on the page.
    window.addEventListener("popstate", () => dialog.open && dialog.close(), { signal });

    // Opened by the server (a shared link, or a refused plain post): make it modal, and drop the
    // dimming the page carried for visitors without JavaScript.
    root.querySelector<HTMLElement>("[data-dialog-scrim]")?.setAttribute("hidden", "");
    if (dialog.open) {
      // Closed, focus goes where it would had Register Now opened it (else to the page's heading),
      // not to the page's start: the next Tab must not skip past the whole event.
      returnFocusTo = root.querySelector<HTMLElement>(`[data-register-id="${CSS.escape(eventId)}"]`) ?? focusablePageHeading();
      dialog.close();
      dialog.showModal();
    }

    return () => listening.abort();
  },
};
