// Form validation shared by the browser (instant messages) and the server (the real check): one
// zod schema per form, read from plain string values.
import { z } from "zod";

import type { FieldErrors, FormValues } from "./forms-types";

export type { FieldErrors, FormValues, PublicFormResult } from "./forms-types";

export type Validation<T> =
  | { success: true; data: T; values: FormValues }
  | { success: false; errors: FieldErrors; values: FormValues };

/** The string value of each named field (the first one if repeated; files and missing fields read as ""). */
export function readFields(formData: FormData, names: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The first message for each field that failed. */
export function firstErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function validateValues<S extends z.ZodType>(schema: S, values: FormValues): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success
    ? { success: true, data: result.data, values }
    : { success: false, errors: firstErrors(result.error), values };
}

/** Field names of an object schema, for readFields. */
export function fieldNames(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

// Small building blocks so every schema words its checks the same way.
export const requiredText = (message: string, max = 200) =>
  z.string().trim().min(1, message).max(max, `Please keep this under ${max} characters`);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .transform((value) => (value === "" ? null : value));

export const emailAddress = (message = "Please enter a valid email address") =>
  z.string().trim().toLowerCase().max(254, "Please enter a shorter email address").pipe(z.email(message));

export const optionalEmail = (message = "Please enter a valid email address") =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Please enter a shorter email address")
    .pipe(z.union([z.literal(""), z.email(message)]))
    .transform((value) => (value === "" ? null : value));

export { HONEYPOT_FIELD } from "./honeypot";

/** A checkbox or switch: present and "on" means true; missing (unchecked) means false. */
export const checkbox = () => z.string().transform((value) => value === "on" || value === "true" || value === "1");

/** A whole number typed into a text or number field. */
export const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .regex(/^-?\d{1,9}$/, message)
    .transform((value) => Number(value));

/** An optional id from a select; "" means none. */
export const optionalId = () =>
  z
    .string()
    .trim()
    .regex(/^(\d{1,9})?$/, "Please choose from the list")
    .transform((value) => (value === "" ? null : Number(value)));
