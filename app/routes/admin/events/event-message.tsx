// /admin/events/{id}/message: a message to the event's registrants by status (issue 24), by SMS,
// e-mail or both. Preview first (who gets it, the SMS's length, segments and cost), then Send; the
// past messages' progress below. Plain forms: it works without JavaScript (the counter under the
// text box then shows after Preview). No phone number is ever shown here.
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AUDIENCE_CHOICES, CHANNEL_CHOICES, eventMessageSms, PREVIEW_NOTES, sendLabel, SENT_ALREADY, sentToText, SMS_CONTENT_NOTE } from "~/features/messaging";
import { eventMessageAction, eventMessageLoader } from "~/features/messaging/index.server";
import { buttonClass, FormAlert, PlainChoices } from "~/components/form-fields";
import { adminContext } from "~/features/accounts";
import { BackLink } from "~/components/admin/back-link";
import { SMS_SEGMENT_LENGTH, smsCount } from "~/lib/gsm7";
import { formatInSiteZone } from "~/lib/time";
import { OUTBOX_EXPIRY_DAYS } from "~/lib/constants";
import { parseId } from "~/server/admin-actions.server";
import { formatKwacha } from "~/lib/money";
import type { Route } from "./+types/event-message";

// A send refused because someone sent it first reads the page again: Sent lists theirs.
export { readAgainAfterConflict as shouldRevalidate } from "~/lib/form-answer";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Message registrants: ${loaderData?.event.name ?? "Event"} | Admin` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The outbox is Administrators' (app/features/accounts/roles.ts): only they get its link.
  return { ...(await eventMessageLoader(request, parseId(params.id))), seesOutbox: context.get(adminContext).role === "admin" };
}

export function action(args: Route.ActionArgs) {
  return eventMessageAction(args, parseId(args.params.id));
}

const legendClass = "text-sm font-semibold text-stone-900";
const choiceClass = "flex items-center gap-2 py-1 text-sm text-stone-800";

/** What is left of one SMS, or how far past it the text runs (each further SMS costs as much again). */
function roomWords(characters: number): string {
  const room = SMS_SEGMENT_LENGTH - characters;
  return room >= 0 ? ` (${room} more ${room === 1 ? "character fits" : "characters fit"} in one SMS)` : ` (${-room} too many for one SMS)`;
}

/** "1 person", "12 people". */
const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

export default function EventMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, messages, change, seesOutbox, smsFrame } = loaderData;
  // A refused post (unreadable form) answers without these.
  const answer = actionData && "values" in actionData ? actionData : null;
  const values = answer?.values ?? {};
  const errors = (answer?.errors ?? {}) as Record<string, string>;
  const preview = answer?.preview ?? null;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [body, setBody] = useState<string | null>(null);
  // Every SMS starts with the event's name already: "Change: " does not spend the room on it twice.
  const text = body ?? values.body ?? (change ? "Change: " : "");
  // Counted as it will be sent: with the sender, the event's name and the private link around it
  // (once previewed and not typed in since, the preview's own count, with the real link).
  const live = body === null && preview ? null : smsCount(eventMessageSms(smsFrame.sender, event.name, text, smsFrame.link));
  // What the preview speaks of: the ways chosen (the SMS's length and cost only when SMS go), and whether anyone is reached.
  const bySms = values.channel !== "email";
  const byEmail = values.channel === "email" || values.channel === "both";
  const nobody = preview !== null && preview.smsRecipients + preview.emailRecipients === 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/admin?tab=events">Back to events</BackLink>
      <h1 className="mt-3 text-2xl font-bold break-words text-stone-900">{change ? "Tell registrants about the change" : "Message registrants"}</h1>
      <p className="text-sm text-stone-600">{event.name}</p>
      {change ? <p className="mt-3 rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">The event was saved with its new date, end or place. Write what changed, preview, and send.</p> : null}
      <Form method="post" className="mt-6 space-y-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        <FormAlert message={errors[""]} />
        {/* A change concerns the men waiting too: one who moves up later must know the new date. */}
        <PlainChoices name="audience" legend="Who" choices={AUDIENCE_CHOICES} checked={values.audience ?? (change ? "everyone" : "confirmed")} error={errors.audience} />
        <PlainChoices name="channel" legend="How" choices={CHANNEL_CHOICES} checked={values.channel ?? "sms"} error={errors.channel} />
        <div>
          <label htmlFor="body" className={legendClass}>
            Message
          </label>
          <p id="body-note" className="mt-1 text-sm text-stone-700">
            {SMS_CONTENT_NOTE}
          </p>
          <textarea
            id="body"
            name="body"
            rows={4}
            required
            value={text}
            onChange={(e) => setBody(e.currentTarget.value)}
            aria-describedby="body-note body-count"
            aria-invalid={errors.body ? true : undefined}
            className="mt-2 block w-full rounded-md border border-stone-300 px-3 py-2 text-base text-stone-900"
          />
          {errors.body ? <p className="text-sm text-red-800">{errors.body}</p> : null}
          <p id="body-count" aria-live="polite" className="mt-1 text-sm text-stone-600">
            {live
              ? `Each SMS as sent (with the sender, event and link): ${live.characters} characters, ${live.segments} SMS${roomWords(live.characters)}`
              : preview
                ? `SMS as sent: ${preview.sms.characters} characters, ${preview.sms.segments} SMS per message${roomWords(preview.sms.characters)}`
                : null}
          </p>
        </div>
        <label className={choiceClass}>
          <input type="checkbox" name="urgent" defaultChecked={values.urgent === "on"} />
          Urgent: send SMS at night too (otherwise SMS written between 20:00 and 07:00 wait for 07:00)
        </label>
        {preview ? (
          <section aria-labelledby="preview-heading" className="rounded-lg border border-stone-200 bg-stone-50 p-4">
            <h2 id="preview-heading" className="font-semibold text-stone-900">
              Preview
            </h2>
            <ul className="mt-2 space-y-1 text-sm text-stone-800">
              {bySms ? <li>{`By SMS: ${people(preview.smsRecipients)}`}</li> : null}
              {byEmail ? <li>{`By e-mail: ${people(preview.emailRecipients)}`}</li> : null}
              {bySms ? <li>{`Each SMS: ${preview.sms.characters} characters, ${preview.sms.segments} SMS`}</li> : null}
              {bySms ? <li>{`Estimated cost: ${formatKwacha(preview.estimatedCostMwk)}`}</li> : null}
            </ul>
            {nobody ? (
              <p role="alert" className="mt-2 text-sm font-semibold text-amber-900">
                {PREVIEW_NOTES.nobody}
              </p>
            ) : null}
            {preview.missed > 0 ? <p className="mt-2 text-sm text-amber-900">{PREVIEW_NOTES.missed(preview.missed, preview.missedReachableBoth, values.channel)}</p> : null}
            {preview.smsWaitUntil ? <p className="mt-2 text-sm text-amber-900">{PREVIEW_NOTES.smsWait(formatInSiteZone(preview.smsWaitUntil, "HH:mm") ?? "07:00")}</p> : null}
            {preview.smsNotSetUp ? <p className="mt-2 text-sm text-amber-900">SMS is not set up: nothing goes by SMS.</p> : null}
            {preview.smsSimulated ? <p className="mt-2 text-sm text-amber-900">{preview.smsSimulated}</p> : null}
            {preview.sentAlready ? (
              <>
                <p role="alert" className="mt-2 text-sm font-semibold text-amber-900">
                  {SENT_ALREADY.warning(formatInSiteZone(preview.sentAlready.at, "HH:mm") ?? "", preview.sentAlready.by)}
                </p>
                {/* Send refuses it without this tick: the sender says they mean to send it twice. */}
                <label className={choiceClass}>
                  <input type="checkbox" name="send_again" value={preview.sentAlready.id} />
                  {SENT_ALREADY.again}
                </label>
              </>
            ) : null}
            {preview.emailNotSetUp ? (
              <p className="mt-2 text-sm text-amber-900">{`E-mail is not set up: the e-mails wait in the outbox and are given up after ${OUTBOX_EXPIRY_DAYS} days.`}</p>
            ) : null}
            {bySms ? (
              <>
                <p className="mt-3 text-sm text-stone-700">{PREVIEW_NOTES.smsFrame}</p>
                <p className="mt-1 rounded-md border border-stone-200 bg-white px-3 py-2 text-sm [overflow-wrap:anywhere] text-stone-900">{preview.sms.text}</p>
              </>
            ) : null}
            {byEmail ? (
              <>
                <p className="mt-3 text-sm text-stone-700">{PREVIEW_NOTES.emailFrame}</p>
                <p className="mt-1 rounded-md border border-stone-200 bg-white px-3 py-2 text-sm whitespace-pre-line [overflow-wrap:anywhere] text-stone-900">{values.body}</p>
              </>
            ) : null}
          </section>
        ) : null}
        {answer?.sendKey ? <input type="hidden" name="send_key" value={answer.sendKey} /> : null}
        {answer?.previewed ? <input type="hidden" name="previewed" value={answer.previewed} /> : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" name="intent" value="preview" disabled={busy} className={buttonClass.secondary}>
            Preview
          </button>
          {preview && answer?.sendKey && !nobody ? (
            <button type="submit" name="intent" value="send" disabled={busy} className={buttonClass.primary}>
              {/* Messages, not people: with SMS and e-mail, someone with both gets one of each. */}
              {sendLabel(preview.smsRecipients + preview.emailRecipients)}
            </button>
          ) : null}
        </div>
      </Form>
      <section aria-labelledby="past-heading" className="mt-8">
        <h2 id="past-heading" className="text-lg font-semibold text-stone-900">
          Sent
        </h2>
        {messages.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No messages yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {messages.map((message) => (
              <li key={message.id} className="px-4 py-3 text-sm">
                <p className="[overflow-wrap:anywhere] text-stone-900">{message.body}</p>
                <p className="mt-1 text-stone-600">
                  {`${formatInSiteZone(message.createdAt, "MMM d, HH:mm")} by ${message.sentBy} · ${sentToText(message)} · ${message.done} of ${message.recipients} sent`}
                  {message.failed ? `, ${message.failed} failed (each says why in the outbox)` : ""}
                  {message.waiting ? `, ${message.waiting} waiting` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
        {seesOutbox ? (
          <p className="mt-3 text-sm">
            <Link to="/admin/outbox" className="text-brand-800 underline">
              Every message in the outbox
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
