// Asks before an admin page with changes that are not saved is left (decision 039): staff type on
// phones, and Back, Cancel, the phone's back button, a reload or "View Website" used to drop what
// they typed without a word. A POST form counts as changed from its first edit until it is sent
// (each form of a page on its own: saving one settings section leaves another's changes counted),
// and a form showing errors counts as not saved, whether the browser's checks or the server's
// refusal put them there. A form whose changes are nothing to lose opts out with NO_LEAVE_WARNING.
// While a save is on its way (a slow connection), leaving asks too: the page would stop waiting for
// it, and nobody would hear whether it was saved. A form sent with no connection at all is not sent:
// it stays as typed, and a toast says so (it used to give way to the error page, typing and all).
// Not to be confused with app/features/accounts/unsaved-forms*.ts, which keeps a form sent after
// its session ended.
import { useEffect, useRef } from "react";
import { useBlocker, useNavigation } from "react-router";
import { showToast } from "~/components/toaster";

export const LEAVE_QUESTION = "You have changes that are not saved. Leave this page and lose them?";
export const STILL_SAVING_QUESTION = "Your changes are still being saved. If you leave now, they may not be saved. Leave anyway?";
export const NOT_SENT_OFFLINE = {
  title: "No connection",
  description: "Your changes were not sent. What you typed is still here: press the button again when you have a signal.",
  variant: "destructive",
} as const;

const OPT_OUT = "data-no-leave-warning";

/**
 * On a POST form whose changes are nothing to lose (a preview tool, a one-tap button), or that sends
 * itself and keeps what got no answer (the door's taps): leaving it never asks, and with no
 * connection it is left to do its own work.
 */
export const NO_LEAVE_WARNING = { [OPT_OUT]: "" } as const;

/** conform's list buttons (add, remove, move) send the form to itself: they change it, they do not save it. */
const CONFORM_INTENT = "__intent__";

/** A field's error, or the whole form's (FormAlert): the form came back refused, so it is not saved. */
const SHOWS_ERRORS = '[aria-invalid="true"], [data-form-error]';

const changed = new WeakSet<HTMLFormElement>();

/** The form an event happened in, when it is one the guard watches. */
function watchedForm(target: EventTarget | null): HTMLFormElement | null {
  const form = target instanceof Element ? target.closest("form") : null;
  return form?.getAttribute("method")?.toLowerCase() === "post" && !form.hasAttribute(OPT_OUT) ? form : null;
}

function hasUnsavedForm(): boolean {
  return [...document.forms].some((form) => watchedForm(form) && (changed.has(form) || form.querySelector(SHOWS_ERRORS)));
}

function noteEdit(event: Event) {
  const form = watchedForm(event.target);
  if (form) changed.add(form);
}

function noteSubmit(event: SubmitEvent) {
  const form = watchedForm(event.target);
  if (!form) return;
  // No connection: not sent (the router would answer with its error page in place of the form).
  if (!navigator.onLine) {
    event.preventDefault();
    event.stopPropagation();
    showToast(NOT_SENT_OFFLINE);
    return;
  }
  if (event.submitter?.getAttribute("name") === CONFORM_INTENT) changed.add(form);
  else changed.delete(form);
}

function askBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedForm()) return;
  event.preventDefault();
  // Older browsers show their own question only when this is set; none shows our words here.
  event.returnValue = "";
}

/** Rendered once by the admin layout. */
export function LeaveGuard() {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formMethod === "POST";
  // For the blocker's question, which the router asks outside React's render.
  const saving = useRef(false);
  useEffect(() => {
    saving.current = isSaving;
  }, [isSaving]);
  // Only a change of page loses the form: a form's own post (to its page) and a redirect are never stopped.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && (saving.current || hasUnsavedForm()));

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(saving.current ? STILL_SAVING_QUESTION : LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!isSaving) return;
    // A reload or a closed tab while the save is on its way: the browser's own question.
    const stillSaving = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", stillSaving);
    return () => window.removeEventListener("beforeunload", stillSaving);
  }, [isSaving]);

  useEffect(() => {
    // Capturing, so a form's own handlers (conform's, React Router's) see the form already noted.
    window.addEventListener("input", noteEdit, true);
    window.addEventListener("change", noteEdit, true);
    window.addEventListener("submit", noteSubmit, true);
    window.addEventListener("beforeunload", askBeforeUnload);
    return () => {
      window.removeEventListener("input", noteEdit, true);
      window.removeEventListener("change", noteEdit, true);
      window.removeEventListener("submit", noteSubmit, true);
      window.removeEventListener("beforeunload", askBeforeUnload);
    };
  }, []);

  return null;
}
