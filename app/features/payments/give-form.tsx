// The /give form: an amount (preset buttons MK 5,000 / 10,000 / 20,000 fill it in, without JavaScript,
// keeping what else was typed),
// a fund, the mobile-money number (and the wallet when its prefix does not tell), an optional name
// and e-mail, and "Give anonymously". A refused post shows every field as typed, each error beside it.
import { buttonClass, FormAlert, inputClass, PlainChoices, PlainField, type Problem, ProblemSummary } from "~/components/form-fields";
import { BOT_CHECK_FORM } from "~/lib/bot-check";
import { FIELD_ERROR_CLASS } from "~/lib/form-styles";
import { formatKwacha } from "~/lib/money";
import { OPERATOR_CHOICES } from "./operators";

export type GiveFormProps = {
  funds: readonly string[];
  values: { amount: string; fund: string; phone_number: string; operator: string; donor_name: string; email: string; anonymous: string };
  fieldErrors: Partial<Record<"amount" | "fund" | "phone_number" | "operator" | "donor_name" | "email", string>>;
  formError: string | null;
  text: { amountLabel: string; amountHint: string; fundLabel: string; phoneLabel: string; nameLabel: string; emailLabel: string; anonymous: string; presets: readonly number[]; button: string; operatorLegend: string; notGivenYet: string };
};

function Error({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={FIELD_ERROR_CLASS}>
      {message}
    </p>
  ) : null;
}

/** Each field's element id: the form's fields and the links of the summary above a refused form. */
const FIELD_IDS = { amount: "give-amount", fund: "give-fund", phone_number: "give-phone", operator: "give-operator", donor_name: "give-name", email: "give-email" } as const;

/** A refused gift's problems, in the form's order, each a link to its field. */
function giveProblems(fieldErrors: GiveFormProps["fieldErrors"]): Problem[] {
  return (Object.keys(FIELD_IDS) as (keyof typeof FIELD_IDS)[]).flatMap((name) => {
    const message = fieldErrors[name];
    return message ? [{ key: name, message, href: `#${FIELD_IDS[name]}` }] : [];
  });
}

export function GiveForm({ funds, values, fieldErrors, formError, text }: GiveFormProps) {
  // The typed values and their errors, as the shared plain fields read them.
  const state = { value: (name: string) => values[name as keyof typeof values] ?? "", error: (name: string) => fieldErrors[name as keyof typeof fieldErrors] };
  const invalid = (name: keyof GiveFormProps["fieldErrors"]) =>
    fieldErrors[name] ? { "aria-invalid": true as const, "aria-describedby": `give-${name}-error` } : {};
  return (
    <form method="post" action="/give" noValidate className="space-y-5" {...BOT_CHECK_FORM}>
      {/* The form's default button, first in it: the phone keyboard's Go (Enter) gives, rather than
          pressing the first preset amount. Hidden: the visible one is at the end. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {text.button}
      </button>
      <FormAlert focusOnLoad message={formError} />
      <ProblemSummary focusOnLoad lead={text.notGivenYet} problems={giveProblems(fieldErrors)} />
      <div>
        <label htmlFor={FIELD_IDS.amount} className="block text-sm font-medium text-stone-900">
          {text.amountLabel}
        </label>
        <div className="mt-1 flex flex-wrap gap-2" role="group" aria-label="Suggested amounts">
          {text.presets.map((preset) => (
            // The page comes back at the amount it filled in (not at the top), where the next Tab goes on from.
            <button key={preset} type="submit" name="preset" value={preset} formAction={`/give#${FIELD_IDS.amount}`} className={buttonClass.secondary}>
              {formatKwacha(preset)}
            </button>
          ))}
        </div>
        <input
          id={FIELD_IDS.amount}
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.amount}
          className={`${inputClass} mt-2`}
          aria-describedby={fieldErrors.amount ? "give-amount-hint give-amount-error" : "give-amount-hint"}
          {...(fieldErrors.amount ? { "aria-invalid": true as const } : {})}
        />
        <p id="give-amount-hint" className="mt-1 text-sm text-stone-600">
          {text.amountHint}
        </p>
        <Error id="give-amount-error" message={fieldErrors.amount} />
      </div>
      <div>
        <label htmlFor={FIELD_IDS.fund} className="block text-sm font-medium text-stone-900">
          {text.fundLabel}
        </label>
        <select id={FIELD_IDS.fund} name="fund" defaultValue={values.fund || funds[0]} className={`${inputClass} mt-1`} {...invalid("fund")}>
          {funds.map((fund) => (
            <option key={fund} value={fund}>
              {fund}
            </option>
          ))}
        </select>
        <Error id="give-fund-error" message={fieldErrors.fund} />
      </div>
      <PlainField name="phone_number" id={FIELD_IDS.phone_number} label={text.phoneLabel} state={state} type="tel" inputMode="tel" autoComplete="tel" />
      <PlainChoices name="operator" id={FIELD_IDS.operator} legend={text.operatorLegend} choices={OPERATOR_CHOICES} checked={values.operator} error={fieldErrors.operator} />
      <PlainField name="donor_name" id={FIELD_IDS.donor_name} label={text.nameLabel} state={state} autoComplete="name" />
      <PlainField name="email" id={FIELD_IDS.email} label={text.emailLabel} state={state} type="email" inputMode="email" autoComplete="email" />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="anonymous" defaultChecked={values.anonymous === "on"} className="size-5 shrink-0" />
        {text.anonymous}
      </label>
      <button type="submit" className={buttonClass.primary}>
        {text.button}
      </button>
    </form>
  );
}
