// The event registration dialog (SPEC sections 2 Events, 4, 5, 8), used by /events and /events/{id}.
// This is its markup; the islands script drives it (./islands.ts). It works in three ways:
// - a shared link /events?register={id}: the server renders the page with the dialog open;
// - no JavaScript: a plain form post; success redirects back with a toast, a refusal renders the
//   page again with the dialog open, what was typed and the errors;
// - JavaScript: Register Now opens the dialog without a page load, the form posts to
//   /api/registrations, the browser's own checks give instant messages in our words, and success
//   closes the dialog.
import { useForm } from "@conform-to/react";
import { formConstraints } from "~/lib/form-constraints";
import { BOT_CHECK_FORM } from "~/lib/bot-check";
import { formErrorOf, type FormAnswer } from "~/lib/form-answer";
import { REGISTRATION_FIELD_MESSAGES as MESSAGES_OF, REGISTRATION_MESSAGES, registrationSchema } from "~/features/events/registration-form";
import { registration } from "./islands";
import { useIsland } from "~/components/use-island";
import type { PublicEvent } from "~/features/events/public-event";
import type { RegistrationView } from "~/features/events/registration-view";
import { DialogFrame } from "../../components/dialog";
import { buttonClass, FormAlert, Honeypot, ProblemSummary, problemsOf, SubmitButton, TextField } from "../../components/form-fields";
import { CheckIcon } from "../../components/icons";
import { ToastTemplates } from "../../components/toaster";
import { EVENTS_MESSAGES } from "./event-messages";
import { LinkAgainEntry } from "./registration-link-form";
import { RegistrationSummary } from "./registration-summary";
import { WaitingListNotice } from "./waiting-list-notice";
import { TOAST_REGION_CLASS } from "~/lib/toast";

export type RegistrationTarget = Pick<PublicEvent, "id" | "name" | "whenText" | "location" | "asksQuestions"> &
  Partial<Pick<PublicEvent, "joinsWaitingList" | "payOnline" | "sendsSms">> & { fee?: number | null };

/** Whether the event's places are taken and its waiting list open: registering joins the list. */
function joinsWaitingList(event: RegistrationTarget): boolean {
  return event.joinsWaitingList === true;
}

/** The dialog's button: what pressing it does. */
function submitLabel(event: RegistrationTarget): string {
  return REGISTRATION_MESSAGES.submit(joinsWaitingList(event));
}

/** The dialog's line under its title: a full event's waiting list, when and where, and the fee with how to pay it. */
function registrationDescription(event: RegistrationTarget): string {
  const place = [joinsWaitingList(event) ? REGISTRATION_MESSAGES.fullJoinsWaitingList : null, [event.whenText, event.location].filter(Boolean).join(" · ")]
    .filter(Boolean)
    .join(" ");
  return event.fee ? `${place}${place ? ". " : ""}${EVENTS_MESSAGES.fee(event.fee)}. ${EVENTS_MESSAGES.feeHow(event.payOnline === true)}` : place;
}

/**
 * What ?register= in a page's URL asks for: the event whose dialog opens, or why none opens (the
 * event is unknown, hidden or closed).
 */
export function registrationRequest(
  events: readonly Pick<PublicEvent, "id" | "registrationOpen">[],
  search: string,
): { eventId: number | null; notice: string | null } {
  const param = new URLSearchParams(search).get("register");
  if (param === null) return { eventId: null, notice: null };
  const event = /^[1-9][0-9]{0,9}$/.test(param) ? events.find((e) => e.id === Number(param)) : undefined;
  if (event?.registrationOpen) return { eventId: event.id, notice: null };
  return { eventId: null, notice: event ? REGISTRATION_MESSAGES.closed : REGISTRATION_MESSAGES.eventNotFound };
}

/** The part of a page the registration island drives: its Register Now links and the dialog. */
export function RegistrationArea({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div {...useIsland(registration)} className={className}>
      {children}
    </div>
  );
}

/**
 * Where a shared link ?register={id} goes instead of the dialog: the registration page of an event
 * that asks registration questions (the dialog cannot ask them), or null.
 */
export function questionsPageFor(events: readonly Pick<PublicEvent, "id" | "registrationOpen" | "asksQuestions">[], search: string): string | null {
  const { eventId } = registrationRequest(events, search);
  const event = events.find((e) => e.id === eventId);
  return event?.asksQuestions ? `/events/${event.id}/register` : null;
}

/** A Register Now link: a real link to ?register={id} (works without JavaScript); with JavaScript it
 *  opens the dialog in place. */
export function RegisterNowLink({
  href,
  event,
  className,
}: {
  href: string;
  event: RegistrationTarget;
  className?: string;
}) {
  // An event with registration questions registers on a page of its own (./event-register-form.tsx).
  if (event.asksQuestions) {
    return (
      <a href={`/events/${event.id}/register`} className={className ?? buttonClass.primary}>
        {EVENTS_MESSAGES.registerNow}
        <span className="sr-only">: {event.name}</span>
      </a>
    );
  }
  return (
    <a
      href={href}
      aria-haspopup="dialog"
      data-register-id={event.id}
      data-register-title={`Register for ${event.name}`}
      data-register-description={registrationDescription(event)}
      data-register-submit={submitLabel(event)}
      className={className ?? buttonClass.primary}
    >
      {EVENTS_MESSAGES.registerNow}
      <span className="sr-only">: {event.name}</span>
    </a>
  );
}

/** Where 'Registration Complete' appears once the visitor has registered for `eventId`. */
export function RegistrationCompleteSlot({ eventId, className }: { eventId: number; className?: string }) {
  return <div data-registration-complete-slot={eventId} className={className} />;
}

/**
 * The 'Registration Complete' confirmation: shown once the dialog has closed after a success (the
 * island fills in the summary from the answer), and on the registration's private page.
 */
export function RegistrationComplete({ view }: { view: RegistrationView | null }) {
  return (
    <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
      <div className="flex gap-3">
        <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
        <div>
          <p className="font-semibold">{REGISTRATION_MESSAGES.complete.title}</p>
          <p className="text-sm">{REGISTRATION_MESSAGES.complete.description}</p>
        </div>
      </div>
      <div className="mt-3 rounded-md bg-white p-3">
        <RegistrationSummary view={view} />
      </div>
    </div>
  );
}

type RegistrationDialogProps = {
  /** The event the dialog is for: open, or the one it shows until Register Now picks another. */
  event: RegistrationTarget;
  open: boolean;
  /** The route whose action receives a plain post (the current page). */
  action: string;
  /** The page without ?register: where Close and Cancel go without JavaScript. */
  closeHref: string;
  /** A plain post's refusal, rendered by the server. */
  refused?: FormAnswer | null;
};

const constraint = formConstraints(registrationSchema);

/** The event a refused registration was for (what its hidden field said). */
export function refusedEventId(refused: FormAnswer | null | undefined): string | undefined {
  const value = refused?.result.initialValue?.event_id;
  return typeof value === "string" ? value : undefined;
}

export function RegistrationDialog({ event, open, action, closeHref, refused }: RegistrationDialogProps) {
  const shown = refused && refusedEventId(refused) === String(event.id) ? refused : null;
  const [form, fields] = useForm({ id: "registration", lastResult: shown?.result, constraint });
  // A refusal not about one of the fields (the event closed meanwhile, too many tries) shows in the form.
  const formError = shown ? (formErrorOf(shown.result) ?? shown.toast?.description) : undefined;
  const fieldError = Object.keys(MESSAGES_OF).some((name) => shown?.result.error?.[name]?.length);
  const formMessage = formError && !fieldError ? `${REGISTRATION_MESSAGES.failedTitle}: ${formError}` : null;
  return (
    <>
      {/* Without JavaScript the dialog is open but not modal: dim the page behind it ourselves. */}
      {open ? <div data-dialog-scrim="" aria-hidden="true" className="fixed inset-0 z-40 bg-stone-950/60" /> : null}
      <DialogFrame
        data-registration-dialog=""
        data-success-title={REGISTRATION_MESSAGES.success.title}
        data-success-description={REGISTRATION_MESSAGES.success.description}
        data-failed-title={REGISTRATION_MESSAGES.failedTitle}
        data-failed-message={REGISTRATION_MESSAGES.fallback}
        data-no-answer={REGISTRATION_MESSAGES.noAnswer}
        open={open}
        closeHref={closeHref}
        title={`Register for ${event.name}`}
        description={registrationDescription(event)}
      >
        <form id={form.id} method="post" action={action} data-endpoint="/api/registrations" className="relative" {...BOT_CHECK_FORM}>
          <Honeypot />
          <input type="hidden" name="event_id" value={event.id} />
          {/* The island fills in a random id per attempt, so a retry after a lost reply is recognised. */}
          <input type="hidden" name="request_id" value="" />
          <fieldset className="space-y-4">
            <legend className="sr-only">Your details</legend>
            {/* Opened by the page itself (a shared link, or a plain post refused: no JavaScript needed), the
                focus starts in the dialog, on what to correct or on Full Name, not on the page hidden behind it. */}
            <div data-form-alert="">
              <FormAlert message={formMessage} focusOnLoad={open} />
              {/* A plain post refused (no JavaScript): what to correct is said first, each a link to its field. */}
              <ProblemSummary lead={REGISTRATION_MESSAGES.notRegisteredYet} problems={problemsOf(shown?.result, (name) => fields[name as keyof typeof fields]?.id)} focusOnLoad={open} />
            </div>
            <TextField field={fields.full_name} label="Full Name" autoComplete="name" autoCapitalize="words" messages={MESSAGES_OF.full_name} autoFocus={open && !formMessage && !fieldError} />
            <TextField
              field={fields.phone_number}
              label="Phone Number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              title="A phone number with at least 7 digits"
              placeholder="e.g. +265 991 234 567"
              hint={event.sendsSms ? REGISTRATION_MESSAGES.phoneHint : REGISTRATION_MESSAGES.phoneHintWithoutSms}
              messages={MESSAGES_OF.phone_number}
            />
            <TextField
              field={fields.email}
              label={
                <>
                  Email <span className="font-normal text-stone-600">(optional)</span>
                </>
              }
              type="email"
              inputMode="email"
              autoComplete="email"
              hint={REGISTRATION_MESSAGES.emailHint}
              messages={MESSAGES_OF.email}
            />
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <a href={closeHref} data-dialog-close="" className={buttonClass.secondary}>
                Cancel
              </a>
              <SubmitButton pending={false} pendingLabel="Registering...">
                {submitLabel(event)}
              </SubmitButton>
            </div>
            {/* The island points it at the event the dialog is opened for. */}
            <p className="text-sm">
              <LinkAgainEntry eventId={event.id} island />
            </p>
          </fieldset>
        </form>
        {/* The failure toast lives inside the dialog: the page's toaster sits under a modal's backdrop. */}
        <div className={TOAST_REGION_CLASS}>
          <div data-dialog-toast="" role="alert" className="w-full max-w-sm" />
        </div>
      </DialogFrame>
      <template data-registration-complete="">
        <RegistrationComplete view={null} />
      </template>
      {/* A registration that lands on the waiting list is headed for what it is (the island picks this one). */}
      <template data-registration-waitlisted="">
        <WaitingListNotice view={null} place={null} news={event.sendsSms ? "sms" : "email"} />
      </template>
      <ToastTemplates />
    </>
  );
}
