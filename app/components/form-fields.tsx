// Shared form pieces, every public and admin form built from them: a labelled field bound to its
// conform field (name, id, constraints from the form's zod schema, what was typed, its error), the
// honeypot, and a submit button that says what it is doing.
import { inputProps } from "~/lib/form-constraints";
import { getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import type { FieldMessages } from "~/lib/schema-fields";
import { FIELD_ERROR_CLASS, FORM_ALERT_CLASS } from "~/lib/form-styles";
import { HONEYPOT_FIELD } from "~/lib/bot-check";
import { firstErrors } from "~/lib/form-answer";
import { SpinnerIcon } from "./icons";

export const inputClass =
  "block w-full rounded-md border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:cursor-not-allowed disabled:bg-stone-100 aria-[invalid=true]:border-red-600 sm:text-sm";

/** The messages a public form's island shows for the browser's own checks, read from the field. */
function messageAttributes(messages: FieldMessages | undefined) {
  return messages ? { "data-message-required": messages.required, "data-message-invalid": messages.invalid } : {};
}

type ShellProps = {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  /** A message the schema cannot give (a date the picker could not read); else the field's own. */
  error?: string;
  className?: string;
  children: ReactNode;
};

function FieldShell({ field, label, hint, error, className, children }: ShellProps) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="mt-1.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The error shown beside a field: the first the form has for it, unless `override` says otherwise
 * (a message of its own, or null for none: a form that shows one message for all its fields).
 */
export function fieldError(field: FieldMetadata<unknown>, override?: string | null): string | undefined {
  return override === undefined ? field.errors?.[0] : (override ?? undefined);
}

/** aria-describedby for a field's hint and error, as conform words it plus the hint. */
function describedBy(field: FieldMetadata<unknown>, hint: ReactNode, error: string | undefined) {
  return [hint ? field.descriptionId : null, error ? field.errorId : null].filter(Boolean).join(" ") || undefined;
}

type TextFieldProps<S> = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "form"> & {
  field: FieldMetadata<S>;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  messages?: FieldMessages;
  wrapperClassName?: string;
};

export function TextField<S>({ field, label, hint, error, messages, wrapperClassName, className, type = "text", ...input }: TextFieldProps<S>) {
  const meta = field as FieldMetadata<unknown>;
  const shown = fieldError(meta, error);
  const { key, ...props } = inputProps(meta, { type: type as "text" });
  // A controlled field (value and onChange) starts from its own state, not from the form's.
  if (input.value !== undefined) delete props.defaultValue;
  return (
    <FieldShell field={meta} label={label} hint={hint} error={shown} className={wrapperClassName}>
      <input
        key={key}
        {...props}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(meta, hint, shown)}
        {...messageAttributes(messages)}
        className={`${inputClass} ${className ?? ""}`}
        {...input}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps<S> = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "form"> & {
  field: FieldMetadata<S>;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  messages?: FieldMessages;
  wrapperClassName?: string;
};

export function TextAreaField<S>({ field, label, hint, error, messages, wrapperClassName, className, ...textarea }: TextAreaFieldProps<S>) {
  const meta = field as FieldMetadata<unknown>;
  const shown = fieldError(meta, error);
  const { key, ...props } = getTextareaProps(meta);
  return (
    <FieldShell field={meta} label={label} hint={hint} error={shown} className={wrapperClassName}>
      <textarea
        key={key}
        {...props}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(meta, hint, shown)}
        {...messageAttributes(messages)}
        className={`${inputClass} ${className ?? ""}`}
        {...textarea}
      />
    </FieldShell>
  );
}

/** Invisible to people (and to assistive technology); bots that fill every field give themselves away. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60",
  gold: "inline-flex items-center justify-center gap-2 rounded-md bg-gold-400 px-5 py-2.5 text-sm font-semibold text-brand-950 shadow-sm hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-60",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60",
} as const;

/**
 * A submit button that says what it is doing while `pending`. Both labels are in the markup, so an
 * island can switch them without React (app/islands/form.ts).
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  variant = "primary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  variant?: keyof typeof buttonClass;
}) {
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={`${buttonClass[variant]} ${className}`} {...props}>
      <span data-submit-idle="" hidden={pending} className="contents">
        {children}
      </span>
      <span data-submit-pending="" hidden={!pending} className="contents">
        <SpinnerIcon className="size-4" />
        {pendingLabel}
      </span>
    </button>
  );
}

/** The red alert box for a form-level error. */
/**
 * On a page without scripts (`scriptFreePage`), a refused form's alert takes the focus as the page
 * loads (the browser's own `autofocus`): the reader starts at what to correct, not at the top of
 * the page behind the header's links. Pages with React move the focus themselves.
 */
const FOCUS_ON_LOAD = { tabIndex: -1, autoFocus: true } as const;

export function FormAlert({ message, focusOnLoad = false }: { message?: string | null; focusOnLoad?: boolean }) {
  if (!message) return null;
  return (
    // Marked for the admin's leave guard (components/admin/leave-guard.tsx): a refused form is not saved.
    <div role="alert" data-form-error="" className={FORM_ALERT_CLASS} {...(focusOnLoad ? FOCUS_ON_LOAD : {})}>
      {message}
    </div>
  );
}

/** One thing to correct, and where its field is (`#id`), when the page can link to it. */
export type Problem = { key: string; message: string; href?: string };

/**
 * A refused form's problems: each field's first message, a link to the element `idOf` names for
 * it (none when it names none). The whole form's message ("") is the FormAlert's, not listed.
 */
export function problemsOf(result: SubmissionResult<string[]> | undefined, idOf: (name: string) => string | undefined): Problem[] {
  return Object.entries(firstErrors(result)).flatMap(([name, message]) => {
    if (!name) return [];
    const id = idOf(name);
    return [{ key: name, message, ...(id ? { href: `#${id}` } : {}) }];
  });
}

/**
 * The red alert box above a refused form that lists what to correct, each a link to its field
 * where it has one: a long form posted without JavaScript opens at its top, and the field may
 * sit far below. The first `limit` are listed, then how many more are marked beside their fields.
 */
export function ProblemSummary({ lead, problems, limit = Infinity, focusOnLoad = false }: { lead: string; problems: readonly Problem[]; limit?: number; focusOnLoad?: boolean }) {
  if (!problems.length) return null;
  const more = problems.length - limit;
  return (
    <div role="alert" className={FORM_ALERT_CLASS} {...(focusOnLoad ? FOCUS_ON_LOAD : {})}>
      <p className="font-semibold">{lead}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {problems.slice(0, limit).map((problem) => (
          <li key={problem.key}>
            {problem.href ? (
              <a href={problem.href} className="underline">
                {problem.message}
              </a>
            ) : (
              problem.message
            )}
          </li>
        ))}
        {more > 0 ? <li>and {more} more, marked below</li> : null}
      </ul>
    </div>
  );
}

/** What a plain form knows of each field after a refused post: the value typed, and its error. */
export type FieldState = { value: (name: string) => string; error: (name: string) => string | undefined };

/**
 * A labelled input outside conform (a plain server-rendered form): its value and error come from
 * `state`, its hint and error are tied to it for screen readers.
 */
export function PlainField({
  name,
  label,
  state,
  id = name,
  hint,
  ...input
}: { name: string; label: ReactNode; state: FieldState; id?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const error = state.error(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input id={id} name={name} defaultValue={state.value(name)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled group of radio buttons outside conform (a plain server-rendered form): one choice
 * checked, its error under the choices and tied to the group for screen readers.
 */
export function PlainChoices({
  name,
  legend,
  choices,
  checked,
  error,
  id = name,
}: {
  name: string;
  legend: ReactNode;
  choices: readonly { value: string; label: ReactNode }[];
  checked: string | undefined;
  error: string | undefined;
  id?: string;
}) {
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-stone-900">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {choices.map((choice) => (
          <label key={choice.value} className="inline-flex items-center gap-2 py-1 text-sm text-stone-800">
            <input type="radio" name={name} value={choice.value} defaultChecked={checked === choice.value} className="size-5 shrink-0" />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
