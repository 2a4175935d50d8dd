// The registrations CSV's payment columns, after the events feature's own (issue 23): Payment,
// Amount paid (MK), Paid by, Payment reference. Read a page at a time, beside the export's pages.
import { and, asc, eq, sql } from "drizzle-orm";
import { payments } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { PAYMENT_LABELS, type PaymentState } from "./desk-payment-parts";
import { OPERATOR_NAMES } from "./operators";

export const PAYMENT_CSV_HEADER = ["Payment", "Amount paid (MK)", "Paid by", "Payment reference"];

export type SettledPayment = { amount: number; paidBy: string; reference: string };

/** For one page of registrations: how each one's fee was paid (the payment that counted), by registration id. */
export async function settledPaymentsOf(registrationIds: number[]): Promise<Map<number, SettledPayment>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await getDb()
    .select()
    .from(payments)
    // One bound parameter for the page's ids (D1 allows 100 a statement; a page holds 500).
    .where(and(sql`${payments.registration_id} IN (SELECT value FROM json_each(${JSON.stringify(registrationIds)}))`, eq(payments.status, "paid"), eq(payments.flagged, false), eq(payments.refund_due, false)))
    .orderBy(asc(payments.id))
    .all();
  const settled = new Map<number, SettledPayment>();
  for (const row of rows) {
    if (row.registration_id === null || (row.kind !== "online" && row.kind !== "cash")) continue;
    settled.set(row.registration_id, {
      amount: row.kind === "online" ? (row.amount_received ?? row.amount) : row.amount,
      paidBy: row.kind === "cash" ? "Cash" : row.operator ? OPERATOR_NAMES[row.operator] : "Mobile money",
      reference: row.kind === "cash" ? (row.receipt_number ?? row.reference) : row.reference,
    });
  }
  return settled;
}

/** The four cells for one registration: empty for an event without a fee. */
export function paymentCsvCells(hasFee: boolean, state: PaymentState, settled: SettledPayment | undefined): (string | number)[] {
  if (!hasFee) return ["", "", "", ""];
  const paid = state === "paid-online" || state === "cash" || state === "refunded";
  return [PAYMENT_LABELS[state], paid && settled ? settled.amount : state === "waived" ? 0 : "", paid ? (settled?.paidBy ?? "") : "", paid ? (settled?.reference ?? "") : ""];
}
