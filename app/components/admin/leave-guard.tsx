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
import { buttonClass } from "~/components/form-fields";
import { showToast } from "~/components/toaster";

export const LEAVE_QUESTION = "You have changes that are not saved. Leave this page and lose them?";
export const CLOSE_QUESTION = "You have changes that are not saved. Close this form and lose them?";
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

/**
 * The form last sent, as it was sent: on a weak signal (the phone says online) its request can fail,
 * and the router's error page takes the form's place; "Send my changes again" sends this. Forgotten
 * once the router is idle on a page again (the save answered, or another page opened).
 */
type Sent = { action: string; data: FormData };
let lastSent: Sent | null = null;

function sentFrom(form: HTMLFormElement, submitter: HTMLElement | null): Sent | null {
  const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
  try {
    const url = new URL(button?.hasAttribute("formaction") ? button.formAction : form.action, location.href);
    return { action: url.pathname + url.search, data: new FormData(form, button) };
  } catch {
    // A submitter the browser will not read the form with: nothing to send again.
    return null;
  }
}

/** The form an event happened in, when it is one the guard watches. */
function watchedForm(target: EventTarget | null): HTMLFormElement | null {
  const form = target instanceof Element ? target.closest("form") : null;
  return form?.getAttribute("method")?.toLowerCase() === "post" && !form.hasAttribute(OPT_OUT) ? form : null;
}

function isUnsaved(form: HTMLFormElement): boolean {
  return watchedForm(form) !== null && (changed.has(form) || form.querySelector(SHOWS_ERRORS) !== null);
}

function hasUnsavedForm(): boolean {
  return [...document.forms].some(isUnsaved);
}

/**
 * For a dialog's `mayClose` (the desk's edit form): closing it loses its forms as leaving the page
 * would, so with changes not saved it asks first. True when it may close.
 */
export function mayCloseUnsaved(dialog: HTMLDialogElement): boolean {
  const unsaved = [...dialog.querySelectorAll("form")].filter(isUnsaved);
  if (unsaved.length === 0) return true;
  if (!window.confirm(CLOSE_QUESTION)) return false;
  for (const form of unsaved) changed.delete(form);
  return true;
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
  else {
    changed.delete(form);
    lastSent = sentFrom(form, event.submitter);
  }
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
  // Idle on a page (this guard is not on the error page): what was sent got its answer.
  useEffect(() => {
    if (navigation.state === "idle") lastSent = null;
  }, [navigation.state]);
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

/** A request that never got an answer (no signal, a dropped connection), not one the server refused. */
function isConnectionFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** Whether `error` is a save's request that got no answer, with what was sent still here to send again. */
export function canSendAgain(error: unknown): boolean {
  return lastSent !== null && isConnectionFailure(error);
}

/**
 * Sends what was sent again as a plain form does (the whole page comes back), not through the
 * router: whatever the answer (saved, or refused because the first send had reached the server
 * after all), the page that comes back is drawn whole, with the form and what was typed.
 */
function postAsPage(sent: Sent) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = sent.action;
  form.enctype = "multipart/form-data";
  form.hidden = true;
  form.setAttribute(OPT_OUT, "");
  for (const [name, value] of sent.data) {
    const input = document.createElement("input");
    input.name = name;
    if (typeof value === "string") {
      input.type = "hidden";
      input.value = value;
    } else {
      input.type = "file";
      const files = new DataTransfer();
      if (value.name) files.items.add(value);
      input.files = files.files;
    }
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * The error page of a save whose request failed on a weak signal (canSendAgain): what was typed is
 * not lost, it is sent again from here (the page's form is gone).
 */
export function SendAgain() {
  const sent = lastSent;
  if (!sent) return null;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-16">
      <title>No answer | Admin</title>
      {/* Not "not sent": the save may have reached the server and only its answer been lost. */}
      <h1 className="text-2xl font-bold text-stone-900">No answer from the site</h1>
      <p className="mt-3 text-stone-700">
        The connection failed, so your changes may not have been saved. What you typed is kept here until you leave this page: when you have a signal, send it
        again. If they were saved already, you will be told so; nothing is saved twice.
      </p>
      <p className="mt-6">
        <button type="button" className={buttonClass.primary} onClick={() => postAsPage(sent)}>
          Send my changes again
        </button>
      </p>
    </div>
  );
}
