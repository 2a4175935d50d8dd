// The desk's and the door's money parts: each person's payment with its actions (plain forms: no
// JavaScript needed), and the notice while payments are not set up. The totals: ./payment-totals.tsx.
import { Form, useActionData } from "react-router";
import { RequiredLabel } from "~/components/admin/form-kit";
import { buttonClass } from "~/components/form-fields";
import { FIELD_ERROR_CLASS, NOTICE_CLASS } from "~/lib/form-styles";
import { formatKwacha, unpaidText } from "~/lib/money";
import type { PaymentState } from "~/lib/stored-choices";

export type { PaymentState };

export const PAYMENT_LABELS: Record<PaymentState, string> = {
  unpaid: "Unpaid",
  "paid-online": "Paid online",
  cash: "Cash",
  waived: "Waived",
  refunded: "Refunded",
};

/** Where the setup steps are: docs/deploy.md's "Payments", shown in the admin area. */
export const PAYMENTS_SETUP_PATH = "/admin/payments/setup";

export function PaymentsNotSetUp() {
  return (
    <div role="status" className={NOTICE_CLASS}>
      <p className="font-semibold">Payments are not set up</p>
      <p className="mt-1">Visitors cannot pay online yet; cash and waivers can still be recorded here.</p>
      <a href={PAYMENTS_SETUP_PATH} className="mt-2 inline-block font-semibold text-amber-900 underline">
        How to turn payments on (docs/deploy.md)
      </a>
    </div>
  );
}

const TONES: Record<PaymentState, string> = {
  unpaid: "bg-red-100 text-red-900",
  "paid-online": "bg-green-100 text-green-900",
  cash: "bg-green-100 text-green-900",
  waived: "bg-stone-200 text-stone-800",
  refunded: "bg-stone-200 text-stone-800",
};

/** A payment of a man that was not his fee, to give back: a second one (or one that came after his fee was waived), or one that did not match the fee. */
export type ExtraPayment = { paymentId: number; amount: number; mismatch: boolean; afterWaiver: boolean };

/** Said of a man whose mobile money prompt is open on his phone right now. */
export const DESK_PAYING_NOW = {
  badge: "Paying by mobile money now",
  warning: (name: string) => `${name} is paying by mobile money right now. Wait a few minutes and reload: cash taken too would be paid twice.`,
  /** Above Waive: his payment may still go through, and then it must be given back. */
  waiveWarning: (name: string) =>
    `${name} is paying by mobile money right now. Wait a few minutes and reload: if his payment goes through, there is nothing to waive; waived now, that payment would have to be given back.`,
  /** Above the desk's "Yes, cancel": the money would come in for a place he no longer holds. */
  cancelWarning: (name: string) =>
    `${name} is paying by mobile money right now. Wait a few minutes and reload: cancelled now, his payment may still go through, for a place he no longer holds, and would have to be given back.`,
};

/** Beside the payment of a man whose mobile money prompt is open right now (the desk and the door). */
export function PayingNowBadge() {
  return <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{DESK_PAYING_NOW.badge}</span>;
}

/** A refund as the desk's row says it: "Refunded MK 35,000", or of a part "Refunded MK 30,000 of MK 35,000 (MK 5,000 kept)". */
function refundedText({ given, paid }: { given: number; paid: number }): string {
  return given < paid ? `Refunded ${formatKwacha(given)} of ${formatKwacha(paid)} (${formatKwacha(paid - given)} kept)` : `Refunded ${formatKwacha(given)}`;
}

/**
 * "Unpaid: MK 35,000", and for a man restored after a part refund (he owes the fee again, decision
 * 021) what the ministry kept of his earlier payment, for staff to weigh: "(MK 5,000 kept at his refund)".
 */
function owedText(price: number, refund?: { given: number; paid: number }): string {
  return refund && refund.given < refund.paid ? `${unpaidText(price)} (${formatKwacha(refund.paid - refund.given)} kept at his refund)` : unpaidText(price);
}

/** "Unpaid: MK 15,000" for someone who owes the fee, else how it was settled (`refund`: what a refund gave back, of what he paid). */
export function PaymentBadge({ state, price, refund }: { state: PaymentState; price: number; refund?: { given: number; paid: number } }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[state]}`}>
      {state === "unpaid" ? owedText(price, refund) : state === "refunded" && refund ? refundedText(refund) : PAYMENT_LABELS[state]}
    </span>
  );
}

const small = "rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-50";
const amountInput = "mt-1 block w-36 rounded-md border border-stone-300 px-2 py-1.5 text-base aria-invalid:border-red-600";

/** A money form refused for what was typed (the amount, the receipt): said under the field, the form open, what was typed kept. */
export type PaymentRefusal = {
  paymentRefused: { registrationId: number; intent: "record-cash" | "record-refund"; field: "amount" | "receipt_number"; message: string; amount: string; receipt_number: string };
};

type Refused = PaymentRefusal["paymentRefused"] | null;

/** The page's answer when it refused one of these forms (the desk's and the door's actions answer other posts too). */
function useRefusedPayment(): Refused {
  const answer = useActionData<unknown>();
  return answer !== null && typeof answer === "object" && "paymentRefused" in answer ? (answer as PaymentRefusal).paymentRefused : null;
}

/** One of the money forms' fields, with its refusal under it. */
function MoneyField({ id, name, label, defaultValue, required = false, refused }: { id: string; name: "amount" | "receipt_number"; label: string; defaultValue: string; required?: boolean; refused: Refused }) {
  const error = refused?.field === name ? refused.message : null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {required ? <RequiredLabel>{label}</RequiredLabel> : label}
      </label>
      <input
        id={id}
        name={name}
        inputMode={name === "amount" ? "numeric" : undefined}
        maxLength={name === "amount" ? 20 : 40}
        required={required}
        defaultValue={defaultValue}
        className={amountInput}
        {...(error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {})}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={`${FIELD_ERROR_CLASS} max-w-xs`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The money actions on one person: "Take cash" at the door ("Record cash payment" at the desk)
 * with the amount and the receipt number; at the desk also "Waive fee" (confirmed in a second step)
 * and "Record refund". The page's refusal of what was typed, when it is this person's, opens its
 * form again with the message under the field.
 */
export function PaymentActions({
  id,
  name,
  state,
  price,
  door = false,
  extra,
  paying = false,
  placed = false,
  describedBy,
}: {
  id: number;
  name: string;
  state: PaymentState;
  price: number;
  door?: boolean;
  /** A second payment still to give back, or one that did not match the fee (`mismatch`). */
  extra?: ExtraPayment;
  /** A mobile money prompt is open on his phone now: cash taken too would be paid twice. */
  paying?: boolean;
  /** He still has a place: his fee is refunded once he is cancelled (a second payment, any time). */
  placed?: boolean;
  /** The id of what tells this man apart from another of his name (the desk's row: his code and phone). */
  describedBy?: string;
}) {
  const refused = useRefusedPayment();
  const mine = refused?.registrationId === id ? refused : null;
  const cash = mine?.intent === "record-cash" ? mine : null;
  const refund = mine?.intent === "record-refund" ? mine : null;
  if (state === "unpaid") {
    return (
      <div className="flex flex-wrap items-start gap-2">
        <details className="rounded-md border border-stone-200 bg-white" open={cash ? true : undefined}>
          <summary aria-describedby={describedBy} className={`${small} cursor-pointer list-none border-0`}>{door ? "Take cash" : "Record cash payment"}<span className="sr-only"> from {name}</span></summary>
          <Form method="post" preventScrollReset noValidate className="space-y-2 p-3">
            <input type="hidden" name="registration_id" value={id} />
            {paying ? <p className={`max-w-xs ${NOTICE_CLASS}`}>{DESK_PAYING_NOW.warning(name)}</p> : null}
            <MoneyField id={`cash-amount-${id}`} name="amount" label="Amount (MK)" defaultValue={cash?.amount ?? String(price)} refused={cash} />
            <MoneyField id={`cash-receipt-${id}`} name="receipt_number" label="Receipt number" defaultValue={cash?.receipt_number ?? ""} required refused={cash} />
            <button type="submit" name="intent" value="record-cash" aria-describedby={describedBy} className={buttonClass.primary}>
              Record {door ? "cash" : "cash payment"}
            </button>
          </Form>
        </details>
        {door ? null : (
          // Asked twice (open, then confirm): a waiver cannot be taken back.
          <details className="rounded-md border border-stone-200 bg-white">
            <summary aria-describedby={describedBy} className={`${small} cursor-pointer list-none border-0`}>Waive fee<span className="sr-only"> for {name}</span></summary>
            <Form method="post" preventScrollReset className="max-w-xs space-y-2 p-3">
              <input type="hidden" name="registration_id" value={id} />
              {paying ? <p className={NOTICE_CLASS}>{DESK_PAYING_NOW.waiveWarning(name)}</p> : null}
              <p className="text-sm text-stone-800">
                {name} will not pay the {formatKwacha(price)} fee. A waiver cannot be undone.
              </p>
              <button type="submit" name="intent" value="waive-fee" aria-describedby={describedBy} className={buttonClass.danger}>
                Waive the fee<span className="sr-only"> for {name}</span>
              </button>
            </Form>
          </details>
        )}
        {/* Money that did not match the fee: given back, he pays the fee as any man who owes it. */}
        {!door && extra ? <RefundForm id={id} name={name} price={price} extra={extra} refund={refund} describedBy={describedBy} owesFee /> : null}
      </div>
    );
  }
  if (door) return null;
  // A payment that was not his fee (paid twice, or not matching it) is given back whatever settled the fee: paid, cash, waived.
  if (extra) return <RefundForm id={id} name={name} price={price} extra={extra} refund={refund} describedBy={describedBy} owesFee={false} />;
  if ((state !== "paid-online" && state !== "cash") || placed) return null;
  return <RefundForm id={id} name={name} price={price} refund={refund} describedBy={describedBy} owesFee={false} />;
}

/** "Record refund": of one payment (`extra`: a second one, or one not matching the fee), else of the fee. */
function RefundForm({
  id,
  name,
  price,
  extra,
  refund,
  describedBy,
  owesFee,
}: {
  id: number;
  name: string;
  price: number;
  extra?: ExtraPayment;
  refund: Refused;
  describedBy?: string;
  /** His fee is still owed (after the refund of a payment that did not match it, he pays it as before). */
  owesFee: boolean;
}) {
  return (
    <details className="rounded-md border border-stone-200 bg-white" open={refund ? true : undefined}>
      <summary aria-describedby={describedBy} className={`${small} cursor-pointer list-none border-0`}>Record refund<span className="sr-only"> to {name}</span></summary>
      <Form method="post" preventScrollReset noValidate className="space-y-2 p-3">
        <input type="hidden" name="registration_id" value={id} />
        {extra ? (
          // One payment: his second (his fee stays paid), or one that did not match the fee (he owes it as before).
          <>
            <input type="hidden" name="refund_of" value={extra.paymentId} />
            <p className="text-sm text-stone-800">
              {extra.mismatch
                ? `Gives back his payment that did not match the fee, ${formatKwacha(extra.amount)}. Record it once he has the money back; ${owesFee ? "he then owes the fee as before" : "his fee stays as it is"}.`
                : extra.afterWaiver
                  ? `Gives back his payment of ${formatKwacha(extra.amount)}, which came after his fee was waived. The waiver stays.`
                  : `Gives back his second payment, ${formatKwacha(extra.amount)}. His fee stays paid.`}
            </p>
          </>
        ) : (
          // Said before the button, as the waiver says its own: what it records, and that it stays.
          <p className="text-sm text-stone-800">
            Record this once {name} has been given the money back: his payment then shows as refunded, on this page and on his. It cannot be undone.
          </p>
        )}
        <MoneyField id={`refund-amount-${id}`} name="amount" label="Amount (MK)" defaultValue={refund?.amount ?? String(extra?.amount ?? price)} refused={refund} />
        <button type="submit" name="intent" value="record-refund" aria-describedby={describedBy} className={buttonClass.danger}>
          Record refund
        </button>
      </Form>
    </details>
  );
}
