// /registrations/{token}: a registration's private page, the proof a person keeps (often without an
// e-mail address): the status, the code, when and where, 'Add to calendar', 'Send to my WhatsApp',
// and a way to cancel. The token in the link is the only credential: no cookie, no form token.
// Never listed, cached or indexed, and it sends no referrer (the token must not leak to the sites
// its links lead to). An unknown token gets the 404 page after the same single batch a known one
// costs, so the answer's timing does not tell them apart.
import { SiteLink } from "~/components/site-link";
import { data, redirect } from "react-router";
import { CORRECT_MINE_INTENT, OwnCorrectionForm, ownCorrectionAnswerOf, privatePageView, RegistrationComplete, registrationPath, RegistrationSummary, WaitingListNotice, type WaitingNews } from "~/features/events";
import { buttonClass } from "~/components/form-fields";
import { ArrowLeftIcon } from "~/components/icons";
import { noindexMeta, PrivateLinkNotFound } from "~/features/site";
import { confirmSubmit } from "~/islands/confirm-submit";
import { useIsland } from "~/components/use-island";
import { islandPage } from "~/lib/page-scripts";
import { PRIVATE_PAGE_HEADERS, privatePageHeaders, privateTokenOf } from "~/lib/private-link";
import { titled } from "~/features/settings";
import { registrationPage } from "~/features/site/index.server";
import { type PayFormAnswer, PaymentPanel } from "~/features/payments";
import { lookAgain, payAction, payPanelOf, pendingReference } from "~/features/payments/index.server";
import { cancelByToken, cancellationNotes, correctOwnRegistration, logOwnCancellation, logOwnRestore, ownCorrectionStart, registrationReceipts, restoreByToken, setSmsByToken } from "~/features/events/index.server";
import { bumpContentVersion } from "~/server/content-version.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { BadRequest, readFormData } from "~/server/forms.server";
import { siteSettings } from "~/features/settings/index.server";
import { siteOrigin } from "~/server/site-url.server";
import { redirectWithToast } from "~/server/toast.server";
import { feePaid } from "~/lib/stored-choices";
import { formatKwacha } from "~/lib/money";
import { noSmsReason, readablePhone } from "~/server/phone.server";
import { smsSetup } from "~/server/sms.server";
import type { Route } from "./+types/registration-private-page";

export const REGISTRATION_PAGE_TEXT = {
  title: "Your registration",
  cancelSummary: "I can no longer come",
  cancelExplain: "If you cancel, your place goes to the next person waiting. You can register again later if places are left.",
  /** A man on the waiting list has no place to give: he leaves the line. */
  cancelExplainWaiting: "If you cancel, you leave the waiting list. You can register again later, at the end of the line.",
  cancelButton: "Cancel my registration",
  confirmTitle: "Cancel your registration?",
  confirmYes: "Yes, cancel my registration",
  confirmNo: "Keep my registration",
  cancelled: { title: "Registration cancelled", description: "Your registration is cancelled. Thank you for letting us know." },
  alreadyCancelled: { title: "Already cancelled", description: "This registration was already cancelled." },
  tooLate: "The event has started, so this registration can no longer be cancelled here.",
  registerAgain: "Register again",
  restoreIntro: (paid: boolean) =>
    `Changed your mind? Restoring keeps your code${paid ? " and the fee you paid" : ""}: your place back if one is free, else a place on the waiting list.`,
  restoreButton: "Restore my registration",
  restored: (status: "confirmed" | "waitlisted") =>
    status === "confirmed"
      ? { title: "Registration restored", description: "You have your place again, with the same code." }
      : { title: "On the waiting list", description: "Your registration is restored on the waiting list: the event is full. You keep your code." },
  restoreClosed: "This registration can no longer be restored here: registration for the event is closed, or the organisers cancelled it. Please register again or contact the organisers.",
  restorePhoneTaken: "Your phone number is already registered again for this event: that registration is the one that counts.",
  paidCancelNote: "You have paid the fee. Cancelling does not pay it back by itself: to ask for a refund,",
  paidAndCancelled: "You paid the fee for this registration. To ask for a refund,",
  /** The link that ends both notes. */
  refundLink: "contact the organisers",
  /** Cancelling while the phone is asked to approve the fee: the prompt cannot be taken back from here. */
  paymentWaitingNote: (amount: string) =>
    `A payment of ${amount} is waiting for your approval on your phone. If you cancel, decline it on your phone: if it is approved, the money is taken and you must ask for it back.`,
  unknownLink: "This registration link is not valid. Please check the link you were sent.",
  answersHeading: "Your answers",
  /** Below them: the form cannot change them; the organisers can. */
  /** Before the link to the Contact page ("contact the organisers"). */
  answersNote: "To change an answer,",
  smsHeading: "SMS about this event",
  smsOn: "We send SMS about this event only: your place, changes of time or place, and a reminder.",
  /** A man his group's leader registered without a phone of his own: the number is the leader's. */
  smsToLeader: (phone: string) => `You were registered on your group leader's phone (${phone}): SMS about you go to him, and he passes them on. To get your own, correct the phone number below to yours.`,
  stopSmsButton: "Stop SMS about this event",
  smsOff: "You will get no more SMS about this event.",
  /** Beside "Stop SMS" for a man who gave no e-mail address: SMS is the only way he is told anything. */
  smsOnlyWay: (waiting: boolean) =>
    `You gave no e-mail address, so SMS is the only way we can tell you ${waiting ? "when you get a place, or if" : "if"} the time or place changes. With SMS stopped, look at this page for news.`,
  /** SMS stopped and no e-mail: nothing reaches him. */
  smsNoWay: (waiting: boolean) =>
    `You gave no e-mail address, so we cannot tell you ${waiting ? "when you get a place, or if" : "if"} the time or place changes: look at this page for news, or send SMS again.`,
  smsLandline: "The number you gave is a landline, which cannot receive SMS. Write down your code and keep this page's link.",
  smsAbroad: "We send SMS only to Malawi mobile numbers, so the number you gave gets none. Write down your code and keep this page's link.",
  smsStopped: { title: "SMS stopped", description: "You will get no more SMS about this event." },
  startSmsButton: "Send me SMS again",
  smsStarted: { title: "SMS on again", description: "You will get SMS about this event again from now on." },
  /** Shown by the service worker on the copy kept on the phone (docs/decisions/024-offline-door.md). */
  needsConnection: "You are offline: cancelling, correcting your details, paying and stopping SMS need a connection.",
} as const;

/** "contact the organisers": to the Contact page, its subject filled in (`subject`). */
function OrganisersLink({ subject }: { subject: string }) {
  return (
    <a href={`/contact?subject=${encodeURIComponent(subject)}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {REGISTRATION_PAGE_TEXT.refundLink}
    </a>
  );
}

const RefundLink = () => <OrganisersLink subject="Refund of an event fee" />;

type SmsState = "landline" | "abroad" | "on" | "stopped" | "leader";

/**
 * What the page says of SMS: nothing while this deploy sends none; that a landline or a number
 * abroad gets none; that they go to his group's leader when the number is the leader's (stopping
 * them there is the leader's choice, for all his men); else on or stopped, with the button.
 */
function smsStateOf(registration: { phone_number: string; sms_stopped_at: string | null; own_phone: number | boolean }): SmsState | "none" {
  if (!smsSetup().ready) return "none";
  const noSms = noSmsReason(registration.phone_number);
  if (noSms) return noSms;
  if (!registration.own_phone) return "leader";
  return registration.sms_stopped_at ? "stopped" : "on";
}

/** How a man waiting will hear of his place, as his page tells him. */
function waitingNewsOf(sms: SmsState | "none", noEmail: boolean): WaitingNews {
  if (sms === "on") return "sms";
  if (sms === "leader") return "leader";
  if (!noEmail) return "email";
  return sms === "stopped" ? "sms-stopped" : "nothing";
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const token = privateTokenOf(params.token);
  const now = new Date();
  let page = await registrationPage(token, now);
  // A payment under way: ask the provider (its verify call decides), and read again when that settled it.
  const pending = pendingReference(page.payments);
  if (pending && (await lookAgain(pending, now))) page = await registrationPage(token, now);
  const settings = siteSettings(page.settings);
  const found = page.registration;
  if (found === null) throw new Error("The registration could not be read");
  if (!found) return data({ registration: null, settings, payment: null, paidFee: false, correction: null, answers: [] }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const payment = payPanelOf(page.fee, page.payments, now, registrationPath(token));
  // Money that did not match the fee keeps his place while the office sorts it out (decision 050):
  // no "held until … pay to keep it" above the fee panel that says so.
  const shown = payment?.state === "to-check" ? { ...found, held_until: null } : found;
  const registration = { ...privatePageView(shown, siteOrigin(request), now), sms: smsStateOf(found), leaderPhone: readablePhone(found.phone_number), noEmail: !found.email };
  // Name and phone can be put right while the registration stands (as it can be cancelled).
  const correction = registration.cancellable ? ownCorrectionStart(found) : null;
  // Paid (online or in cash) and not refunded: cancelling says the money does not come back by itself.
  const paidFee = feePaid(page.fee?.payment_status);
  return data({ registration, settings, payment, paidFee, correction, answers: page.answers }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ params, request }: Route.ActionArgs) {
  const token = privateTokenOf(params.token);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    if (error instanceof BadRequest) return data({ error: error.message }, { status: error.status, headers: PRIVATE_PAGE_HEADERS });
    throw error;
  }
  if (form.get("intent") === CORRECT_MINE_INTENT) return await correctOwnRegistration(request, token, form);
  // The fee's pay form (intent=pay); any other post is the cancel form's.
  if (form.get("intent") === "pay") {
    const paid = await payAction(request, token, form, new Date());
    if (paid.ok) return redirect(registrationPath(token), { status: 303, headers: PRIVATE_PAGE_HEADERS });
    const { payError, fieldErrors } = paid.answer;
    return data({ pay: paid.answer, error: payError ?? Object.values(fieldErrors ?? {})[0] }, { status: paid.status, headers: PRIVATE_PAGE_HEADERS });
  }
  // "Stop SMS about this event" (the link in each SMS leads here; only this button changes anything), and its undoing.
  if (form.get("intent") === "stop-sms" || form.get("intent") === "start-sms") {
    const wanted = form.get("intent") === "start-sms";
    const found = await setSmsByToken(token, wanted, new Date());
    const done = wanted ? REGISTRATION_PAGE_TEXT.smsStarted : REGISTRATION_PAGE_TEXT.smsStopped;
    const toast = found ? done : { title: "Error", description: REGISTRATION_PAGE_TEXT.unknownLink, variant: "destructive" as const };
    return redirectWithToast(request, registrationPath(token), toast, { status: 303 });
  }
  // "Restore my registration": his own cancelling undone (his code and payment kept), his receipt again.
  if (form.get("intent") === "restore") {
    const restored = await restoreByToken(token, new Date(), registrationReceipts());
    const back = registrationPath(token);
    if (restored.outcome !== "restored") {
      const why = restored.outcome === "phone-taken" ? REGISTRATION_PAGE_TEXT.restorePhoneTaken : restored.outcome === "not-found" ? REGISTRATION_PAGE_TEXT.unknownLink : REGISTRATION_PAGE_TEXT.restoreClosed;
      return redirectWithToast(request, back, { title: "Not restored", description: why, variant: "destructive" }, { status: 303 });
    }
    if (restored.registration) await logOwnRestore(request, restored.registration);
    sendAfterResponse(restored.outboxIds, request);
    if (restored.turnedFull) await bumpContentVersion();
    return redirectWithToast(request, back, REGISTRATION_PAGE_TEXT.restored(restored.status), { status: 303 });
  }
  // The e-mails to the registrant and to whoever moves up into the place go in the cancellation's batch.
  const page = await registrationPage(token, new Date());
  const emails = page.registration ? cancellationNotes() : undefined;
  const result = await cancelByToken(token, new Date(), emails);
  const back = registrationPath(token);
  switch (result.outcome) {
    case "not-found":
      // The page itself then says 'Page not found'.
      return redirectWithToast(request, back, { title: "Error", description: REGISTRATION_PAGE_TEXT.unknownLink, variant: "destructive" }, { status: 303 });
    case "already-cancelled":
      return redirectWithToast(request, back, REGISTRATION_PAGE_TEXT.alreadyCancelled, { status: 303 });
    case "too-late":
      return redirectWithToast(request, back, { title: "Error", description: REGISTRATION_PAGE_TEXT.tooLate, variant: "destructive" }, { status: 303 });
    case "cancelled":
      if (page.registration) await logOwnCancellation(request, page.registration);
      sendAfterResponse(result.outboxIds, request);
      // The lists say 'Full' no longer: the next visit renders them afresh.
      if (result.stoppedBeingFull) await bumpContentVersion();
      return redirectWithToast(request, back, REGISTRATION_PAGE_TEXT.cancelled, { status: 303 });
  }
}

export const headers = privatePageHeaders;

export const handle = islandPage;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...noindexMeta(loaderData?.registration ? titled(REGISTRATION_PAGE_TEXT.title, loaderData.settings) : undefined),
  // A payment under way: the page looks again by itself, JavaScript or not.
  ...(loaderData?.payment?.state === "pending" ? [{ httpEquiv: "refresh", content: loaderData.payment.refresh } as const] : []),
];

export default function RegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { registration, payment, paidFee, correction, answers } = loaderData;
  const payAnswer = (actionData as { pay?: PayFormAnswer } | undefined)?.pay ?? null;
  if (!registration) return <PrivateLinkNotFound what="a registration" />;
  const { view, status, place, fullName, cancellable, restorable, eventId, eventActive, eventOpen, sms, leaderPhone, noEmail } = registration;
  return (
    <div className="bg-stone-50">
      <div className="mx-auto w-full max-w-xl px-4 pt-6 pb-14 sm:px-6 sm:pt-8">
        {eventActive ? (
          <SiteLink to={`/events/${eventId}`} className="inline-flex items-center gap-1.5 py-2 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
            <ArrowLeftIcon className="size-4" />
            {view.eventName}
          </SiteLink>
        ) : null}
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{REGISTRATION_PAGE_TEXT.title}</h1>
        <p className="mt-1 text-stone-700">
          {view.eventName} · {fullName}
        </p>
        <div className="mt-6">
          {status === "cancelled" ? (
            <div className="rounded-lg border border-stone-300 bg-white p-4">
              <RegistrationSummary view={view} cancelled />
              {paidFee ? (
                <p className="mt-3 text-sm text-stone-800">
                  {REGISTRATION_PAGE_TEXT.paidAndCancelled} <RefundLink />.
                </p>
              ) : null}
              {restorable ? (
                <form method="post" className="mt-4">
                  <p className="text-sm text-stone-800">{REGISTRATION_PAGE_TEXT.restoreIntro(paidFee)}</p>
                  <button type="submit" name="intent" value="restore" className={`${buttonClass.secondary} mt-3`}>
                    {REGISTRATION_PAGE_TEXT.restoreButton}
                  </button>
                </form>
              ) : eventOpen ? (
                <a href={`/events/${eventId}?register=${eventId}`} className={`${buttonClass.secondary} mt-4`}>
                  {REGISTRATION_PAGE_TEXT.registerAgain}
                </a>
              ) : null}
            </div>
          ) : status === "waitlisted" ? (
            <WaitingListNotice view={view} place={place} news={waitingNewsOf(sms, noEmail)} />
          ) : (
            <RegistrationComplete view={view} />
          )}
        </div>
        {answers.length && status !== "cancelled" ? <YourAnswers answers={answers} /> : null}
        {payment ? <PaymentPanel panel={payment} answer={payAnswer} /> : null}
        {status !== "cancelled" && sms !== "none" ? <SmsChoice state={sms} noEmail={noEmail} waiting={status === "waitlisted"} leaderPhone={leaderPhone} /> : null}
        {correction ? <OwnCorrectionForm start={correction} answer={ownCorrectionAnswerOf(actionData)} /> : null}
        {cancellable ? <CancelRegistration paidFee={paidFee} paymentWaiting={payment?.state === "pending" ? formatKwacha(payment.amount) : null} waiting={status === "waitlisted"} /> : null}
      </div>
    </div>
  );
}

/** What he answered to the event's questions, as the desk sees them (so he can check them). */
function YourAnswers({ answers }: { answers: readonly { label: string; value: string }[] }) {
  return (
    <section aria-labelledby="answers-heading" className="mt-8 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="answers-heading" className="font-semibold text-stone-900">
        {REGISTRATION_PAGE_TEXT.answersHeading}
      </h2>
      <dl className="mt-2 space-y-2 text-sm">
        {answers.map((answer) => (
          <div key={answer.label}>
            <dt className="text-stone-600">{answer.label}</dt>
            <dd className="font-medium break-words text-stone-900">{answer.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-stone-600">
        {REGISTRATION_PAGE_TEXT.answersNote} <OrganisersLink subject="Changing an answer of my registration" />.
      </p>
    </section>
  );
}

/**
 * SMS about the event, and the button that stops them or starts them again (a GET of this page never
 * changes it); for a landline or a number abroad, that none reaches it. Without an e-mail address, SMS is his only
 * news: it says so before he stops them, and once he has.
 */
function SmsChoice({ state, noEmail, waiting, leaderPhone }: { state: SmsState; noEmail: boolean; waiting: boolean; leaderPhone: string }) {
  const stopped = state === "stopped";
  return (
    <section aria-labelledby="sms-heading" className="mt-8 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="sms-heading" className="font-semibold text-stone-900">
        {REGISTRATION_PAGE_TEXT.smsHeading}
      </h2>
      {state === "landline" || state === "abroad" || state === "leader" ? (
        <p className="mt-2 text-sm font-semibold text-stone-800">
          {state === "landline" ? REGISTRATION_PAGE_TEXT.smsLandline : state === "abroad" ? REGISTRATION_PAGE_TEXT.smsAbroad : REGISTRATION_PAGE_TEXT.smsToLeader(leaderPhone)}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-700">{stopped ? REGISTRATION_PAGE_TEXT.smsOff : REGISTRATION_PAGE_TEXT.smsOn}</p>
          {noEmail ? <p className="mt-2 text-sm font-semibold text-stone-800">{(stopped ? REGISTRATION_PAGE_TEXT.smsNoWay : REGISTRATION_PAGE_TEXT.smsOnlyWay)(waiting)}</p> : null}
          <form method="post" className="mt-3">
            <button type="submit" name="intent" value={stopped ? "start-sms" : "stop-sms"} className={buttonClass.secondary}>
              {stopped ? REGISTRATION_PAGE_TEXT.startSmsButton : REGISTRATION_PAGE_TEXT.stopSmsButton}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/** 'I can no longer come': one form whose only button cancels; with JavaScript a dialog asks first. */
function CancelRegistration({ paidFee, paymentWaiting, waiting }: { paidFee: boolean; paymentWaiting: string | null; waiting: boolean }) {
  const explain = waiting ? REGISTRATION_PAGE_TEXT.cancelExplainWaiting : REGISTRATION_PAGE_TEXT.cancelExplain;
  const refundNote = paidFee ? (
    <p className="mt-2 text-sm font-semibold text-stone-800">
      {REGISTRATION_PAGE_TEXT.paidCancelNote} <RefundLink />.
    </p>
  ) : paymentWaiting ? (
    <p className="mt-2 text-sm font-semibold text-amber-900">{REGISTRATION_PAGE_TEXT.paymentWaitingNote(paymentWaiting)}</p>
  ) : null;
  return (
    <div {...useIsland(confirmSubmit)} className="mt-8">
      <details className="rounded-lg border border-stone-200 bg-white p-4">
        <summary className="disclosure-chevron cursor-pointer font-semibold text-stone-900">{REGISTRATION_PAGE_TEXT.cancelSummary}</summary>
        <p className="mt-3 text-sm text-stone-700">{explain}</p>
        {refundNote}
        <p data-needs-connection="" hidden className="mt-3 text-sm font-semibold text-red-800">
          {REGISTRATION_PAGE_TEXT.needsConnection}
        </p>
        <form method="post" className="mt-4">
          <button type="submit" className={buttonClass.danger}>
            {REGISTRATION_PAGE_TEXT.cancelButton}
          </button>
        </form>
      </details>
      <dialog
        data-confirm-dialog=""
        aria-labelledby="confirm-cancel-title"
        className="fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl border border-stone-200 bg-white p-5 text-stone-900 shadow-2xl backdrop:bg-stone-950/60"
      >
        <h2 id="confirm-cancel-title" className="text-lg font-semibold">
          {REGISTRATION_PAGE_TEXT.confirmTitle}
        </h2>
        <p className="mt-2 text-sm text-stone-700">{explain}</p>
        {refundNote}
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" data-confirm-no="" className={buttonClass.secondary}>
            {REGISTRATION_PAGE_TEXT.confirmNo}
          </button>
          <button type="button" data-confirm-yes="" className={buttonClass.danger}>
            {REGISTRATION_PAGE_TEXT.confirmYes}
          </button>
        </div>
      </dialog>
    </div>
  );
}

