// /events/{id}/group: the leader's form (issue 25, part 4). Rendered on the server with no script: a
// leader, what happens if not all fit, and numbered lines (10, then "More lines" for 10 more, up to
// 30), each a man's name, optional phone and the event's questions. A refusal comes back with
// what was typed and each problem by its line.
import { buttonClass, FormAlert, Honeypot, PlainField, ProblemSummary, problemsOf } from "~/components/form-fields";
import { BOT_CHECK_FORM } from "~/lib/bot-check";
import { type FormAnswer, formErrorOf } from "~/lib/form-answer";
import type { AssociationChoice, EventQuestion } from "./event-questions";
import { GROUP_LIMITS, GROUP_MESSAGES, GROUP_MODE_CHOICES, type GroupMode, linesToShow } from "./group-form";
import { fieldStateOf, QuestionInputs } from "./question-inputs";
import { EVENTS_MESSAGES } from "./event-messages";
import { EventPageFrame } from "./event-page-frame";
import { REGISTRATION_MESSAGES } from "./registration-form";

type Props = {
  event: { id: number; name: string; whenText: string | null; location: string | null; registrationOpen: boolean; registrationNote: string | null; fee: number | null; payOnline: boolean; waitingList: boolean };
  questions: readonly EventQuestion[];
  associations: readonly AssociationChoice[];
  answer: (FormAnswer & { lines?: number }) | null;
};

const PROBLEMS_LISTED = 5;

/** The fields above the men's lines that a problem can link to (each is its element's id). */
const LINKED_FIELDS = new Set(["leader_name", "leader_phone", "leader_email", "mode", "names_checked"]);

/** What an event without a waiting list posts for the group: it registers only if all fit. */
const ALL_OR_NOTHING: GroupMode = "all-or-nothing";

/** Where a refused field stands: a man's line (`men[2].phone_number` → line-3), or a field above them. */
function problemAnchor(name: string): string | undefined {
  const line = /^men\[(\d+)\]/.exec(name);
  if (line) return `line-${Number(line[1]) + 1}`;
  return LINKED_FIELDS.has(name) ? name : undefined;
}

export function GroupRegisterForm({ event, questions, associations, answer }: Props) {
  const refused = answer && answer.result.status !== "success" ? answer : null;
  const state = fieldStateOf(refused?.result);
  const posted = (refused?.result.initialValue as { men?: unknown[] } | undefined)?.men?.length;
  const lines = answer?.lines ?? linesToShow(posted, false);
  const formError = refused ? formErrorOf(refused.result) : undefined;
  const problems = problemsOf(refused?.result, problemAnchor);
  const mode = state.value("mode");
  return (
    <EventPageFrame event={event} title={`Register a group for ${event.name}`} wide>
      <p className="mt-1 text-stone-700">{[event.whenText, event.location].filter(Boolean).join(" · ")}</p>
      {event.registrationNote ? <p className="mt-1 text-sm font-medium text-stone-800">{event.registrationNote}</p> : null}
      {event.fee ? <p className="mt-1 text-sm font-medium text-stone-800">{EVENTS_MESSAGES.fee(event.fee)} a man. {EVENTS_MESSAGES.groupFeeHow(event.payOnline)}</p> : null}
      {!event.registrationOpen ? (
        <p role="status" className="mt-6 rounded-md border border-gold-300 bg-gold-100 px-3 py-2 text-sm text-stone-900">
          {REGISTRATION_MESSAGES.closed}
        </p>
      ) : (
        // Its own address, without the "#line-…" that "More lines" opened the page at: a fragment
        // in the address posted to stays on through the redirect, and the group's page would open
        // scrolled down to it.
        <form method="post" action={`/events/${event.id}/group`} className="relative mt-6 space-y-6" {...BOT_CHECK_FORM}>
          <Honeypot />
          <input type="hidden" name="event_id" value={event.id} />
          <input type="hidden" name="lines" value={lines} />
          {/* The form's default button, first in it: the phone keyboard's Go (Enter) registers the
              group rather than pressing "More lines". Hidden: the visible one is at the end. */}
          <button type="submit" name="intent" value="register" tabIndex={-1} aria-hidden="true" className="sr-only">
            Register the group
          </button>
          {formError ? <FormAlert focusOnLoad message={formError} /> : (
            <ProblemSummary
              focusOnLoad
              lead={problems.length === 1 ? "Not registered yet. Please check this:" : `Not registered yet. Please check these ${problems.length} things:`}
              problems={problems}
              limit={PROBLEMS_LISTED}
            />
          )}
          <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
            <legend className="px-1 font-semibold text-stone-900">The group's leader</legend>
            <p className="text-sm text-stone-600">The church or association secretary who registers the group. His page lists every man's code. Coming too? Add yourself as one of the men below.</p>
            <PlainField name="leader_name" label="Leader's name" state={state} autoComplete="name" required />
            <PlainField name="leader_phone" label="Leader's phone" state={state} type="tel" inputMode="tel" autoComplete="tel" required />
            <PlainField
              name="leader_email"
              label={
                <>
                  Leader's email <span className="font-normal text-stone-600">(optional)</span>
                </>
              }
              state={state}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          </fieldset>
          <fieldset id="mode" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6" aria-describedby={state.error("mode") ? "mode-error" : undefined}>
            <legend className="px-1 font-semibold text-stone-900">If not everyone fits</legend>
            {event.waitingList ? (
              GROUP_MODE_CHOICES.map((choice) => (
                <label key={choice.value} className="flex items-start gap-3 rounded-lg border border-stone-200 p-3 text-sm">
                  <input type="radio" name="mode" value={choice.value} defaultChecked={mode === choice.value} required className="mt-0.5 size-5 shrink-0" />
                  <span>
                    <span className="block font-medium text-stone-900">{choice.label}</span>
                    <span className="block text-stone-600">{choice.hint}</span>
                  </span>
                </label>
              ))
            ) : (
              // Without a waiting list there is nothing to choose: the rest would have nowhere to wait.
              <>
                <input type="hidden" name="mode" value={ALL_OR_NOTHING} />
                <p className="text-sm text-stone-700">{GROUP_MESSAGES.noWaitingList}</p>
              </>
            )}
            {state.error("mode") ? (
              <p id="mode-error" className="text-sm font-medium text-red-700">
                {state.error("mode")}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="px-1 font-semibold text-stone-900">The men (up to {GROUP_LIMITS.men})</legend>
            <p className="text-sm text-stone-600">One man per line. A phone is optional; a man with a phone gets his own private page and messages. Empty lines are skipped.</p>
            <ol className="space-y-3">
              {Array.from({ length: lines }, (_, index) => {
                const prefix = `men[${index}].`;
                return (
                  <li key={index} id={`line-${index + 1}`} className="scroll-mt-20 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                    <fieldset className="space-y-3">
                      <legend className="font-semibold text-stone-900">Line {index + 1}</legend>
                      <PlainField name={`${prefix}full_name`} id={`men-${index}-name`} label={<>Name<span className="sr-only"> on line {index + 1}</span></>} state={state} autoCapitalize="words" />
                      <PlainField
                        name={`${prefix}phone_number`}
                        id={`men-${index}-phone`}
                        label={
                          <>
                            Phone <span className="font-normal text-stone-600">(optional)</span>
                            <span className="sr-only"> on line {index + 1}</span>
                          </>
                        }
                        state={state}
                        type="tel"
                        inputMode="tel"
                      />
                      <QuestionInputs questions={questions} associations={associations} state={state} prefix={prefix} idPrefix={`men-${index}-q`} labelSuffix={`on line ${index + 1}`} browserRequired={false} />
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            {lines < GROUP_LIMITS.men ? (
              // The page comes back at the first new line, not at its top.
              <button type="submit" name="intent" value="more-lines" formAction={`#line-${lines + 1}`} formNoValidate className={buttonClass.secondary}>
                More lines
              </button>
            ) : null}
          </fieldset>
          {state.error("names_checked") || state.value("names_checked") === "on" ? <NamesChecked error={state.error("names_checked")} /> : null}
          <button type="submit" name="intent" value="register" className={`${buttonClass.primary} w-full`}>
            Register the group
          </button>
        </form>
      )}
    </EventPageFrame>
  );
}

/** Shown once some men's names were found registered already (GROUP_MESSAGES.nameSeen): the leader says they are other men. */
function NamesChecked({ error }: { error: string | undefined }) {
  return (
    <div id="names_checked" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <label className="flex items-start gap-3 text-sm font-medium text-stone-900">
        <input type="checkbox" name="names_checked" value="on" defaultChecked={!error} aria-describedby={error ? "names_checked-error" : undefined} className="mt-0.5 size-5 shrink-0" />
        {GROUP_MESSAGES.namesCheckedLabel}
      </label>
      {error ? (
        <p id="names_checked-error" className="mt-2 text-sm text-stone-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
