// The registrations CSV's payment columns, after the events feature's own (issue 23): Payment,
// Amount paid (MK), Paid by, Payment reference, then what else came in and went back (Other
// payments, Refunded, a note). Read a page at a time, beside the export's pages.
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { payments, type RegistrationStatus } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { PAYMENT_LABELS, type PaymentState } from "./desk-payment-parts";
import { DESK_PAYMENT_MESSAGES } from "./desk-payments.server";
import { OPERATOR_NAMES } from "./operators";
import { givenBackWithFeeSql } from "./refunded-fees.server";

export const PAYMENT_CSV_HEADER = ["Payment", "Amount paid (MK)", "Paid by", "Payment reference", "Other payments (MK)", "Refunded (MK)", "Payment note"];

export type SettledPayment = { amount: number; paidBy: string; reference: string };

/**
 * What one registration paid: the payment that counted for the fee, and apart from it what else came
 * in (a second payment, an amount to check, a fee given back before he was restored) and what was
 * given back, with a note staff can read, so the export adds up to what the provider and the cash box show.
 */
export type RegistrationPayments = { settled?: SettledPayment; other: number; refunded: number; notes: string[] };

type PaymentRecord = typeof payments.$inferSelect;

/** What a payment brought in: an online one as the provider confirmed it, cash as taken. */
export function receivedOf(row: Pick<PaymentRecord, "kind" | "amount" | "amount_received">): number {
  return row.kind === "online" ? (row.amount_received ?? row.amount) : row.amount;
}

/** Why a payment did not count for the fee, and whether it was given back. */
function otherPaymentNote(row: PaymentRow, givenBack: boolean): string {
  if (row.refund_due) return `Paid twice: ${row.reference}, ${givenBack || row.given_back_with_fee ? "given back" : "refund due"}`;
  if (row.given_back_with_fee) return `Fee paid before a refund: ${row.reference}, given back`;
  return `To check: ${row.reference}${row.flag_reason ? `, ${row.flag_reason}` : ""}`;
}

type PaymentRow = PaymentRecord & { given_back_with_fee: boolean; refunded_now: boolean };

/**
 * Whether a fee payment is the one the row names (Amount paid, Paid by, reference): his latest, unless
 * it was given back with the fee and he was restored since (he owes the fee again, or paid it again).
 */
function countsForTheFee(row: PaymentRow, latest: PaymentRow | undefined): boolean {
  return row === latest && (!row.given_back_with_fee || row.refunded_now);
}

/** For one page of registrations: what each one paid, by registration id (every paid payment in one of the money columns). */
export async function paymentsOfRegistrations(registrationIds: number[]): Promise<Map<number, RegistrationPayments>> {
  if (registrationIds.length === 0) return new Map();
  const rows: PaymentRow[] = await getDb()
    .select({
      ...getTableColumns(payments),
      given_back_with_fee: sql<boolean>`${givenBackWithFeeSql("payments")}`.mapWith(Boolean),
      refunded_now: sql<boolean>`(SELECT payment_status FROM event_registrations r WHERE r.id = payments.registration_id) = 'refunded'`.mapWith(Boolean),
    })
    .from(payments)
    // One bound parameter for the page's ids (D1 allows 100 a statement; a page holds 500).
    .where(and(sql`${payments.registration_id} IN (SELECT value FROM json_each(${JSON.stringify(registrationIds)}))`, eq(payments.status, "paid")))
    .orderBy(asc(payments.id))
    .all();
  const givenBack = new Set(rows.map((row) => row.refund_of).filter((id) => id !== null));
  // Each man's latest payment of the fee (online or cash, nothing to check about it).
  const feePayments = rows.filter((row) => row.kind !== "waiver" && row.kind !== "refund" && !row.flagged && !row.refund_due);
  const latestFee = new Map(feePayments.map((row) => [row.registration_id, row]));
  const byRegistration = new Map<number, RegistrationPayments>();
  for (const row of rows) {
    if (row.registration_id === null || row.kind === "waiver") continue;
    const paid = byRegistration.get(row.registration_id) ?? { other: 0, refunded: 0, notes: [] };
    byRegistration.set(row.registration_id, paid);
    if (row.kind === "refund") {
      paid.refunded += row.amount;
    } else if (countsForTheFee(row, latestFee.get(row.registration_id))) {
      paid.settled = {
        amount: receivedOf(row),
        paidBy: row.kind === "cash" ? "Cash" : row.operator ? OPERATOR_NAMES[row.operator] : "Mobile money",
        reference: row.kind === "cash" ? (row.receipt_number ?? row.reference) : row.reference,
      };
    } else {
      // A second payment, one to check, or one given back with the fee before a restore.
      paid.other += receivedOf(row);
      paid.notes.push(otherPaymentNote(row, givenBack.has(row.id)));
    }
  }
  return byRegistration;
}

/**
 * The Payment cell of a fee not paid: "Unpaid" only for a man who owes it (owesFee: he has a
 * place); one waiting or cancelled owes nothing, and staff working from the file must not chase him.
 */
function unpaidLabel(status: RegistrationStatus): string {
  return status === "confirmed" ? PAYMENT_LABELS.unpaid : status === "waitlisted" ? "Not due (waiting list)" : "Not due (cancelled)";
}

/** The seven cells for one registration: empty for an event without a fee. */
export function paymentCsvCells(hasFee: boolean, status: RegistrationStatus, state: PaymentState, paid: RegistrationPayments | undefined): (string | number)[] {
  if (!hasFee) return ["", "", "", "", "", "", ""];
  const settled = paid?.settled;
  const feePaid = state === "paid-online" || state === "cash" || state === "refunded";
  return [
    state === "unpaid" ? unpaidLabel(status) : PAYMENT_LABELS[state],
    feePaid && settled ? settled.amount : state === "waived" ? 0 : "",
    feePaid ? (settled?.paidBy ?? "") : "",
    feePaid ? (settled?.reference ?? "") : "",
    paid?.other || "",
    paid?.refunded || "",
    // The desk's own word for money from a man no longer confirmed: staff working from the file must see it too.
    [...(paid?.notes ?? []), ...(status !== "confirmed" && (state === "paid-online" || state === "cash") ? [DESK_PAYMENT_MESSAGES.paidNotConfirmed] : [])].join("; "),
  ];
}
