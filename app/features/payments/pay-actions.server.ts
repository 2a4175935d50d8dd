// The private page's fee: its panel (from the page's one batch), looking again at a payment under
// way, and the pay form's action.
import { formatInSiteZone } from "~/lib/time";
import { PAY_BY_FORMAT } from "~/lib/constants";
import { readablePhone } from "~/server/phone.server";
import { operatorOfPhone } from "./operators";
import type { PayFormAnswer } from "./pay-panel";
import { FEE_HEADING_ID } from "~/features/events";
import { operatorName, PAY_TEXT, type PayPanel, pendingRefresh, pendingRefreshSeconds } from "./pay-view";
import { PENDING_BLOCK_MINUTES, type PaymentRow, type RegistrationFeeRow, settlePayment, startRegistrationPayment } from "./payments.server";
import { paymentsReady, simulatorOn } from "~/server/payments-setup.server";
import { mayPromptFromAddress, walletOf } from "./wallet.server";


/** The panel for the private page, or null when the event is free (or nothing is owed and nothing was paid). */
export function payPanelOf(fee: RegistrationFeeRow | undefined, payments: PaymentRow[], now: Date, returnPath: string): PayPanel | null {
  if (!fee || !fee.price || fee.price <= 0) return null;
  const paid = payments.find((payment) => payment.status === "paid" && !payment.refund_due);
  const extra = extraPaymentText(payments, fee.payment_status === "waived");
  if (fee.payment_status === "paid-online" && paid) {
    const date = formatInSiteZone(paid.paid_at, "d MMM yyyy") ?? "";
    return { state: "paid", text: PAY_TEXT.paid(paid.amount_received ?? paid.amount, operatorName(paid.operator), date, paid.reference), flagged: Boolean(paid.flagged), extra };
  }
  if (fee.payment_status === "cash") return { state: "settled", text: PAY_TEXT.cash, extra };
  if (fee.payment_status === "waived") return { state: "settled", text: PAY_TEXT.waived, extra };
  if (fee.payment_status === "refunded") return { state: "settled", text: PAY_TEXT.refunded(fee.refund_given, fee.refund_paid), extra };
  if (fee.status === "cancelled") return null;
  // Only a place is paid for: on the waiting list, the fee is said, not asked for.
  if (fee.status === "waitlisted") return { state: "later", text: PAY_TEXT.later(fee.price) };
  // Money that came in and did not match the fee (flagged): staff sort it out; no new charge starts.
  const mismatched = payments.find((payment) => payment.status === "paid" && payment.flagged && !payment.refund_due && !payment.given_back && !payment.given_back_with_fee);
  if (mismatched) {
    const inKwacha = !mismatched.flag_reason?.includes("not kwacha");
    return { state: "to-check", text: PAY_TEXT.toCheck(inKwacha ? (mismatched.amount_received ?? mismatched.amount) : null, fee.price, mismatched.reference) };
  }
  const latest = payments[0];
  const blockedSince = now.getTime() - PENDING_BLOCK_MINUTES * 60_000;
  if (latest?.status === "pending" && Date.parse(latest.created_at) > blockedSince) {
    const simulatorHref = simulatorOn() ? `/api/payments/simulator/${encodeURIComponent(latest.reference)}?return=${encodeURIComponent(returnPath)}` : null;
    return { state: "pending", amount: latest.amount, reference: latest.reference, operatorName: operatorName(latest.operator), phoneEnd: latest.phone_number?.slice(-3) ?? null, simulatorHref, refresh: pendingRefresh(pendingRefreshSeconds(latest.created_at, now), returnPath, FEE_HEADING_ID, now) };
  }
  // Restored after a part refund: what was kept of what he paid before, said beside the fee owed again.
  const kept = fee.refund_given !== null && fee.refund_paid !== null && fee.refund_given < fee.refund_paid ? PAY_TEXT.keptBefore(fee.refund_paid - fee.refund_given) : null;
  return {
    state: "owed",
    amount: fee.price,
    phone: readablePhone(fee.phone_number),
    operator: operatorOfPhone(fee.phone_number),
    // A request still pending here is older than its prompt: the provider has not said it failed.
    lastTry: latest === undefined || latest.status === "paid" ? null : latest.status === "pending" ? "unanswered" : "failed",
    payable: paymentsReady(),
    // "Friday, November 28 at 2:30 PM" (Malawi time): the event's "Hours to pay" from when the place was given.
    payBy: formatInSiteZone(fee.pay_by, PAY_BY_FORMAT),
    extra: extra ?? kept,
  };
}

/**
 * A payment that was not his fee: a second one for a fee already paid, or one that did not match the
 * fee (flagged, decision 050; while the fee is still owed the "to-check" panel says it instead): that
 * it will be, or was, given back. Nothing of one given back with the fee's refund: the refund's line
 * says what it gave back of all he paid.
 */
function extraPaymentText(payments: PaymentRow[], waived: boolean): string | null {
  const extra = payments.find((payment) => payment.status === "paid" && (payment.refund_due || payment.flagged));
  if (!extra || (extra.given_back_with_fee && !extra.given_back)) return null;
  const amount = extra.amount_received ?? extra.amount;
  if (!extra.refund_due) return extra.given_back ? PAY_TEXT.mismatchGivenBack(amount, extra.reference) : PAY_TEXT.mismatchDue(amount, extra.reference);
  // A waiver needs the fee unpaid: a payment due back from a man waived came after it, not twice.
  if (waived) return extra.given_back ? PAY_TEXT.afterWaiverGivenBack(amount, extra.reference) : PAY_TEXT.afterWaiverDue(amount, extra.reference);
  return extra.given_back ? PAY_TEXT.extraGivenBack(amount, extra.reference) : PAY_TEXT.extraDue(amount, extra.reference);
}

/** The latest payment still under way, to ask the provider about before showing the page. */
export function pendingReference(payments: PaymentRow[]): string | null {
  return payments[0]?.status === "pending" ? payments[0].reference : null;
}

/** Asks the provider about a payment under way; true when that settled it (the page should read again). */
export async function lookAgain(reference: string, now: Date): Promise<boolean> {
  const outcome = await settlePayment(reference, now);
  return outcome === "paid" || outcome === "failed";
}

export type PayActionResult = { ok: true } | { ok: false; status: number; answer: PayFormAnswer };

/**
 * The pay form: the number (and the wallet when its prefix does not tell), then the charge; a valid
 * form counts toward its connection's mobile-money prompts (shared with /give).
 */
export async function payAction(request: Request, token: string, form: FormData, now: Date): Promise<PayActionResult> {
  const typedPhone = String(form.get("phone_number") ?? "").slice(0, 40);
  const typedOperator = String(form.get("operator") ?? "");
  const values = { phone_number: typedPhone, operator: typedOperator };
  const { phone, operator } = walletOf(typedPhone, typedOperator);
  // One mistake, one message (as /give): the wallet is asked for only of a number that can be one.
  const fieldErrors = phone ? (operator ? {} : { operator: PAY_TEXT.operatorMissing }) : { phone_number: PAY_TEXT.phoneInvalid };
  if (!phone || !operator) return { ok: false, status: 400, answer: { fieldErrors, values } };
  if (!(await mayPromptFromAddress(request))) return { ok: false, status: 429, answer: { payError: PAY_TEXT.tooMany, values } };
  const started = await startRegistrationPayment(token, phone, operator, now);
  switch (started.outcome) {
    case "started":
      return { ok: true };
    case "phone-limit":
      return { ok: false, status: 429, answer: { payError: PAY_TEXT.tooManyForPhone, values } };
    case "phone-day-limit":
      return { ok: false, status: 429, answer: { payError: PAY_TEXT.tooManyForPhoneToday, values } };
    case "in-progress":
      return { ok: false, status: 409, answer: { payError: PAY_TEXT.inProgress, values } };
    case "to-check":
      return { ok: false, status: 409, answer: { payError: PAY_TEXT.toCheckRefused, values } };
    case "nothing-owed":
    case "not-found":
      return { ok: false, status: 409, answer: { payError: PAY_TEXT.nothingOwed, values } };
    case "not-set-up":
      return { ok: false, status: 503, answer: { payError: PAY_TEXT.notSetUp, values } };
    case "provider-refused":
      return { ok: false, status: 502, answer: { payError: PAY_TEXT.startFailed, values } };
  }
}
