// Asks before an admin page with changes that are not saved is left (decision 039): staff type on
// phones, and Back, Cancel, the phone's back button, a reload or "View Website" used to drop what
// they typed without a word. A POST form counts as changed from its first edit until it is sent
// (each form of a page on its own: saving one settings section leaves another's changes counted),
// and a form showing errors counts as not saved, whether the browser's checks or the server's
// refusal put them there. A form whose changes are nothing to lose opts out with NO_LEAVE_WARNING.
// Not to be confused with app/features/accounts/unsaved-forms*.ts, which keeps a form sent after
// its session ended.
import { useEffect } from "react";
import { useBlocker } from "react-router";

export const LEAVE_QUESTION = "You have changes that are not saved. Leave this page and lose them?";

const OPT_OUT = "data-no-leave-warning";

/** On a POST form whose changes are nothing to lose (a preview tool, a one-tap button): leaving it never asks. */
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
  // Only a change of page loses the form: a form's own post (to its page) and a redirect are never stopped.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsavedForm());

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

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
