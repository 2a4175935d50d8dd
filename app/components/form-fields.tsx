// Shared form pieces: a labelled field with its error, the honeypot, and a submit button that
// says what it is doing. Every public and admin form is built from these.
import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FIELD_ERROR_CLASS, FORM_ALERT_CLASS } from "~/lib/form-styles";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { SpinnerIcon } from "./icons";

export const inputClass =
  "block w-full rounded-md border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:cursor-not-allowed disabled:bg-stone-100 aria-[invalid=true]:border-red-600 sm:text-sm";

type FieldShellProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
};

function FieldShell({ label, error, hint, children, className }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  wrapperClassName?: string;
};

export function TextField({ label, error, hint, wrapperClassName, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={`${inputClass} ${className ?? ""}`}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  wrapperClassName?: string;
};

export function TextAreaField({ label, error, hint, wrapperClassName, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={`${inputClass} ${className ?? ""}`}
          {...textarea}
        />
      )}
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
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className={FORM_ALERT_CLASS}>
      {message}
    </div>
  );
}
