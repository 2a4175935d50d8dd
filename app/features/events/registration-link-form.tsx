// /events/{id}/my-link's page body ("Get my link again", ./registration-link.ts): the phone field
// and Send my link, or once sent, that the link is on its way and whom to call when nothing comes.
// A plain form rendered on the server, with no script; a refusal renders it again with what was
// typed and the message under the field.
import { buttonClass, FormAlert, Honeypot, PlainField, ProblemSummary, problemsOf } from "~/components/form-fields";
import { BOT_CHECK_FORM } from "~/lib/bot-check";
import { telHref } from "~/lib/app-links";
import { type FormAnswer, formErrorOf } from "~/lib/form-answer";
import { fieldStateOf } from "./question-inputs";
import { EventPageFrame } from "./event-page-frame";
import { LINK_AGAIN_MESSAGES, type LinkChannels } from "./registration-link";
import { linkAgainPath } from "./registration-rules";

type Props = {
  event: { id: number; name: string };
  channels: LinkChannels;
  sent: boolean;
  /** The events team's phone (the contact settings). */
  teamPhone: string;
  refused: FormAnswer | null;
};

/** "… Call the events team on +265 …." with the number a tap away. */
function CallTheTeam({ words, phone }: { words: string; phone: string }) {
  return (
    <>
      {words}{" "}
      <a href={telHref(phone)} className="font-semibold whitespace-nowrap underline">
        {phone}
      </a>
      .
    </>
  );
}

export function LinkAgainForm({ event, channels, sent, teamPhone, refused }: Props) {
  const state = fieldStateOf(refused?.result);
  const formError = refused ? (formErrorOf(refused.result) ?? null) : null;
  return (
    <EventPageFrame event={event} title={LINK_AGAIN_MESSAGES.title}>
      <p className="mt-1 font-medium text-stone-800">{event.name}</p>
      {sent ? (
        <div role="status" className="mt-6 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
          <h2 className="font-semibold">{LINK_AGAIN_MESSAGES.sentTitle}</h2>
          <p className="mt-1 text-sm">{LINK_AGAIN_MESSAGES.sent[channels]}</p>
          <p className="mt-2 text-sm">
            <CallTheTeam words={LINK_AGAIN_MESSAGES.askTeam} phone={teamPhone} />
          </p>
        </div>
      ) : (
        <form method="post" className="relative mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6" {...BOT_CHECK_FORM}>
          <Honeypot />
          <p className="text-sm text-stone-700">{LINK_AGAIN_MESSAGES.intro[channels]}</p>
          <FormAlert focusOnLoad message={formError} />
          <ProblemSummary focusOnLoad lead={LINK_AGAIN_MESSAGES.notSentYet} problems={problemsOf(refused?.result, (name) => name)} />
          <PlainField name="phone_number" label="Phone Number" state={state} type="tel" inputMode="tel" autoComplete="tel" required placeholder="e.g. +265 991 234 567" />
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            {LINK_AGAIN_MESSAGES.submit}
          </button>
          <p className="text-sm text-stone-700">
            <CallTheTeam words={LINK_AGAIN_MESSAGES.otherwise} phone={teamPhone} />
          </p>
        </form>
      )}
    </EventPageFrame>
  );
}

/**
 * "Already registered? Get your private link again", beside a registration form. `island`: the
 * dialog's, which the events island points at the event the dialog is opened for.
 */
export function LinkAgainEntry({ eventId, className = "", island = false }: { eventId: number; className?: string; island?: boolean }) {
  return (
    <a href={linkAgainPath(eventId)} {...(island ? { "data-link-again": "" } : {})} className={`font-semibold text-brand-700 underline hover:text-brand-900 ${className}`}>
      {LINK_AGAIN_MESSAGES.entry}
    </a>
  );
}
