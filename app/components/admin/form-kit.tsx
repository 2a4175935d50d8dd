// Shared pieces of the admin forms: the page frame, switches, selects, the action buttons, and the
// hook that runs a form on conform: the form module's zod schema checks it in the browser (nothing
// is sent while something is wrong, and the toast says what), the action's refusal shows the same
// way, and the fields start from the record or from what was typed.
import { getFormProps, getSelectProps, useForm, type DefaultValue, type FieldMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { formConstraints, inputProps } from "~/lib/form-constraints";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { firstErrors, type FormAnswer } from "~/lib/form-answer";
import type { Toast } from "~/lib/toast";
import { buttonClass, fieldError, inputClass, SubmitButton } from "../form-fields";
import { showToast } from "../toaster";
import { BackLink } from "./back-link";

export function AdminFormPage({
  title,
  backTo = "/admin",
  beside,
  after,
  children,
}: {
  title: string;
  backTo?: string;
  /** Beside the heading (a post's Preview link). */
  beside?: ReactNode;
  /** Below the form's card (its History). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to={backTo}>Back</BackLink>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        {beside}
      </div>
      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">{children}</div>
      {after}
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

export function SwitchField<S>({
  field,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  field: FieldMetadata<S>;
  label: string;
  hint?: string;
  /** Set with onCheckedChange when the form reacts to the switch (e.g. the slug's auto-generate). */
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const meta = field as FieldMetadata<unknown>;
  const { key, ...props } = inputProps(meta, { type: "checkbox" });
  if (checked !== undefined) delete props.defaultChecked;
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-stone-200 p-3">
      {/* With large text a long word breaks rather than pushing the switch off the screen. */}
      <div className="min-w-0 break-words">
        <label htmlFor={meta.id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        {hint ? (
          <p id={meta.descriptionId} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
      <input
        key={key}
        {...props}
        role="switch"
        checked={checked}
        onChange={onCheckedChange ? (event) => onCheckedChange(event.currentTarget.checked) : undefined}
        aria-describedby={hint ? meta.descriptionId : undefined}
        className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5"
      />
    </div>
  );
}

export type RadioOption = { value: string; label: string; hint?: string };

/** A choice of a few options, each a labelled radio button (conform's field gives the chosen one). */
export function RadioGroupField<S>({ field, legend, options, className = "space-y-2" }: { field: FieldMetadata<S>; legend: ReactNode; options: RadioOption[]; className?: string }) {
  const meta = field as FieldMetadata<unknown>;
  const error = fieldError(meta);
  return (
    <fieldset aria-describedby={error ? meta.errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{legend}</legend>
      <div className={className}>
        {options.map(({ value, label, hint }) => {
          const { key, ...radio } = inputProps(meta, { type: "radio", value });
          return (
            <label key={value} className="flex items-start gap-3 rounded-lg border border-stone-200 p-3 text-sm">
              <input key={key} {...radio} id={radioId(meta, value)} className="mt-0.5 size-5 shrink-0" />
              <span className="min-w-0 break-words">
                <span className="block font-medium text-stone-900">{label}</span>
                {hint ? <span className="block text-stone-600">{hint}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={meta.errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The id of one option's radio button, for a label elsewhere that chooses it. */
export function radioId(field: FieldMetadata<unknown>, value: string): string {
  return `${field.id}-${value}`;
}

export type SelectOption = { value: string; label: string };

export function SelectField<S>({
  field,
  label,
  options,
  emptyOption,
  onChange,
  value,
}: {
  field: FieldMetadata<S>;
  label: ReactNode;
  options: SelectOption[];
  /** Set with onChange when the form reacts to the choice (the leadership form's region). */
  value?: string;
  /** A first option meaning none, e.g. 'No Category' or 'Select a position'. */
  emptyOption?: string;
  onChange?: (value: string) => void;
}) {
  const meta = field as FieldMetadata<unknown>;
  const error = fieldError(meta);
  const { key, ...props } = getSelectProps(meta);
  // Nothing chosen yet: the empty option ('No Category'), so the page says so before any script runs.
  if (value !== undefined) delete props.defaultValue;
  else props.defaultValue ??= "";
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        key={key}
        {...props}
        value={value}
        onChange={(event) => onChange?.(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? meta.errorId : undefined}
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
        <p id={meta.errorId} className="mt-1.5 text-sm font-medium text-red-700">
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
  intent = "save",
}: {
  cancelTo?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** What the submit button posts as `intent` (e.g. History's restore, for a form showing an earlier version). */
  intent?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-5 sm:flex-row sm:justify-end">
      <Link to={cancelTo} className={buttonClass.secondary}>
        Cancel
      </Link>
      <SubmitButton pending={pending} pendingLabel={pendingLabel} disabled={disabled} name="intent" value={intent}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}

/** The spec's toast for a refused admin form: 'Error' with the first thing that is wrong. */
export function errorToast(errors: Record<string, string>): Toast {
  return { title: "Error", description: errors[""] ?? Object.values(errors)[0] ?? "Please check the form.", variant: "destructive" };
}

/** Adds messages for fields whose typed value the browser could not read (a half-filled date picker posts ""). */
function withUnreadable<T extends Submission<unknown>>(submission: T, form: HTMLFormElement, unreadable: Record<string, string>): T {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(unreadable)) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.validity.badInput) fieldErrors[name] = [message];
  }
  if (Object.keys(fieldErrors).length === 0) return submission;
  return {
    ...submission,
    status: "error",
    error: { ...(submission.status === "error" ? submission.error : {}), ...fieldErrors },
    reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
      submission.reply({ ...options, fieldErrors: { ...fieldErrors, ...options?.fieldErrors } }),
  } as T;
}

type AdminFormOptions<S extends z.ZodObject> = {
  schema: S;
  /** The action's refusal, if the last save was refused. */
  actionData: FormAnswer | undefined;
  /** What the fields start from (the record being edited), as the form posts it. */
  defaultValue?: Partial<Record<keyof z.input<S>, unknown>>;
  /** The toast for a refused form (the leadership form has its own wording); default: errorToast. */
  invalidToast?: (errors: Record<string, string>) => Toast;
  /** Messages for fields whose value the browser may be unable to read (date and number pickers). */
  unreadable?: Record<string, string>;
};

export function useAdminForm<S extends z.ZodObject>({ schema, actionData, defaultValue, invalidToast = errorToast, unreadable = {} }: AdminFormOptions<S>) {
  const navigation = useNavigation();
  const latest = useRef<Submission<unknown> | null>(null);
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    lastResult: actionData?.result,
    constraint: formConstraints(schema),
    defaultValue: defaultValue as DefaultValue<z.input<S>>,
    shouldValidate: "onSubmit",
    onValidate({ form: element, formData }) {
      const submission = withUnreadable(parseWithZod(formData, { schema }), element, unreadable);
      latest.current = submission;
      return submission;
    },
  });

  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);

  const formProps = getFormProps(form);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    latest.current = null;
    formProps.onSubmit(event);
    const refused = latest.current as Submission<unknown> | null;
    if (event.defaultPrevented && refused?.status === "error") showToast(invalidToast(firstErrors(refused.reply())));
  }

  const pending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  // After a refused save, the picture the browser had already uploaded (the server keeps only ours).
  const postedImage = actionData?.result.initialValue?.image_url;
  const postedImageUrl = typeof postedImage === "string" && postedImage !== "" ? postedImage : undefined;
  return { form, fields, formProps: { ...formProps, onSubmit }, pending, postedImageUrl };
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

/**
 * A key for a form that stays on its page after a save (the save redirects to the same page): it
 * changes with each new location reached without a refusal, and holds while a refusal answers
 * (`refused`: the page's action answered, which it does only to refuse). A form keyed by it starts
 * afresh after a save, and keeps what was typed, with the errors, after a refusal.
 */
export function useFreshAfterSave(refused: boolean): string {
  const { key } = useLocation();
  const [formKey, setFormKey] = useState(key);
  if (!refused && formKey !== key) setFormKey(key);
  return formKey;
}
