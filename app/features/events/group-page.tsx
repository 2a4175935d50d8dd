// /groups/{token}: the leader's private page for his group (issue 25, part 4): every man's code and
// status (and, for an event with a fee, where each man's fee stands), a list that prints cleanly,
// each man's own private link, correcting a man's name and phone, and cancelling one man or the
// whole group (the waiting list moves up as for any cancellation). Forms without JavaScript.
import { Fragment } from "react";
import { buttonClass, FormAlert, PlainField } from "~/components/form-fields";
import { WhatsAppIcon } from "~/components/icons";
import { formErrorOf } from "~/lib/form-answer";
import { OPENED_AT } from "./desk-registration-form";
import { CORRECT_INTENT, type CorrectionAnswer, GROUP_MESSAGES } from "./group-form";
import type { GroupPageView } from "./group-view";
import { fieldStateOf } from "./question-inputs";

type Man = GroupPageView["members"][number];

export const GROUP_PAGE_TEXT = {
  /** Under the phone of a man registered without one: the number shown is the leader's own. */
  onLeaderPhone: "He was registered without a phone: this is your number, where his messages go. Type his own number to give him his own page and SMS.",
} as const;

/**
 * "Correct {name}": his name and phone, prefilled, in a form under his name. After a refusal
 * (`answer`) it opens again with what was typed, each problem on its field, and the version the
 * refusal answered with (after a stale save, saving again is a choice).
 */
function CorrectionForm({ man, answer }: { man: Man; answer: CorrectionAnswer | undefined }) {
  const current = { full_name: man.name, phone_number: man.phoneText, [OPENED_AT]: man.updatedAt };
  const state = fieldStateOf(answer ? answer.result : { initialValue: current });
  const formError = answer ? formErrorOf(answer.result) : undefined;
  const id = (name: string) => `correct-${man.id}-${name}`;
  // Without a script, the focus goes where the correction stands: the message, else the first field refused.
  const firstInvalid = formError ? null : ["full_name", "phone_number"].find((name) => state.error(name));
  return (
    <details open={answer ? true : undefined} className="mt-1 print:hidden">
      <summary className="inline-block cursor-pointer rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50">
        Correct<span className="sr-only"> {man.name}</span>
      </summary>
      <form method="post" className="mt-2 max-w-sm space-y-3">
        <input type="hidden" name="intent" value={CORRECT_INTENT} />
        <input type="hidden" name="registration_id" value={man.id} />
        <input type="hidden" name={OPENED_AT} value={state.value(OPENED_AT) || man.updatedAt} />
        <FormAlert focusOnLoad message={formError} />
        <PlainField id={id("full_name")} name="full_name" label={<>Full Name<span className="sr-only"> of {man.name}</span></>} state={state} autoComplete="off" required autoFocus={firstInvalid === "full_name"} />
        <PlainField id={id("phone_number")} name="phone_number" label={<>Phone Number<span className="sr-only"> of {man.name}</span></>} hint={man.onLeaderPhone ? GROUP_PAGE_TEXT.onLeaderPhone : undefined} state={state} type="tel" inputMode="tel" autoComplete="off" required autoFocus={firstInvalid === "phone_number"} />
        <button type="submit" className={`${buttonClass.primary} w-full`}>
          Save {man.name}'s details
        </button>
      </form>
    </details>
  );
}

export function GroupPage({ view, answer }: { view: GroupPageView; answer?: CorrectionAnswer }) {
  const active = view.members.filter((m) => m.status !== "cancelled");
  const confirmed = view.members.filter((m) => m.status === "confirmed").length;
  const waiting = view.members.filter((m) => m.status === "waitlisted").length;
  const cell = "border-b border-stone-200 px-1.5 py-2 align-top print:border-stone-400";
  // Above a man's correction row: the line between men goes under that row (and, printed, here).
  const cellAboveForm = "px-1.5 pt-2 align-top print:border-b print:border-stone-400";
  return (
    <div className="bg-stone-50 print:bg-white">
      <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-14 sm:px-6 sm:pt-8 print:p-0">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Your group for {view.event.name}</h1>
        <p className="mt-1 text-stone-700">{[view.event.whenText, view.event.location].filter(Boolean).join(" · ")}</p>
        <p className="mt-1 text-stone-700">
          Leader: {view.leaderName} · {confirmed} confirmed{waiting ? ` · ${waiting} on the waiting list` : ""}
        </p>
        {view.fee ? (
          <div className="mt-3 rounded-md border border-stone-200 bg-white p-3 text-sm text-stone-800">
            <p className="font-semibold text-stone-900">
              {view.fee.text} · {view.fee.toPay}
            </p>
            <p className="mt-1 print:hidden">{view.fee.howToPay}</p>
          </div>
        ) : null}
        <section aria-labelledby="keep-group-heading" className="mt-3 rounded-md border border-gold-300 bg-gold-100 p-3 text-sm text-stone-900 print:hidden">
          <h2 id="keep-group-heading" className="font-semibold">Keep this page</h2>
          <p className="mt-1">{GROUP_MESSAGES.keepPage}</p>
          <p className="mt-2 font-mono text-xs [overflow-wrap:anywhere]">{view.pageUrl}</p>
          <a href={view.whatsappHref} target="_blank" rel="noopener noreferrer" className={`${buttonClass.secondary} mt-2 gap-2`}>
            <WhatsAppIcon className="size-5 shrink-0 text-emerald-600" />
            Send to my WhatsApp
            <span className="sr-only"> (opens WhatsApp in a new tab)</span>
          </a>
        </section>
        {/* Positioned, so the rows' screen-reader-only words stay inside it: a table wider than the
            screen scrolls here, and the page never scrolls sideways. */}
        <div className="relative mt-4 overflow-x-auto">
        <table className="w-full border-collapse bg-white text-left text-sm">
          <caption className="sr-only">The men of the group and their codes</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>Line</th>
              <th scope="col" className={cell}>Name</th>
              <th scope="col" className={cell}>Code</th>
              <th scope="col" className={cell}>Status</th>
            </tr>
          </thead>
          <tbody>
            {view.members.map((man) => {
              const correctable = view.cancellable && man.status !== "cancelled";
              // A man who may be corrected has his form in a row of its own below, as wide as the
              // table: in his name's cell it widened the table past a phone's screen.
              const rowCell = correctable ? cellAboveForm : cell;
              return (
                <Fragment key={man.id}>
                  <tr>
                    <td className={rowCell}>{man.line}</td>
                    <td className={`${rowCell} break-words`}>
                      {man.name}
                      {/* Named for the man ("Pay his fee: Blessings Banda"), its visible words first. */}
                      <a
                        href={man.privateHref}
                        aria-label={`${man.pageLink}: ${man.name}`}
                        className="flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 print:hidden"
                      >
                        {man.pageLink}
                      </a>
                    </td>
                    <td className={`${rowCell} font-mono`}>{man.code}</td>
                    <td className={rowCell}>
                      {man.statusText}
                      {man.feeText ? <span className="block text-xs text-stone-600">Fee: {man.feeText}</span> : null}
                      {correctable ? (
                        // Asked twice (open, then confirm), as a man's own page asks: one tap on a crowded table cancels nobody.
                        <details className="mt-1 print:hidden">
                          <summary className="inline-block cursor-pointer rounded-md border border-red-300 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
                            Cancel<span className="sr-only"> {man.name}</span>
                          </summary>
                          <form method="post" className="mt-2 space-y-2">
                            <input type="hidden" name="registration_id" value={man.id} />
                            <p className="text-xs text-stone-700">
                              He can no longer come; his place goes to the next man waiting.
                              {man.paid ? " His fee is paid: cancelling does not give it back. To ask for it back, contact the organisers." : null}
                            </p>
                            <button type="submit" name="intent" value="cancel" className={buttonClass.danger}>
                              Yes, cancel {man.name}
                            </button>
                          </form>
                        </details>
                      ) : null}
                    </td>
                  </tr>
                  {correctable ? (
                    <tr className="print:hidden">
                      <td colSpan={4} className={`${cell} pt-0`}>
                        <CorrectionForm man={man} answer={answer?.correct === man.id ? answer : undefined} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
        </div>
        {view.cancellable && active.length ? (
          <details className="mt-8 rounded-lg border border-stone-200 bg-white p-4 print:hidden">
            <summary className="disclosure-chevron cursor-pointer font-semibold text-stone-900">The whole group can no longer come</summary>
            <p className="mt-3 text-sm text-stone-700">Every man's registration is cancelled; their places go to the people waiting.</p>
            <form method="post" className="mt-4">
              <button type="submit" name="intent" value="cancel-all" className={buttonClass.danger}>
                Yes, cancel the whole group
              </button>
            </form>
          </details>
        ) : null}
      </div>
    </div>
  );
}
