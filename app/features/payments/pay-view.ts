// What the private page shows of a registration's fee: nothing (free), what is owed with the pay
// form, a payment under way, or how it was paid. Built on the server; safe in the browser.
import { formatKwacha } from "~/lib/money";
import { OPERATOR_NAMES, type PaymentOperator, TOO_MANY_FOR_PHONE, TOO_MANY_FOR_PHONE_TODAY } from "./operators";

export const PAY_TEXT = {
  heading: "Fee",
  owed: (amount: number) => `Fee: ${formatKwacha(amount)}`,
  later: (amount: number) => `Fee: ${formatKwacha(amount)}, paid once you have a place. Nothing is to pay while you are on the waiting list: when a place opens, this page shows how to pay.`,
  payBy: (when: string) => `Pay by ${when} to keep your place: after that it goes to the next person waiting.`,
  how: "Pay with Airtel Money or TNM Mpamba. Your phone will ask you to approve the payment with your PIN.",
  phoneLabel: "Mobile money number",
  operatorLegend: "Which wallet is this number?",
  button: (amount: number) => `Pay ${formatKwacha(amount)}`,
  pendingTitle: "Approve the payment on your phone",
  /** `phoneEnd`: the last digits of the number asked (a payment started from another tab may have used another). */
  pending: (amount: number, operator: string, phoneEnd: string | null) =>
    `${phoneEnd ? `The phone ending ${phoneEnd}` : "Your phone"} will ask you to approve ${formatKwacha(amount)} from ${operator} with your PIN. This page updates by itself.`,
  simulator: "Open the payment simulator (local runs: it stands in for the phone)",
  refresh: "Check again",
  paid: (amount: number, operator: string, date: string, reference: string) => `Paid: ${formatKwacha(amount)} by ${operator} on ${date}, reference ${reference}`,
  cash: "Paid in cash, at the registration desk or the door.",
  waived: "No fee to pay: it was waived.",
  /** How much his fee's refund gave back, and of what he paid when it kept some (null: not known). */
  refunded: (given: number | null, paid: number | null) =>
    given === null
      ? "Your payment was refunded."
      : paid !== null && given < paid
        ? `${formatKwacha(given)} of your ${formatKwacha(paid)} was given back.`
        : `Your payment of ${formatKwacha(given)} was given back.`,
  /** Restored after a part refund, he owes the fee again (decision 021): what was kept of his earlier payment, for him to raise. */
  keptBefore: (kept: number) =>
    `When your registration was cancelled and refunded, ${formatKwacha(kept)} of your earlier payment was kept. Ask the organisers whether it counts towards this fee.`,
  extraDue: (amount: number, reference: string) => `You paid twice: your second payment, ${formatKwacha(amount)} (reference ${reference}), will be given back to you.`,
  extraGivenBack: (amount: number, reference: string) => `You paid twice: your second payment, ${formatKwacha(amount)} (reference ${reference}), was given back to you.`,
  /** A payment that came after his fee was waived (he was paying as it was waived): not "twice". */
  afterWaiverDue: (amount: number, reference: string) => `Your payment of ${formatKwacha(amount)} (reference ${reference}) came after your fee was waived, so it will be given back to you.`,
  afterWaiverGivenBack: (amount: number, reference: string) => `Your payment of ${formatKwacha(amount)} (reference ${reference}) came after your fee was waived, so it was given back to you.`,
  /** A payment that did not match the fee (decision 050), once the fee was settled another way (cash, a waiver) or it was given back. */
  mismatchDue: (amount: number, reference: string) => `Your payment of ${formatKwacha(amount)} (reference ${reference}), which did not match the fee, will be given back to you.`,
  mismatchGivenBack: (amount: number, reference: string) => `Your payment of ${formatKwacha(amount)} (reference ${reference}), which did not match the fee, was given back to you.`,
  /** A payment recorded and flagged (decision 050): its amount (null when not in kwacha), the fee, its reference. */
  toCheck: (amount: number | null, fee: number, reference: string) =>
    `A payment${amount === null ? "" : ` of ${formatKwacha(amount)}`} arrived (reference ${reference}), but it does not match the fee of ${formatKwacha(fee)}. The office will sort it out with you, and your place is kept until then. Please do not pay again.`,
  toCheckRefused: "A payment for this registration arrived that does not match the fee. The office will sort it out with you, and your place is kept until then. Please do not pay again.",
  failed: "The last payment did not go through. You can try again.",
  unanswered: "The last payment request got no answer from your phone in time. If your phone did not ask for your PIN, you can try again.",
  notSetUp: "Online payment is not available yet. You can pay at the registration desk.",
  phoneInvalid: "Please enter a Malawi mobile money number, for example 0991 234 567",
  operatorMissing: "Please choose Airtel Money or TNM Mpamba",
  inProgress: "A payment is already under way. Please approve it on your phone, or try again in 2 minutes.",
  nothingOwed: "There is nothing to pay for this registration.",
  startFailed: "The payment could not be started. Please try again.",
  tooMany: "Too many payments have been started from your internet connection. Please wait 10 minutes and try again.",
  tooManyForPhone: TOO_MANY_FOR_PHONE,
  tooManyForPhoneToday: TOO_MANY_FOR_PHONE_TODAY,
} as const;

export type PayPanel =
  | { state: "owed"; amount: number; phone: string; operator: PaymentOperator | null; lastTry: "failed" | "unanswered" | null; payable: boolean; payBy: string | null; extra: string | null }
  | { state: "pending"; amount: number; reference: string; operatorName: string; phoneEnd: string | null; simulatorHref: string | null; refresh: string }
  | { state: "paid"; text: string; flagged: boolean; extra: string | null }
  | { state: "settled"; text: string; extra: string | null }
  | { state: "later"; text: string }
  | { state: "to-check"; text: string };

/**
 * How soon a page with a payment under way looks again by itself (its meta refresh): every 5 seconds
 * while the phone's PIN prompt is fresh, then less often. Each look downloads the page again on
 * costly data and asks the provider, and a prompt not approved in the first minutes rarely is.
 */
export function pendingRefreshSeconds(startedAt: string, now: Date): number {
  const waited = now.getTime() - Date.parse(startedAt);
  if (waited < 30_000) return 5;
  return waited < 3 * 60_000 ? 15 : 60;
}

/**
 * The meta refresh of a page with a payment under way, after `seconds`: to `path` with a new `check`
 * each time and on to `#anchor`. The page's own address ends in #anchor after its form (the answer
 * at the fee): a refresh to an address that differs from it only in its #fragment would just
 * scroll, never load the page again.
 */
export function pendingRefresh(seconds: number, path: string, anchor: string, now: Date): string {
  return `${seconds};url=${path}?check=${now.getTime()}#${anchor}`;
}

export function operatorName(operator: PaymentOperator | null): string {
  return operator ? OPERATOR_NAMES[operator] : "mobile money";
}
