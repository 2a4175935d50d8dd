// "Correct my name or phone" on a man's own page (/registrations/{token}): a misspelt name or one
// digit wrong in the phone, put right without cancelling (which would cost his place). A plain
// form, folded away until opened; after a refusal it opens again with what was typed, each problem
// on its field (./link-correction.server.ts).
import { buttonClass, FormAlert, PlainField } from "~/components/form-fields";
import { formErrorOf, type FormAnswer } from "~/lib/form-answer";
import { OPENED_AT } from "./desk-registration-form";
import { fieldStateOf } from "./question-inputs";

/** The intent of the own page's correction form (the group page's is CORRECT_INTENT, with the man's id). */
export const CORRECT_MINE_INTENT = "correct-mine";

/** A refused correction on the man's own page. */
export type OwnCorrectionAnswer = { correction: FormAnswer };

/** The page's action answer when it is a refused correction. */
export function ownCorrectionAnswerOf(answer: unknown): OwnCorrectionAnswer | undefined {
  return answer !== null && typeof answer === "object" && "correction" in answer ? (answer as OwnCorrectionAnswer) : undefined;
}

export const OWN_CORRECTION_TEXT = {
  summary: "Correct my name or phone",
  explain: "A letter or a digit wrong? Correct it here: your place and your code stay the same.",
  button: "Save my details",
} as const;

/** `start`: the name and phone as saved, and the version the form guards (ownCorrectionStart). */
export function OwnCorrectionForm({ start, answer }: { start: Record<string, string>; answer: OwnCorrectionAnswer | undefined }) {
  const state = fieldStateOf(answer ? answer.correction.result : { initialValue: start });
  const formError = answer ? formErrorOf(answer.correction.result) : undefined;
  // Without a script, the focus goes where the correction stands: the message, else the first field refused.
  const firstInvalid = formError ? null : ["full_name", "phone_number"].find((name) => state.error(name));
  return (
    <details open={answer ? true : undefined} className="mt-8 rounded-lg border border-stone-200 bg-white p-4">
      <summary className="disclosure-chevron cursor-pointer font-semibold text-stone-900">{OWN_CORRECTION_TEXT.summary}</summary>
      <p className="mt-3 text-sm text-stone-700">{OWN_CORRECTION_TEXT.explain}</p>
      <form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={CORRECT_MINE_INTENT} />
        <input type="hidden" name={OPENED_AT} value={state.value(OPENED_AT) || start[OPENED_AT]} />
        <FormAlert focusOnLoad message={formError} />
        <PlainField id="correct-full_name" name="full_name" label="Full Name" state={state} autoComplete="name" required autoFocus={firstInvalid === "full_name"} />
        <PlainField id="correct-phone_number" name="phone_number" label="Phone Number" state={state} type="tel" inputMode="tel" autoComplete="tel" required autoFocus={firstInvalid === "phone_number"} />
        <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`}>
          {OWN_CORRECTION_TEXT.button}
        </button>
      </form>
    </details>
  );
}
