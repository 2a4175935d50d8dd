// /events/{id}/register: registering for an event that asks registration questions (issue 25,
// part 2). A page of its own rather than the dialog, which /events shares between its events: a plain
// form rendered on the server, with no script, posting to its own page. A refusal renders it again
// with what was typed and the server's message by each field.
import { buttonClass, FormAlert, Honeypot, PlainField } from "~/components/form-fields";
import { BOT_CHECK_FORM } from "~/lib/bot-check";
import type { FormAnswer } from "~/lib/form-answer";
import { formErrorOf } from "~/lib/form-answer";
import type { AssociationChoice, EventQuestion } from "./event-questions";
import { fieldStateOf, QuestionInputs } from "./question-inputs";
import { EVENTS_MESSAGES } from "./event-messages";
import { EventPageFrame } from "./event-page-frame";
import { REGISTRATION_MESSAGES } from "./registration-form";
import { LinkAgainEntry } from "./registration-link-form";

type Props = {
  event: { id: number; name: string; whenText: string | null; location: string | null; registrationOpen: boolean; registrationNote: string | null; joinsWaitingList: boolean; fee: number | null; payOnline: boolean };
  questions: readonly EventQuestion[];
  associations: readonly AssociationChoice[];
  refused: FormAnswer | null;
};

export function EventRegisterForm({ event, questions, associations, refused }: Props) {
  const state = fieldStateOf(refused?.result);
  const formError = refused ? (formErrorOf(refused.result) ?? null) : null;
  const anyFieldError = Object.entries(refused?.result.error ?? {}).some(([name, messages]) => name !== "" && messages?.length);
  return (
    <EventPageFrame event={event} title={`Register for ${event.name}`}>
      <p className="mt-1 text-stone-700">{[event.whenText, event.location].filter(Boolean).join(" · ")}</p>
      {event.registrationNote ? <p className="mt-1 text-sm font-medium text-stone-800">{event.registrationNote}</p> : null}
      {event.fee ? <p className="mt-1 text-sm font-medium text-stone-800">{EVENTS_MESSAGES.fee(event.fee)}. {EVENTS_MESSAGES.feeHow(event.payOnline)}</p> : null}
      {event.registrationOpen ? (
        <form method="post" className="relative mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6" {...BOT_CHECK_FORM}>
          <Honeypot />
          <input type="hidden" name="event_id" value={event.id} />
          <FormAlert focusOnLoad message={formError ? `${REGISTRATION_MESSAGES.failedTitle}: ${formError}` : anyFieldError ? "Please check the answers marked below." : null} />
          <PlainField name="full_name" label="Full Name" state={state} autoComplete="name" autoCapitalize="words" required />
          <PlainField name="phone_number" label="Phone Number" state={state} type="tel" inputMode="tel" autoComplete="tel" required placeholder="e.g. +265 991 234 567" />
          <PlainField
            name="email"
            label={
              <>
                Email <span className="font-normal text-stone-600">(optional)</span>
              </>
            }
            state={state}
            type="email"
            inputMode="email"
            autoComplete="email"
            hint={REGISTRATION_MESSAGES.emailHint}
          />
          <QuestionInputs questions={questions} associations={associations} state={state} />
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            {REGISTRATION_MESSAGES.submit(event.joinsWaitingList)}
          </button>
        </form>
      ) : (
        <p role="status" className="mt-6 rounded-md border border-gold-300 bg-gold-100 px-3 py-2 text-sm text-stone-900">
          {REGISTRATION_MESSAGES.closed}
        </p>
      )}
      {event.registrationOpen ? (
        <p className="mt-6 text-sm text-stone-700">
          Registering several men from your church or association?{" "}
          <a href={`/events/${event.id}/group`} className="font-semibold text-brand-700 underline">
            Register a group
          </a>
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        <LinkAgainEntry eventId={event.id} />
      </p>
    </EventPageFrame>
  );
}
