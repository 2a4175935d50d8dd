// The event registration dialog (SPEC sections 2 Events, 4, 5, 8), used by /events and /events/{id}.
// It works in three ways:
// - a shared link /events?register={id}: the server renders the page with the dialog open;
// - no JavaScript: a plain form post; success redirects back with a toast, a refusal renders the
//   page again with the dialog open, what was typed and the errors;
// - JavaScript: Register Now opens the dialog without a page load, the form submits with a fetcher,
//   the browser's own checks give instant messages in our words, and success closes the dialog.
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import type { FieldErrors, PublicFormResult } from "~/lib/forms-types";
import { checkFields } from "~/lib/native-validation";
import { TOAST_DURATION_MS } from "~/lib/constants";
import {
  PHONE_PATTERN,
  REGISTRATION_FIELD_MESSAGES,
  REGISTRATION_LIMITS,
  REGISTRATION_MESSAGES,
} from "~/lib/rules/registration";
import type { PublicEvent } from "~/models/event.server";
import { Dialog } from "../dialog";
import { buttonClass, FormAlert, Honeypot, SubmitButton, TextField } from "../form-fields";
import { CheckIcon, CloseIcon } from "../icons";
import { showToast } from "../toaster";
import { EVENTS_MESSAGES } from "./messages";

export type RegistrationTarget = Pick<PublicEvent, "id" | "name" | "dateText" | "timeText" | "location">;

const VISIBLE_FIELDS = ["full_name", "phone_number", "email"] as const;

const noopSubscribe = () => () => {};
/** False on the server and while hydrating, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

/** For the routes' clientAction: a lost connection or a server error becomes the spec's fallback message. */
export async function withRegistrationFallback(serverAction: () => Promise<PublicFormResult>): Promise<PublicFormResult> {
  try {
    return await serverAction();
  } catch {
    return { ok: false, message: REGISTRATION_MESSAGES.fallback, errors: {}, values: {} };
  }
}

/** Whether the events pages should skip reloading their data: after a registration (nothing the
 *  page shows has changed) and when only the dialog's ?register parameter changed. */
export function isRegistrationOnlyChange({
  currentUrl,
  nextUrl,
  formMethod,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
}): boolean {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("register");
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl);
}

/**
 * What ?register= in a page's URL asks for: the event whose dialog opens, or why none opens (the
 * event is unknown, hidden or closed). Worked out from the URL and the page's events alike on the
 * server and in the browser, so a link followed inside the site opens the dialog without a reload.
 */
export function registrationRequest(
  events: readonly Pick<PublicEvent, "id" | "registrationEnabled">[],
  search: string,
): { eventId: number | null; notice: string | null } {
  const param = new URLSearchParams(search).get("register");
  if (param === null) return { eventId: null, notice: null };
  const event = /^[1-9][0-9]{0,9}$/.test(param) ? events.find((e) => e.id === Number(param)) : undefined;
  if (event?.registrationEnabled) return { eventId: event.id, notice: null };
  return { eventId: null, notice: event ? REGISTRATION_MESSAGES.closed : REGISTRATION_MESSAGES.eventNotFound };
}

/**
 * The dialog's state for a page: which event it is open for (from ?register= or a refused plain
 * post), and which events the visitor has just registered for (they show 'Registration Complete').
 */
export function useRegistrationDialog(requestedId: number | null, reopenId: number | null = null) {
  const [openId, setOpenId] = useState(reopenId ?? requestedId);
  const [completedIds, setCompletedIds] = useState<readonly number[]>([]);
  const location = useLocation();
  const navigate = useNavigate();
  // A later ?register= (a link followed within the site) opens its dialog too.
  const [lastRequestedId, setLastRequestedId] = useState(requestedId);
  if (requestedId !== lastRequestedId) {
    setLastRequestedId(requestedId);
    if (requestedId !== null) setOpenId(requestedId);
  }

  return {
    openId,
    open: (eventId: number) => setOpenId(eventId),
    /** Closes the dialog (Cancel, success); the dialog then reports `closed`. */
    close: () => setOpenId(null),
    /** For the dialog's onClose: every way of closing (Escape, Close, Cancel, success) ends here. */
    closed: () => {
      setOpenId(null);
      // A dialog opened by a shared link: drop ?register so a reload or Back does not reopen it.
      const params = new URLSearchParams(location.search);
      if (!params.has("register")) return;
      params.delete("register");
      const search = params.toString();
      void navigate(`${location.pathname}${search ? `?${search}` : ""}`, { replace: true, preventScrollReset: true });
    },
    completedIds,
    registered: (eventId: number) => {
      showToast(REGISTRATION_MESSAGES.success);
      setCompletedIds((ids) => (ids.includes(eventId) ? ids : [...ids, eventId]));
      setOpenId(null);
    },
  };
}

/** A Register Now link: a real link to ?register={id} (works without JavaScript); with JavaScript it
 *  opens the dialog in place. */
export function RegisterNowLink({
  href,
  onOpen,
  className,
  label = EVENTS_MESSAGES.registerNow,
  eventName,
}: {
  href: string;
  onOpen: () => void;
  className?: string;
  label?: string;
  eventName: string;
}) {
  return (
    <a
      href={href}
      aria-haspopup="dialog"
      className={className ?? buttonClass.primary}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {label}
      <span className="sr-only">: {eventName}</span>
    </a>
  );
}

/** The 'Registration Complete' confirmation shown once the dialog has closed after a success. */
export function RegistrationComplete() {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
      <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
      <div>
        <p className="font-semibold">{REGISTRATION_MESSAGES.complete.title}</p>
        <p className="text-sm">{REGISTRATION_MESSAGES.complete.description}</p>
      </div>
    </div>
  );
}

type RegistrationDialogProps = {
  /** The event the dialog is open for, or null when closed. */
  event: RegistrationTarget | null;
  /** The route whose action receives the form (the current page). */
  action: string;
  /** The page without ?register: where Close and Cancel go without JavaScript. */
  closeHref: string;
  /** Cancel was pressed. */
  onCancel: () => void;
  /** The dialog has closed, whatever closed it. */
  onClosed: () => void;
  onRegistered: (eventId: number) => void;
  /** A plain post's refusal, rendered by the server (JavaScript off). */
  refused?: PublicFormResult | null;
};

export function RegistrationDialog({ event, action, closeHref, onCancel, onClosed, onRegistered, refused }: RegistrationDialogProps) {
  const hydrated = useHydrated();
  const open = event !== null;
  const when = event?.dateText ? `${event.dateText}${event.timeText ? ` at ${event.timeText}` : ""}` : null;
  return (
    <>
      {/* Without JavaScript the dialog is open but not modal: dim the page behind it ourselves. */}
      {open && !hydrated ? <div aria-hidden="true" className="fixed inset-0 z-40 bg-stone-950/60" /> : null}
      <Dialog
        open={open}
        onClose={onClosed}
        closeHref={closeHref}
        title={event ? `Register for ${event.name}` : ""}
        description={[when, event?.location].filter(Boolean).join(" · ") || undefined}
      >
        {event ? (
          <RegistrationForm
            key={event.id}
            event={event}
            action={action}
            closeHref={closeHref}
            onCancel={onCancel}
            onRegistered={onRegistered}
            refused={refused?.values?.event_id === String(event.id) ? refused : null}
            hydrated={hydrated}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function RegistrationForm({
  event,
  action,
  closeHref,
  onCancel,
  onRegistered,
  refused,
  hydrated,
}: {
  event: RegistrationTarget;
  action: string;
  closeHref: string;
  onCancel: () => void;
  onRegistered: (eventId: number) => void;
  refused: PublicFormResult | null;
  hydrated: boolean;
}) {
  const fetcher = useFetcher<PublicFormResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [dismissedToast, setDismissedToast] = useState<PublicFormResult | null>(null);

  const submitting = fetcher.state === "submitting";
  const answer = submitting ? undefined : fetcher.data;
  const failure = answer && !answer.ok ? answer : null;
  const shown = failure ?? (refused && !refused.ok ? refused : null);
  const errors = clientErrors ?? shown?.errors ?? {};
  const values = shown?.values ?? {};
  const fieldError = VISIBLE_FIELDS.some((name) => errors[name]);
  const formMessage = shown && !clientErrors && !fieldError ? shown.message : null;

  const handleAnswer = useEffectEvent((result: PublicFormResult) => {
    if (result.ok) {
      onRegistered(event.id);
      return;
    }
    focusFirstError(formRef.current, result.errors);
  });
  const handled = useRef<PublicFormResult | null>(null);
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    handleAnswer(answer);
  }, [answer]);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setDismissedToast(failure), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  function handleSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    const form = submitEvent.currentTarget;
    const found = checkFields(form, REGISTRATION_FIELD_MESSAGES);
    if (Object.keys(found).length > 0) {
      submitEvent.preventDefault();
      setClientErrors(found);
      focusFirstError(form, found);
      return;
    }
    setClientErrors(null);
  }

  return (
    <fetcher.Form ref={formRef} method="post" action={action} noValidate={hydrated} onSubmit={handleSubmit} className="relative">
      <Honeypot />
      <input type="hidden" name="event_id" value={event.id} />
      <fieldset disabled={submitting} className="space-y-4">
        <legend className="sr-only">Your details</legend>
        {formMessage ? (
          <FormAlert
            message={`${REGISTRATION_MESSAGES.failedTitle}: ${formMessage}`}
          />
        ) : null}
        <TextField
          label="Full Name"
          name="full_name"
          autoComplete="name"
          autoCapitalize="words"
          required
          maxLength={REGISTRATION_LIMITS.fullName}
          defaultValue={values.full_name}
          error={errors.full_name}
        />
        <TextField
          label="Phone Number"
          name="phone_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={REGISTRATION_LIMITS.phoneNumber}
          pattern={PHONE_PATTERN}
          title="A phone number with at least 7 digits"
          placeholder="e.g. +265 991 234 567"
          defaultValue={values.phone_number}
          error={errors.phone_number}
        />
        <TextField
          label={
            <>
              Email <span className="font-normal text-stone-600">(optional)</span>
            </>
          }
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={REGISTRATION_LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
          hint={REGISTRATION_MESSAGES.emailHint}
        />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <a
            href={closeHref}
            onClick={(clickEvent) => {
              clickEvent.preventDefault();
              onCancel();
            }}
            className={buttonClass.secondary}
          >
            Cancel
          </a>
          <SubmitButton pending={submitting} pendingLabel="Registering...">
            Register
          </SubmitButton>
        </div>
      </fieldset>
      {failure && dismissedToast !== failure ? (
        <DialogToast
          title={REGISTRATION_MESSAGES.failedTitle}
          description={failure.message || REGISTRATION_MESSAGES.fallback}
          onDismiss={() => setDismissedToast(failure)}
        />
      ) : null}
    </fetcher.Form>
  );
}

function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  const name = VISIBLE_FIELDS.find((field) => errors[field]);
  const target = name ? form?.elements.namedItem(name) : form?.querySelector<HTMLElement>('[type="submit"]');
  if (target instanceof HTMLElement) target.focus();
}

/**
 * The failure toast, drawn inside the dialog: the page's own toaster sits under a modal dialog's
 * backdrop, so a message for an open dialog must live in the dialog's top layer. It looks and
 * times out like the site's toasts.
 */
function DialogToast({ title, description, onDismiss }: { title: string; description: string; onDismiss: () => void }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end">
      <div
        role="alert"
        data-testid="toast"
        className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border border-red-700 bg-red-700 p-4 text-white shadow-lg"
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm text-red-50">{description}</p>
        </div>
        <button type="button" onClick={onDismiss} className="-m-1 rounded p-1 opacity-80 hover:opacity-100" aria-label="Dismiss notification">
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
