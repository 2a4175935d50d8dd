// What the public forms' islands share: the browser's checks in our words, the messages beside the
// fields (drawn like app/components/form-fields.tsx draws them), the submitting state, and the post
// to the form's JSON endpoint (workers/api).
import { FIELD_ERROR_CLASS, FORM_ALERT_CLASS } from "~/lib/form-styles";
import type { FieldErrors, PublicFormResult } from "~/lib/forms-types";
import { checkFields, type FieldMessages } from "~/lib/native-validation";

type Field = HTMLInputElement | HTMLTextAreaElement;

function fieldNamed(form: HTMLFormElement, name: string): Field | null {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field : null;
}

function setDescribedBy(field: Field, id: string, on: boolean) {
  const ids = new Set((field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  if (on) ids.add(id);
  else ids.delete(id);
  if (ids.size) field.setAttribute("aria-describedby", [...ids].join(" "));
  else field.removeAttribute("aria-describedby");
}

/** Shows each field's message (or clears it) for the fields in `messages`. */
export function showFieldErrors(form: HTMLFormElement, messages: FieldMessages, errors: FieldErrors) {
  for (const name of Object.keys(messages)) {
    const field = fieldNamed(form, name);
    if (!field) continue;
    const errorId = `${field.id}-error`;
    let note = document.getElementById(errorId);
    const error = errors[name];
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

/** Moves focus to the first field with an error, or else to the submit button. */
export function focusFirstError(form: HTMLFormElement, messages: FieldMessages, errors: FieldErrors) {
  const name = Object.keys(messages).find((field) => errors[field]);
  const target = (name ? fieldNamed(form, name) : null) ?? form.querySelector<HTMLElement>('[type="submit"]');
  target?.focus();
}

/**
 * The browser's own checks, in our words: shows the messages and focuses the first. True when the
 * form may be sent.
 */
export function checkForm(form: HTMLFormElement, messages: FieldMessages): boolean {
  const errors = checkFields(form, messages);
  showFieldErrors(form, messages, errors);
  if (Object.keys(errors).length === 0) return true;
  focusFirstError(form, messages, errors);
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

function isResult(value: unknown): value is PublicFormResult {
  return typeof value === "object" && value !== null && typeof (value as PublicFormResult).ok === "boolean";
}

/**
 * Sends the form to its JSON endpoint (`data-endpoint`), with `fields` replacing the form's own
 * values of those names, and returns the answer, or null when there was none to read (the
 * connection dropped, or a server error page came back).
 */
export async function postForm(form: HTMLFormElement, fields: Record<string, string> = {}): Promise<PublicFormResult | null> {
  const body = new FormData(form);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  setPending(form, true);
  try {
    const response = await fetch(form.dataset.endpoint ?? form.action, {
      method: "POST",
      body: new URLSearchParams(body as unknown as Record<string, string>),
      headers: { Accept: "application/json" },
    });
    const answer: unknown = await response.json();
    return isResult(answer) ? answer : null;
  } catch {
    return null;
  } finally {
    setPending(form, false);
  }
}
