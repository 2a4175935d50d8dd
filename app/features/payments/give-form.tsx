// The /give form: an amount (preset links MK 5,000 / 10,000 / 20,000 fill it in, without JavaScript),
// a fund, the mobile-money number (and the wallet when its prefix does not tell), an optional name
// and e-mail, and "Give anonymously". A refused post shows every field as typed, each error beside it.
import { buttonClass, inputClass } from "~/components/form-fields";
import { formatKwacha } from "~/lib/money";
import { OPERATOR_CHOICES } from "./operators";

export type GiveFormProps = {
  funds: readonly string[];
  values: { amount: string; fund: string; phone_number: string; operator: string; donor_name: string; email: string; anonymous: string };
  fieldErrors: Partial<Record<"amount" | "fund" | "phone_number" | "operator" | "donor_name" | "email", string>>;
  formError: string | null;
  text: { amountLabel: string; fundLabel: string; phoneLabel: string; nameLabel: string; emailLabel: string; anonymous: string; presets: readonly number[]; button: string; operatorLegend: string };
};

function Error({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export function GiveForm({ funds, values, fieldErrors, formError, text }: GiveFormProps) {
  const invalid = (name: keyof GiveFormProps["fieldErrors"]) =>
    fieldErrors[name] ? { "aria-invalid": true as const, "aria-describedby": `give-${name}-error` } : {};
  return (
    <form method="post" action="/give" noValidate className="space-y-5">
      {formError ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {formError}
        </div>
      ) : null}
      <div>
        <label htmlFor="give-amount" className="block text-sm font-medium text-stone-900">
          {text.amountLabel}
        </label>
        <div className="mt-1 flex flex-wrap gap-2" role="group" aria-label="Suggested amounts">
          {text.presets.map((preset) => (
            <a key={preset} href={`/give?amount=${preset}`} className={buttonClass.secondary}>
              {formatKwacha(preset)}
            </a>
          ))}
        </div>
        <input id="give-amount" name="amount" inputMode="numeric" autoComplete="off" defaultValue={values.amount} className={`${inputClass} mt-2`} {...invalid("amount")} />
        <Error id="give-amount-error" message={fieldErrors.amount} />
      </div>
      <div>
        <label htmlFor="give-fund" className="block text-sm font-medium text-stone-900">
          {text.fundLabel}
        </label>
        <select id="give-fund" name="fund" defaultValue={values.fund || funds[0]} className={`${inputClass} mt-1`} {...invalid("fund")}>
          {funds.map((fund) => (
            <option key={fund} value={fund}>
              {fund}
            </option>
          ))}
        </select>
        <Error id="give-fund-error" message={fieldErrors.fund} />
      </div>
      <div>
        <label htmlFor="give-phone" className="block text-sm font-medium text-stone-900">
          {text.phoneLabel}
        </label>
        <input id="give-phone" name="phone_number" type="tel" inputMode="tel" autoComplete="tel" defaultValue={values.phone_number} className={`${inputClass} mt-1`} {...invalid("phone_number")} />
        <Error id="give-phone_number-error" message={fieldErrors.phone_number} />
      </div>
      <fieldset {...(fieldErrors.operator ? { "aria-describedby": "give-operator-error" } : {})}>
        <legend className="text-sm font-medium text-stone-900">{text.operatorLegend}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {OPERATOR_CHOICES.map((choice) => (
            <label key={choice.value} className="inline-flex items-center gap-2 py-1">
              <input type="radio" name="operator" value={choice.value} defaultChecked={values.operator === choice.value} />
              {choice.label}
            </label>
          ))}
        </div>
        <Error id="give-operator-error" message={fieldErrors.operator} />
      </fieldset>
      <div>
        <label htmlFor="give-name" className="block text-sm font-medium text-stone-900">
          {text.nameLabel}
        </label>
        <input id="give-name" name="donor_name" autoComplete="name" defaultValue={values.donor_name} className={`${inputClass} mt-1`} />
      </div>
      <div>
        <label htmlFor="give-email" className="block text-sm font-medium text-stone-900">
          {text.emailLabel}
        </label>
        <input id="give-email" name="email" type="email" inputMode="email" autoComplete="email" defaultValue={values.email} className={`${inputClass} mt-1`} {...invalid("email")} />
        <Error id="give-email-error" message={fieldErrors.email} />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="anonymous" defaultChecked={values.anonymous === "on"} />
        {text.anonymous}
      </label>
      <button type="submit" className={buttonClass.primary}>
        {text.button}
      </button>
    </form>
  );
}
