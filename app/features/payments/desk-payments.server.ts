// Money at the registration desk and the door: each person's payment, the event's totals, and the
// staff's three money actions (cash taken with its receipt number, a fee waived, a refund). Each
// action is one batch: the guarded change of the registration, then (only if it landed, SQLite's
// changes()) the payments row, then the activity log's line, so a double tap records nothing twice.
import { sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { data, type RouterContextProvider } from "react-router";
import { adminContext } from "~/features/accounts";
import { publicPagesUnchanged } from "~/features/accounts/index.server";
import { owesFeeSql, registrationName } from "~/features/events/index.server";
import { batchable, type Db, getDb } from "~/db/db.server";
import type { RegistrationStatus } from "~/db/schema";
import { feeOf, formatKwacha, MAX_AMOUNT } from "~/lib/money";
import type { ExtraPayment, PaymentRefusal, PaymentState } from "./desk-payment-parts";
import type { DeskTotals } from "./payment-totals";
import { feePaid } from "~/lib/stored-choices";
import { errorToast, parseId } from "~/server/admin-actions.server";
import { postedPagePath } from "~/server/forms.server";
import { outboxIdsOf, sendAfterResponse } from "~/server/outbox.server";
import { redirectWithToast } from "~/server/toast.server";
import { feePaidSmsQuery, newPaymentReference, PENDING_BLOCK_MINUTES } from "./payments.server";
import { type FeeRefund, givenBackSql, lastFeeRefundsSql } from "./refunded-fees.server";
import { paymentsReady } from "~/server/payments-setup.server";

export const DESK_PAYMENT_MESSAGES = {
  amountInvalid: "Please enter the amount in whole kwacha, from MK 1 to MK 5,000,000 (for example 15000)",
  receiptMissing: "Please enter the receipt number",
  notUnpaid: "This person's fee is already settled (paid or waived), perhaps by someone else a moment ago: nothing was recorded. The page now shows it.",
  /** Only a place is paid for (decision 021): not from a man waiting, nor one cancelled. */
  notPlaced: "Only a confirmed place is paid for: this person is not confirmed. Nothing was recorded.",
  notPaid: "This person has not paid: there is nothing to refund.",
  /** A fee is given back to someone who is not coming; a second payment, to anyone. */
  refundPlaced: (name: string) => `${name} still has a place: cancel the registration first, then record the refund. Nothing was recorded.`,
  refundTooLarge: (received: number) => `A refund can be at most what this person paid and has not been given back: ${formatKwacha(received)}. Nothing was recorded.`,
  /** A man who paid twice: the refund gives back the second payment, and his fee stays paid. */
  extraGivenBack: "That second payment was given back already: nothing was recorded.",
  extraRefundTooLarge: (extra: number) => `This refund gives back the second payment, ${formatKwacha(extra)}: record at most that. His fee stays paid. Nothing was recorded.`,
  /** A payment that did not match the fee (flagged, decision 050): the refund gives it back, and the fee is still owed. */
  mismatchGivenBack: "That payment was given back already: nothing was recorded.",
  mismatchRefundTooLarge: (amount: number) => `This refund gives back the payment that did not match the fee, ${formatKwacha(amount)}: record at most that. Nothing was recorded.`,
  cashTooMuch: (fee: number) => `The fee is ${formatKwacha(fee)}: record at most that. Nothing was recorded.`,
  /** Less than the fee: the payment states have no "part paid", so cash counts once the whole fee is in. */
  cashTooLittle: (fee: number, volunteer: boolean) =>
    `The fee is ${formatKwacha(fee)}: record the cash when the whole fee is paid (keep the receipt until then). ${
      volunteer ? "For someone who cannot pay it, ask the organisers." : "For someone who cannot pay it, use Waive fee."
    } Nothing was recorded.`,
  notFound: "That registration does not exist.",
  /** A person's note on the desk: paid, then cancelled or back on the waiting list. */
  paidNotConfirmed: "Paid but no longer confirmed: refund or keep",
  cash: (name: string, amount: number) => ({ title: "Cash recorded", description: `${formatKwacha(amount)} from ${name}` }),
  waived: (name: string) => ({ title: "Fee waived", description: name }),
  refunded: (name: string, amount: number) => ({ title: "Refund recorded", description: `${formatKwacha(amount)} to ${name}` }),
  extraRefunded: (name: string, amount: number) => ({ title: "Refund recorded", description: `${formatKwacha(amount)} to ${name}: his second payment given back; his fee stays paid` }),
  mismatchRefunded: (name: string, amount: number) => ({
    title: "Refund recorded",
    description: `${formatKwacha(amount)} to ${name}: the payment that did not match the fee given back. He can now pay the fee online or in cash.`,
  }),
};


/** Whole kwacha from a form field, or null for anything else ("abc", 0, negative, decimals, too much). */
export function readAmount(value: FormDataEntryValue | null, min = 1): number | null {
  const text = typeof value === "string" ? value.replace(/[\s,]/g, "").replace(/^MK/i, "") : "";
  if (!/^\d{1,7}$/.test(text)) return null;
  const amount = Number(text);
  return amount >= min && amount <= MAX_AMOUNT ? amount : null;
}

/**
 * Which part of the totals a payment belongs to, by the person it came from (DeskTotals says what each
 * is). A payment given back with the fee stays refunded after its man is restored and pays again.
 */
const shareOfPayment = sql`CASE
    WHEN p.kind = 'refund' THEN 'given-back'
    WHEN r.payment_status = 'refunded' OR ${givenBackSql("p")} THEN 'refunded'
    WHEN r.payment_status IN ('paid-online', 'cash') AND r.status <> 'confirmed' THEN 'not-confirmed'
    WHEN r.payment_status IN ('paid-online', 'cash') AND p.flagged = 0 AND p.refund_due = 0 THEN 'fee'
    ELSE 'to-check' END`;

type Share = "fee" | "not-confirmed" | "refunded" | "to-check" | "given-back";
type ShareRow = { share: Share; online: number; cash: number; refunds: number; people: number };

/** The totals from each share's sums and the confirmed men still owing the fee. */
function deskTotalsOf(shares: ShareRow[], price: number, unpaid: number): DeskTotals {
  const of = (share: Share) => shares.find((row) => row.share === share) ?? { online: 0, cash: 0, refunds: 0, people: 0 };
  const fee = of("fee");
  const notConfirmed = of("not-confirmed");
  const refunded = of("refunded");
  const toCheck = of("to-check");
  const outstanding = price * unpaid;
  return {
    expected: fee.online + fee.cash + outstanding,
    online: fee.online,
    cash: fee.cash,
    outstanding,
    notConfirmed: { amount: notConfirmed.online + notConfirmed.cash, people: notConfirmed.people },
    refunded: { paid: refunded.online + refunded.cash, given: of("given-back").refunds, people: refunded.people },
    toCheck: toCheck.online + toCheck.cash,
    received: { online: shares.reduce((sum, row) => sum + row.online, 0), cash: shares.reduce((sum, row) => sum + row.cash, 0) },
  };
}

/** Who is paying the event's fee by mobile money right now (a prompt open on his phone: cash taken too would be paid twice), for a page's batch. */
export function payingNowQuery(db: Db, eventId: number, now = new Date()) {
  const promptsSince = new Date(now.getTime() - PENDING_BLOCK_MINUTES * 60_000).toISOString();
  return batchable(db.all<{ registration_id: number }>(sql`SELECT DISTINCT registration_id FROM payments
      WHERE event_id = ${eventId} AND kind = 'online' AND status = 'pending' AND created_at > ${promptsSince} AND registration_id IS NOT NULL`));
}

/** payingNowQuery's rows by registration id. */
export function payingNowOf(rows: readonly { registration_id: number }[]): Record<number, true> {
  return Object.fromEntries(rows.map((row) => [row.registration_id, true]));
}

/**
 * The fee, the totals, which people have a payment staff must look at (flagged, refund due, or
 * paid and no longer confirmed), who is paying by mobile money right now, and what each refunded
 * man was given back of what he paid: for the desk's batch.
 */
export function deskPaymentsQueries(db: Db, eventId: number, now = new Date()) {
  return [
    batchable(db.all<{ price: number | null }>(sql`SELECT price FROM churchevents WHERE id = ${eventId}`)),
    batchable(db.all<{ unpaid: number }>(sql`SELECT count(*) AS unpaid FROM event_registrations
      WHERE event_id = ${eventId} AND ${owesFeeSql("event_registrations")}`)),
    batchable(db.all<ShareRow>(sql`SELECT share,
        COALESCE(sum(amount) FILTER (WHERE kind = 'online'), 0) AS online,
        COALESCE(sum(amount) FILTER (WHERE kind = 'cash'), 0) AS cash,
        COALESCE(sum(amount) FILTER (WHERE kind = 'refund'), 0) AS refunds,
        count(DISTINCT registration_id) AS people
      FROM (SELECT p.kind, p.registration_id, ${shareOfPayment} AS share,
          CASE p.kind WHEN 'online' THEN COALESCE(p.amount_received, p.amount) ELSE p.amount END AS amount
        FROM payments p LEFT JOIN event_registrations r ON r.id = p.registration_id
        WHERE p.event_id = ${eventId} AND p.status = 'paid' AND p.kind IN ('online', 'cash', 'refund'))
      GROUP BY share`)),
    batchable(db.all<AttentionRow>(sql`SELECT p.registration_id,
        p.id AS payment_id, COALESCE(p.amount_received, p.amount) AS amount, p.refund_due, p.flag_reason, 0 AS not_confirmed,
        t.payment_status IN ('paid-online', 'cash', 'waived') AS fee_settled, t.payment_status = 'waived' AS waived
      FROM payments p JOIN event_registrations t ON t.id = p.registration_id
      WHERE p.event_id = ${eventId} AND p.status = 'paid' AND (p.refund_due = 1 OR p.flagged = 1)
        AND NOT ${givenBackSql("p")}
      UNION ALL
      SELECT id, NULL, 0, 0, NULL, 1, 1, 0 FROM event_registrations
      WHERE event_id = ${eventId} AND status <> 'confirmed' AND payment_status IN ('paid-online', 'cash')`)),
    payingNowQuery(db, eventId, now),
    batchable(db.all<FeeRefund & { registration_id: number }>(sql`SELECT registration_id, given, paid FROM (${lastFeeRefundsSql(sql`fr.event_id = ${eventId}`)})
      WHERE registration_id IN (SELECT id FROM event_registrations WHERE event_id = ${eventId} AND payment_status IN ('refunded', 'unpaid'))`)),
  ] as const;
}

/** A payment staff must look at (or a registration paid and no longer confirmed: no payment, `not_confirmed`). */
type AttentionRow = {
  registration_id: number;
  payment_id: number | null;
  amount: number;
  refund_due: number;
  flag_reason: string | null;
  not_confirmed: number;
  fee_settled: number;
  /** His fee was waived: a payment due back came after the waiver (waiving needs an unpaid fee), not a second one. */
  waived: number;
};

/** What staff must look at in one payment (or a registration paid and no longer confirmed). */
function attentionNote(row: AttentionRow, feeSettled: boolean): string {
  if (row.not_confirmed) return DESK_PAYMENT_MESSAGES.paidNotConfirmed;
  if (row.refund_due) return row.waived ? "Paid after the fee was waived: refund due" : "Paid twice: refund due";
  // Once his fee is settled another way (cash, a waiver), what is left is to give that payment back.
  return feeSettled ? `Payment to give back: ${row.flag_reason ?? ""}` : `Payment to check: ${row.flag_reason ?? ""}`;
}

/** What deskPaymentsQueries read, as the desk shows it; null for a free event. */
export function deskPaymentsOf([events, counts, shares, attention, prompts, refunds]: BatchResponse<ReturnType<typeof deskPaymentsQueries>>) {
  const price = feeOf(events[0]?.price);
  if (price === null) return null;
  const totals = deskTotalsOf(shares, price, counts[0]?.unpaid ?? 0);
  const notes = new Map<number, string[]>();
  // Each man's second payment still to give back, or one that did not match the fee: his refund form gives back that one.
  const extras: Record<number, ExtraPayment> = {};
  for (const row of attention) {
    notes.set(row.registration_id, [...(notes.get(row.registration_id) ?? []), attentionNote(row, Boolean(row.fee_settled))]);
    if (row.payment_id !== null) extras[row.registration_id] ??= { paymentId: row.payment_id, amount: row.amount, mismatch: !row.refund_due, afterWaiver: Boolean(row.waived) };
  }
  // What each refunded man's refund gave back, and of what he paid: his row says a part refund as one.
  const given: Record<number, FeeRefund> = Object.fromEntries(refunds.map(({ registration_id, ...refund }) => [registration_id, refund]));
  return { price, totals, notes: Object.fromEntries(notes), extras, paying: payingNowOf(prompts), refunds: given, ready: paymentsReady() };
}

export type DeskPayments = NonNullable<ReturnType<typeof deskPaymentsOf>>;

/** Whether a desk or door post is one of the money actions. */
export function isPaymentIntent(intent: string): boolean {
  return intent === "record-cash" || intent === "waive-fee" || intent === "record-refund";
}

type Context = Readonly<RouterContextProvider>;

/**
 * What a registration brought in and was not given back: its online payments as received and the
 * cash taken, less those given back already, by their own refund (a second payment) or with the fee
 * (a man restored and paying again, then cancelled, is refunded at most what he paid the second
 * time, whatever the first refund kept). What a refund of the fee may give back: a second payment
 * still due is given back with it.
 */
function receivedSql(registrationId: number) {
  return sql`(SELECT COALESCE(sum(CASE p.kind WHEN 'online' THEN COALESCE(p.amount_received, p.amount) ELSE p.amount END), 0)
    FROM payments p WHERE p.registration_id = ${registrationId} AND p.status = 'paid' AND p.kind IN ('online', 'cash')
      AND NOT ${givenBackSql("p")})`;
}

/**
 * Payment `paymentId` when it is one that is not this man's fee, paid twice or not matching the fee
 * (flagged: `mismatch`), and not yet given back (by itself or with the fee): its id and what it brought.
 */
function extraPaymentSql(registrationId: number, paymentId: number | null) {
  return sql`SELECT p.id, COALESCE(p.amount_received, p.amount) AS amount, p.refund_due = 0 AS mismatch FROM payments p
    WHERE p.id = ${paymentId ?? -1} AND p.registration_id = ${registrationId} AND p.status = 'paid' AND (p.refund_due = 1 OR p.flagged = 1)
      AND NOT ${givenBackSql("p")}`;
}

/**
 * The refund of one extra payment, once (a double tap finds it given back, and so does one racing a
 * refund of the fee that gave it back), with the activity log's line. True when recorded. A payment
 * that did not match the fee kept his place while the office sorted it out (decision 050): given
 * back, his "Hours to pay" start again from now (`restored_at`, read by payBySql as after a restore).
 */
async function refundExtraPayment(db: Db, refund: { registrationId: number; eventId: number; paymentId: number; amount: number; mismatch: boolean; by: string; at: string; target: string }): Promise<boolean> {
  const { registrationId, eventId, paymentId, amount, mismatch, by, at, target } = refund;
  const [inserted] = await db.batch([
    batchable(db.all<{ id: number }>(sql`INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, refund_of, recorded_by, paid_at, created_at, updated_at)
      SELECT ${newPaymentReference("REFUND")}, 'refund', 'paid', ${registrationId}, ${eventId}, ${amount}, ${paymentId}, ${by}, ${at}, ${at}, ${at}
      WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = ${paymentId} AND ${givenBackSql("p")}) RETURNING id`)),
    batchable(db.all(sql`INSERT INTO activity_log (at, actor, kind, action, target, summary)
      SELECT ${at}, ${by}, 'write', 'Recorded a refund', ${target}, ${`${formatKwacha(amount)}, ${mismatch ? "the payment that did not match the fee" : "the second payment"}`} WHERE changes() = 1`)),
    ...(mismatch ? [batchable(db.all(sql`UPDATE event_registrations SET restored_at = ${at}, updated_at = ${at} WHERE id = ${registrationId} AND changes() = 1`))] : []),
  ]);
  return inserted.length > 0;
}

/** Cash (amount and receipt number), a waiver, or a refund (amount) for one registration; answered with a toast. */
export async function changePayment(request: Request, context: Context, eventId: number, intent: string, id: number, form: FormData) {
  publicPagesUnchanged(context);
  const back = postedPagePath(request);
  const refuse = (message: string) => redirectWithToast(request, back, errorToast(message));
  const me = context.get(adminContext);
  const by = me.email;
  // A door volunteer takes cash; waivers and refunds are the desk's.
  if (me.role === "volunteer" && intent !== "record-cash") return refuse("Your account cannot use this.");
  const at = new Date().toISOString();
  const db = getDb();
  // A refund of one payment (the second of a man who paid twice, or one not matching the fee), as the desk's form said; else of the fee.
  const refundOf = intent === "record-refund" ? parseId(String(form.get("refund_of") ?? "")) : null;
  const person = (
    await db.all<{ full_name: string; status: RegistrationStatus; payment_status: PaymentState; price: number | null; received: number; extra_id: number | null; extra: number | null; mismatch: number | null; paid_twice: number | null }>(sql`SELECT t.full_name, t.status, t.payment_status, e.price,
      ${receivedSql(id)} AS received, x.id AS extra_id, x.amount AS extra, x.mismatch,
      (SELECT refund_due FROM payments WHERE id = ${refundOf ?? -1} AND registration_id = ${id}) AS paid_twice
    FROM event_registrations t JOIN churchevents e ON e.id = t.event_id
      LEFT JOIN (${extraPaymentSql(id, refundOf)}) x ON 1
    WHERE t.id = ${id} AND t.event_id = ${eventId}`)
  )[0];
  if (!person) return refuse(DESK_PAYMENT_MESSAGES.notFound);
  if (intent === "record-cash" && person.status !== "confirmed") return refuse(DESK_PAYMENT_MESSAGES.notPlaced);
  // The form said which second payment it gives back, and it was given back already (a double tap).
  if (refundOf !== null && person.extra_id === null) return refuse(person.paid_twice === 0 ? DESK_PAYMENT_MESSAGES.mismatchGivenBack : DESK_PAYMENT_MESSAGES.extraGivenBack);
  // A refund of the fee of a man who keeps his place would leave him placed with nothing paid and nothing owed.
  if (intent === "record-refund" && person.extra_id === null && person.status !== "cancelled" && feePaid(person.payment_status)) return refuse(DESK_PAYMENT_MESSAGES.refundPlaced(person.full_name));
  const target = await registrationName(id, person.full_name, eventId);

  let amount = 0;
  let receipt: string | null = null;
  if (intent === "record-cash" || intent === "record-refund") {
    // What was typed is wrong: said under the field, in the form as typed (no toast to chase).
    const typed = { amount: String(form.get("amount") ?? "").slice(0, 20), receipt_number: String(form.get("receipt_number") ?? "").slice(0, 40) };
    const refuseTyped = (field: "amount" | "receipt_number", message: string) =>
      data<PaymentRefusal>({ paymentRefused: { registrationId: id, intent, field, message, ...typed } }, { status: 400 });
    const read = readAmount(form.get("amount"));
    if (read === null) return refuseTyped("amount", DESK_PAYMENT_MESSAGES.amountInvalid);
    amount = read;
    // Cash is the whole fee: more would count as fees in the totals; less would mark the person paid
    // and drop the rest from Outstanding. A refund gives back at most what came in (the guarded update
    // below checks it again).
    if (intent === "record-cash" && person.price !== null && amount > person.price) return refuseTyped("amount", DESK_PAYMENT_MESSAGES.cashTooMuch(person.price));
    if (intent === "record-cash" && person.price !== null && amount < person.price) {
      return refuseTyped("amount", DESK_PAYMENT_MESSAGES.cashTooLittle(person.price, me.role === "volunteer"));
    }
    if (intent === "record-refund" && person.extra !== null && amount > person.extra) {
      return refuseTyped("amount", person.mismatch ? DESK_PAYMENT_MESSAGES.mismatchRefundTooLarge(person.extra) : DESK_PAYMENT_MESSAGES.extraRefundTooLarge(person.extra));
    }
    if (intent === "record-refund" && feePaid(person.payment_status) && amount > person.received) return refuseTyped("amount", DESK_PAYMENT_MESSAGES.refundTooLarge(person.received));
    receipt = intent === "record-cash" ? typed.receipt_number.trim() : null;
    if (intent === "record-cash" && !receipt) return refuseTyped("receipt_number", DESK_PAYMENT_MESSAGES.receiptMissing);
  }
  // A man who paid twice: the refund gives his second payment back and his fee stays paid. One
  // whose payment did not match the fee: it is given back, and the fee is owed as before.
  if (intent === "record-refund" && person.extra_id !== null) {
    const mismatch = Boolean(person.mismatch);
    const refunded = await refundExtraPayment(db, { registrationId: id, eventId, paymentId: person.extra_id, amount, mismatch, by, at, target });
    // Two taps at once: the one that lost the race finds it given back.
    if (!refunded) return refuse(mismatch ? DESK_PAYMENT_MESSAGES.mismatchGivenBack : DESK_PAYMENT_MESSAGES.extraGivenBack);
    return redirectWithToast(request, back, (mismatch ? DESK_PAYMENT_MESSAGES.mismatchRefunded : DESK_PAYMENT_MESSAGES.extraRefunded)(person.full_name, amount));
  }
  const plan = {
    "record-cash": { from: owesFeeSql("event_registrations"), to: "cash", kind: "cash", action: "Recorded a cash payment", summary: `${formatKwacha(amount)}, receipt ${receipt}` },
    "waive-fee": { from: sql`payment_status = 'unpaid'`, to: "waived", kind: "waiver", action: "Waived a fee", summary: person.price ? formatKwacha(person.price) : "" },
    "record-refund": { from: sql`status = 'cancelled' AND payment_status IN ('paid-online', 'cash') AND ${amount} <= ${receivedSql(id)}`, to: "refunded", kind: "refund", action: "Recorded a refund", summary: formatKwacha(amount) },
  }[intent as "record-cash" | "waive-fee" | "record-refund"];
  if (!plan) return refuse("Unknown action.");

  const reference = newPaymentReference(plan.kind === "cash" ? "CASH" : plan.kind === "refund" ? "REFUND" : "WAIVER");
  const [changed, , , ...smsIds] = await db.batch([
    batchable(db.all<{ id: number }>(sql`UPDATE event_registrations SET payment_status = ${plan.to}, updated_at = ${at}
      WHERE id = ${id} AND event_id = ${eventId} AND ${plan.from} RETURNING id`)),
    batchable(db.all(sql`INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, receipt_number, recorded_by, paid_at, created_at, updated_at)
      SELECT ${reference}, ${plan.kind}, 'paid', ${id}, ${eventId}, ${amount}, ${receipt}, ${by}, ${at}, ${at}, ${at} WHERE changes() = 1`)),
    batchable(db.all(sql`INSERT INTO activity_log (at, actor, kind, action, target, summary)
      SELECT ${at}, ${by}, 'write', ${plan.action}, ${target}, ${plan.summary} WHERE changes() = 1`)),
    // Cash taken: his receipt by SMS too, as for mobile money (most men have no e-mail to keep one in).
    ...(plan.kind === "cash" ? [feePaidSmsQuery(db, reference, new Date(at))] : []),
  ]);
  if (!changed[0]) return refuse(intent === "record-refund" ? DESK_PAYMENT_MESSAGES.notPaid : DESK_PAYMENT_MESSAGES.notUnpaid);
  sendAfterResponse(outboxIdsOf(...(smsIds as { id: number }[][])), request);
  const toast =
    intent === "record-cash" ? DESK_PAYMENT_MESSAGES.cash(person.full_name, amount) : intent === "waive-fee" ? DESK_PAYMENT_MESSAGES.waived(person.full_name) : DESK_PAYMENT_MESSAGES.refunded(person.full_name, amount);
  return redirectWithToast(request, back, toast);
}
