// The private page's fee panel: the pay form (no JavaScript needed), the payment under way (the page
// refreshes itself through its meta tag), or how the fee was paid.
import { buttonClass, PlainChoices, PlainField, type FieldState } from "~/components/form-fields";
import { FEE_HEADING_ID } from "~/features/events";
import { OPERATOR_CHOICES } from "./operators";
import { PAY_TEXT, type PayPanel } from "./pay-view";
import { NOTICE_CLASS } from "~/lib/form-styles";

export type PayFormAnswer = { payError?: string; fieldErrors?: { phone_number?: string; operator?: string }; values?: { phone_number: string; operator: string } };

export function PaymentPanel({ panel, answer }: { panel: PayPanel; answer?: PayFormAnswer | null }) {
  return (
    <section aria-labelledby={FEE_HEADING_ID} className="mt-6 rounded-lg border border-stone-300 bg-white p-4">
      <h2 id={FEE_HEADING_ID} className="text-lg font-semibold text-stone-900">
        {PAY_TEXT.heading}
      </h2>
      {panel.state === "paid" || panel.state === "settled" ? (
        <div role="status" className="mt-2 space-y-2">
          <p className="font-semibold text-green-800">{panel.text}</p>
          {panel.extra ? <p className="text-stone-800">{panel.extra}</p> : null}
        </div>
      ) : panel.state === "later" ? (
        <p className="mt-2 text-stone-800">{panel.text}</p>
      ) : panel.state === "to-check" ? (
        <p role="status" className="mt-2 text-stone-800">
          {panel.text}
        </p>
      ) : panel.state === "pending" ? (
        <div role="status" className="mt-2 space-y-3">
          <p className="font-semibold text-stone-900">{PAY_TEXT.pendingTitle}</p>
          <p className="text-stone-700">{PAY_TEXT.pending(panel.amount, panel.operatorName, panel.phoneEnd)}</p>
          {panel.simulatorHref ? (
            <p>
              <a href={panel.simulatorHref} className="font-semibold text-brand-700 underline">
                {PAY_TEXT.simulator}
              </a>
            </p>
          ) : null}
          <p>
            <a href="" className={buttonClass.secondary}>
              {PAY_TEXT.refresh}
            </a>
          </p>
        </div>
      ) : (
        <PayForm panel={panel} answer={answer ?? null} />
      )}
    </section>
  );
}

function PayForm({ panel, answer }: { panel: Extract<PayPanel, { state: "owed" }>; answer: PayFormAnswer | null }) {
  const phone = answer?.values?.phone_number ?? panel.phone;
  const operator = answer?.values?.operator ?? panel.operator ?? "";
  const askOperator = panel.operator === null || Boolean(answer?.fieldErrors?.operator) || Boolean(answer?.values);
  const fields: FieldState = { value: () => phone, error: (name) => answer?.fieldErrors?.[name as keyof typeof answer.fieldErrors] };
  return (
    <div className="mt-2 space-y-3">
      {panel.extra ? <p className="text-stone-800">{panel.extra}</p> : null}
      <p className="font-semibold text-stone-900">{PAY_TEXT.owed(panel.amount)}</p>
      {panel.payBy ? <p className="font-medium text-amber-900">{PAY_TEXT.payBy(panel.payBy)}</p> : null}
      {!panel.payable ? (
        <p className="text-stone-700">{PAY_TEXT.notSetUp}</p>
      ) : (
        // Posted to this page; the answer (an error, or the payment under way) opens at the fee, not at the top.
        <form method="post" action={`#${FEE_HEADING_ID}`} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="pay" />
          <p className="text-sm text-stone-700">{PAY_TEXT.how}</p>
          {panel.lastTry && !answer ? (
            <p role="alert" className={NOTICE_CLASS}>
              {PAY_TEXT[panel.lastTry]}
            </p>
          ) : null}
          {answer?.payError ? (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              {answer.payError}
            </div>
          ) : null}
          <PlainField name="phone_number" id="pay-phone" label={PAY_TEXT.phoneLabel} state={fields} type="tel" inputMode="tel" autoComplete="tel" />
          {askOperator ? (
            <PlainChoices name="operator" id="pay-operator" legend={PAY_TEXT.operatorLegend} choices={OPERATOR_CHOICES} checked={operator} error={answer?.fieldErrors?.operator} />
          ) : null}
          <button type="submit" className={buttonClass.primary}>
            {PAY_TEXT.button(panel.amount)}
          </button>
        </form>
      )}
    </div>
  );
}
