// Shared pieces of the five admin forms: the page frame, switches, selects, the action buttons and
// the hook that validates in the browser with the same zod schema the action uses.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import type { z } from "zod";
import { fieldNames, validateValues, type FieldErrors, type FormValues } from "~/lib/forms";
import type { Toast } from "~/lib/toast";
import { buttonClass, inputClass, SubmitButton } from "../form-fields";
import { ArrowLeftIcon } from "../icons";
import { showToast } from "../toaster";

export function AdminFormPage({ title, backTo = "/admin", children }: { title: string; backTo?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <Link to={backTo} className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-700 hover:text-brand-800">
        <ArrowLeftIcon className="size-4" />
        Back
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">{title}</h1>
      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}

/** A label with the red asterisk of a required field (the asterisk is decoration: `required` says it). */
export function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="text-red-700">
        {" *"}
      </span>
    </>
  );
}

export function SwitchField({
  name,
  label,
  hint,
  defaultChecked,
  checked,
  onCheckedChange,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked?: boolean;
  /** Set with onCheckedChange when the form reacts to the switch (e.g. the slug's auto-generate). */
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-stone-200 p-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={name}
        defaultChecked={checked === undefined ? defaultChecked : undefined}
        checked={checked}
        onChange={onCheckedChange ? (event) => onCheckedChange(event.currentTarget.checked) : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5"
      />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

export function SelectField({
  label,
  name,
  options,
  defaultValue,
  error,
  required,
  emptyOption,
  onChange,
  value,
}: {
  label: ReactNode;
  name: string;
  options: SelectOption[];
  defaultValue?: string;
  value?: string;
  error?: string;
  required?: boolean;
  /** A first option meaning none, e.g. 'No Category' or 'Select a position'. */
  emptyOption?: string;
  onChange?: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        required={required}
        defaultValue={value === undefined ? defaultValue : undefined}
        value={value}
        onChange={(event) => onChange?.(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      >
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormActions({
  cancelTo = "/admin",
  submitLabel,
  pendingLabel,
  pending,
  disabled,
}: {
  cancelTo?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-5 sm:flex-row sm:justify-end">
      <Link to={cancelTo} className={buttonClass.secondary}>
        Cancel
      </Link>
      <SubmitButton pending={pending} pendingLabel={pendingLabel} disabled={disabled} name="intent" value="save">
        {submitLabel}
      </SubmitButton>
    </div>
  );
}

type ActionResult = { ok: false; errors: FieldErrors; values: FormValues; toast?: Toast } | undefined | null;

/**
 * Validates in the browser on submit with the action's own schema (instant messages, nothing
 * sent), shows the action's errors and toast when the server refuses, and says when it is saving.
 */
export function useAdminForm(
  schema: z.ZodObject,
  actionData: ActionResult,
  /** The toast for a refused form, fixed or worded from the errors; by default the first error. */
  invalidToast?: Toast | ((errors: FieldErrors) => Toast),
) {
  const navigation = useNavigation();
  const [errors, setErrors] = useState<FieldErrors>(actionData?.errors ?? {});
  const [lastActionData, setLastActionData] = useState(actionData);
  if (actionData !== lastActionData) {
    setLastActionData(actionData);
    setErrors(actionData?.errors ?? {});
  }

  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter && submitter.value !== "save") return;
    const formData = new FormData(event.currentTarget);
    const values: FormValues = {};
    for (const name of fieldNames(schema)) {
      const value = formData.get(name);
      values[name] = typeof value === "string" ? value : "";
    }
    const result = validateValues(schema, values);
    if (result.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(result.errors);
    showToast(
      (typeof invalidToast === "function" ? invalidToast(result.errors) : invalidToast) ?? {
        title: "Error",
        description: Object.values(result.errors)[0] ?? "Please check the form.",
        variant: "destructive",
      },
    );
    const first = Object.keys(result.errors)[0];
    const field = first ? event.currentTarget.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  const pending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  /** What the fields start from after a refused save (the values typed), else the record. */
  const values = actionData?.values;
  return { errors, onSubmit, pending, values };
}

/** Shown while an existing record loads for its edit form (SPEC section 4: a skeleton loader). */
export function FormSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8" aria-busy="true" aria-label="Loading">
      <div className="h-4 w-16 animate-pulse rounded bg-stone-200" />
      <div className="mt-4 h-7 w-56 animate-pulse rounded bg-stone-200" />
      <div className="mt-6 space-y-5 rounded-xl border border-stone-200 bg-white p-6">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <div className="h-4 w-28 animate-pulse rounded bg-stone-200" />
            <div className="h-10 w-full animate-pulse rounded bg-stone-100" />
          </div>
        ))}
        <div className="aspect-video w-full animate-pulse rounded-lg bg-stone-100" />
      </div>
    </div>
  );
}
