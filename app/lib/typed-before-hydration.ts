// What staff type before the page's script has loaded is kept (decision 036). On a slow phone a form
// is on screen, and typed in, seconds before React hydrates it; hydrating then puts back what the
// server rendered: a controlled field (a post's Title, which fills the slug) returns to its state,
// and React writes a textarea's server text over its value. So the client entry notes every field
// that differs from what the server sent just before hydrating, and the root puts each back once
// hydrated, through the events a person's typing fires, so React's state and the form follow it.
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { field: Field; value: string } | { field: HTMLInputElement; checked: boolean };

let typed: Typed[] = [];

function typedIn(field: Field): Typed | null {
  if (field instanceof HTMLInputElement) {
    if (["hidden", "file", "submit", "button", "reset", "image"].includes(field.type)) return null;
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked ? { field, checked: field.checked } : null;
  }
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected) ? { field, value: field.value } : null;
  }
  return field.value !== field.defaultValue ? { field, value: field.value } : null;
}

/** Notes what was typed into the page's forms before hydration (call just before hydrateRoot). */
export function noteTypedBeforeHydration(root: ParentNode): void {
  const fields = [...root.querySelectorAll("form input, form textarea, form select")] as Field[];
  typed = fields.flatMap((field) => typedIn(field) ?? []);
}

/**
 * Sets a field's value as typing does, so React's onChange runs (a controlled field's state learns
 * it) even when the value on screen is already the typed one: React compares with the value it
 * last saw on the element, so it is first shown another (within this task: nothing is painted),
 * then the typed value is set past React, and the input event fired.
 */
function setAsTyped(field: Field, value: string) {
  field.value = value === "" ? " " : "";
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/** Puts back each field typed in before hydration, and tells React of it (once, after hydrating). */
export function restoreTypedBeforeHydration(): void {
  for (const entry of typed) {
    if (!entry.field.isConnected) continue;
    if ("checked" in entry) {
      if (entry.field.checked !== entry.checked) entry.field.click();
    } else {
      setAsTyped(entry.field, entry.value);
    }
  }
  typed = [];
}
