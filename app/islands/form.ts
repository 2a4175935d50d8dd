// What the public forms' islands share: the browser's own checks in our words, the messages beside
// the fields (drawn like app/components/form-fields.tsx draws them), the submitting state, and the
// post to the form's JSON endpoint (workers/api). The words come from the page: each checked field
// carries its messages (data-message-required, data-message-invalid), rendered by the server from
// the form's module, so the islands hold no copy of any form's rules.
import type { FormAnswer } from "~/lib/form-answer";
import { FIELD_ERROR_CLASS, FORM_ALERT_CLASS } from "~/lib/form-styles";

type Field = HTMLInputElement | HTMLTextAreaElement;
export type FieldErrors = Record<string, string>;

/** The fields whose checks the island runs: those that carry their messages. */
function checkedFields(form: HTMLFormElement): Field[] {
  return [...form.querySelectorAll<Field>("input[data-message-required], input[data-message-invalid], textarea[data-message-required]")];
}

/** The browser's constraint checks (required, type=email, pattern), in our words. */
function checkFields(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of checkedFields(form)) {
    const { messageRequired, messageInvalid } = field.dataset;
    const blank = field.value.trim() === "";
    if (blank && field.required && messageRequired) errors[field.name] = messageRequired;
    else if (!blank && !field.validity.valid && messageInvalid) errors[field.name] = messageInvalid;
  }
  return errors;
}

function setDescribedBy(field: Field, id: string, on: boolean) {
  const ids = new Set((field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  if (on) ids.add(id);
  else ids.delete(id);
  if (ids.size) field.setAttribute("aria-describedby", [...ids].join(" "));
  else field.removeAttribute("aria-describedby");
}

/** Shows each checked field's message (or clears it). */
export function showFieldErrors(form: HTMLFormElement, errors: FieldErrors) {
  for (const field of checkedFields(form)) {
    const errorId = `${field.id}-error`;
    let note = document.getElementById(errorId);
    const error = errors[field.name];
    if (error) {
      if (!note) {
        note = document.createElement("p");
        note.id = errorId;
        note.className = FIELD_ERROR_CLASS;
        field.parentElement?.appendChild(note);
      }
      note.textContent = error;
      field.setAttribute("aria-invalid", "true");
    } else {
      note?.remove();
      field.removeAttribute("aria-invalid");
    }
    setDescribedBy(field, errorId, Boolean(error));
  }
}

/** Whether any of the errors is about one of the form's checked fields. */
export function hasFieldError(form: HTMLFormElement, errors: FieldErrors): boolean {
  return checkedFields(form).some((field) => errors[field.name]);
}

/** Moves focus to the first field with an error, or else to the submit button. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const target = checkedFields(form).find((field) => errors[field.name]) ?? form.querySelector<HTMLElement>('[type="submit"]');
  target?.focus();
}

/**
 * The browser's own checks, in our words: shows the messages and focuses the first. True when the
 * form may be sent.
 */
export function checkForm(form: HTMLFormElement): boolean {
  const errors = checkFields(form);
  showFieldErrors(form, errors);
  if (Object.keys(errors).length === 0) return true;
  focusFirstError(form, errors);
  return false;
}

/** The red box for a message about the whole form, in the form's `[data-form-alert]` place. */
export function showFormAlert(form: HTMLFormElement, message: string | null) {
  const place = form.querySelector("[data-form-alert]");
  if (!place) return;
  if (!message) {
    place.replaceChildren();
    return;
  }
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.className = FORM_ALERT_CLASS;
  alert.textContent = message;
  place.replaceChildren(alert);
}

/** While sending: the fields are disabled and the button says what it is doing (SubmitButton). */
export function setPending(form: HTMLFormElement, pending: boolean) {
  for (const fieldset of form.querySelectorAll("fieldset")) fieldset.disabled = pending;
  for (const button of form.querySelectorAll<HTMLButtonElement>('[type="submit"]')) {
    button.disabled = pending;
    button.setAttribute("aria-disabled", String(pending));
    button.querySelector<HTMLElement>("[data-submit-idle]")?.toggleAttribute("hidden", pending);
    button.querySelector<HTMLElement>("[data-submit-pending]")?.toggleAttribute("hidden", !pending);
  }
}

/**
 * The answer read as the form shows it: success, each field's first message, the message for the
 * whole form, and the answer itself (for what a form adds to it, such as a registration's next step).
 */
export type Reading = { ok: boolean; errors: FieldErrors; message: string | null; answer: FormAnswer };

function read(answer: unknown): Reading | null {
  if (typeof answer !== "object" || answer === null || typeof (answer as FormAnswer).result !== "object") return null;
  const { result, toast } = answer as FormAnswer;
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) if (messages?.[0]) errors[name] = messages[0];
  return { ok: result.status === "success", errors, message: errors[""] ?? toast?.description ?? null, answer: answer as FormAnswer };
}

/** Said when no answer came back and the phone knows it has no connection. */
export const OFFLINE_MESSAGE = "You are offline: nothing was sent. Try again when you have a connection.";

/** What to say when no answer came back: that the phone is offline, when it knows, else `fallback`. */
export function noAnswerMessage(fallback: string): string {
  return navigator.onLine === false ? OFFLINE_MESSAGE : fallback;
}

/**
 * Sends the form to its JSON endpoint (`data-endpoint`), with `fields` replacing the form's own
 * values of those names, and returns the answer, or null when there was none to read (the
 * connection dropped, or a server error page came back).
 */
export async function postForm(form: HTMLFormElement, fields: Record<string, string> = {}): Promise<Reading | null> {
  const body = new FormData(form);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  setPending(form, true);
  try {
    const response = await fetch(form.dataset.endpoint ?? form.action, {
      method: "POST",
      body: new URLSearchParams(body as unknown as Record<string, string>),
      headers: { Accept: "application/json" },
    });
    return read(await response.json());
  } catch {
    return null;
  } finally {
    setPending(form, false);
  }
}
