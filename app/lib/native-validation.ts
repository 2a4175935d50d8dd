// Instant, in-our-words messages for the public forms without shipping zod to visitors' phones:
// the browser's own constraint checks (required, type=email, pattern, maxlength) read through a
// small map of messages. The action still validates everything with the form's zod schema.
import type { FieldErrors } from "./forms-types";

export type FieldMessages = Record<string, { required?: string; invalid?: string }>;

export function checkFields(form: HTMLFormElement, messages: FieldMessages): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(messages)) {
    const field = form.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    const blank = field.value.trim() === "";
    if (blank && field.required && message.required) errors[name] = message.required;
    else if (!blank && !field.validity.valid && message.invalid) errors[name] = message.invalid;
  }
  return errors;
}
