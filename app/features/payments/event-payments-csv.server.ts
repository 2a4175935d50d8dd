// Every payment of one event, one row each, as a treasurer matches them with PayChangu's statement
// and the cash receipt book: online charges (paid, under way or failed), cash, waivers and refunds,
// with their references, who recorded them and what staff must know of them. Administrators only
// (the admin guard's "other" area), logged as an export.
import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { formatInSiteZone } from "~/lib/time";
import { spreadsheetPhone } from "~/server/phone.server";
import { OPERATOR_NAMES, type PaymentOperator } from "./operators";
import { receivedOf } from "./payment-exports.server";
import { givenBackSql } from "./refunded-fees.server";

export const EVENT_PAYMENTS_CSV_HEADER = [
  "Date",
  "Reference",
  "Provider reference",
  "Receipt number",
  "Kind",
  "Status",
  "Amount (MK)",
  "Received (MK)",
  "Given back (MK)",
  "Paid by",
  "Payer phone",
  "Name",
  "Code",
  "Recorded by",
  "Note",
];

type Row = {
  id: number;
  reference: string;
  provider_reference: string | null;
  receipt_number: string | null;
  kind: "online" | "cash" | "waiver" | "refund";
  status: "pending" | "paid" | "failed";
  amount: number;
  amount_received: number | null;
  operator: PaymentOperator | null;
  phone_number: string | null;
  full_name: string | null;
  code: string | null;
  recorded_by: string | null;
  flag_reason: string | null;
  refund_due: number;
  /** A paid payment given back since: by its own refund (a second payment) or with the fee. */
  given_back: number;
  refund_of_reference: string | null;
  failure_reason: string | null;
  at: string;
};

const KINDS: Record<Row["kind"], string> = { online: "Mobile money", cash: "Cash", waiver: "Fee waived", refund: "Refund" };
const STATUSES: Record<Row["status"], string> = { pending: "Under way", paid: "Done", failed: "Failed" };

/** A page of the event's payments after `after` (by id), oldest first. */
export async function eventPaymentsAfter(eventId: number, after: Row | null, limit = 500): Promise<Row[]> {
  return getDb().all<Row>(sql`SELECT p.id, p.reference, p.provider_reference, p.receipt_number, p.kind, p.status, p.amount, p.amount_received,
      p.operator, p.phone_number, r.full_name, r.code, p.recorded_by, p.flag_reason, p.refund_due,
      CASE WHEN p.status = 'paid' AND p.kind IN ('online', 'cash') AND ${givenBackSql("p")} THEN 1 ELSE 0 END AS given_back, o.reference AS refund_of_reference,
      p.failure_reason, COALESCE(p.paid_at, p.created_at) AS at
    FROM payments p LEFT JOIN event_registrations r ON r.id = p.registration_id LEFT JOIN payments o ON o.id = p.refund_of
    WHERE p.event_id = ${eventId} AND p.id > ${after?.id ?? 0}
    ORDER BY p.id LIMIT ${limit}`);
}

/** What staff must know of a payment, in words. */
function noteOf(row: Row): string {
  return [
    row.kind === "refund" ? (row.refund_of_reference ? `Gives back ${row.refund_of_reference}` : "Gives back the fee") : null,
    // Once given back, a second payment is no longer due to anyone: a treasurer must not pay it twice.
    row.refund_due ? (row.given_back ? "Paid twice: given back" : "Paid twice: refund due") : row.given_back ? "The fee was refunded since (see the refund)" : null,
    row.flag_reason,
    row.status === "failed" ? row.failure_reason : null,
  ]
    .filter(Boolean)
    .join("; ");
}

export function eventPaymentCells(row: Row): (string | number | null)[] {
  return [
    formatInSiteZone(row.at, "MMM d, yyyy HH:mm") ?? "",
    row.reference,
    row.provider_reference,
    row.receipt_number,
    KINDS[row.kind],
    STATUSES[row.status],
    row.kind === "waiver" ? 0 : row.amount,
    // Money in and money out in two columns (a spreadsheet reads "-10000" from a CSV as text): their difference is what the event kept.
    row.status === "paid" && (row.kind === "online" || row.kind === "cash") ? receivedOf(row) : 0,
    row.status === "paid" && row.kind === "refund" ? row.amount : 0,
    row.kind === "online" ? (row.operator ? OPERATOR_NAMES[row.operator] : "Mobile money") : row.kind === "cash" ? "Cash" : "",
    row.phone_number ? spreadsheetPhone(row.phone_number) : "",
    row.full_name,
    row.code,
    row.recorded_by ?? (row.kind === "online" ? "PayChangu" : ""),
    noteOf(row),
  ];
}
