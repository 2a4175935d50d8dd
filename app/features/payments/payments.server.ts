// Online payments: starting a charge for a registration, and settling it. D1 has no interactive
// transactions, so each rule two requests can race is one guarded statement or one batch:
// - a registration has at most one charge under way or paid: the INSERT of a new charge checks it
//   (one given back with the fee does not count: a man refunded and restored pays again);
// - a payment counts only once the provider's verify call confirms it for our reference; the
//   UPDATE that records it lands once (`status <> 'paid'`), so 50 identical webhooks record one;
// - an amount or currency other than what is owed is recorded and flagged, and the fee stays unpaid:
//   staff look at it (decision 050); until then no new charge starts and his place is not released;
// - a payment for a registration already paid is recorded and flagged for a refund;
// - the activity log's line is written in the same batch, only by the statement that landed.
import { type SQL, sql } from "drizzle-orm";
import { batchable, getDb, type Db } from "~/db/db.server";
import { owesFee } from "~/features/events";
import { owesFeeSql, payBySql } from "~/features/events/index.server";
import { formatKwacha } from "~/lib/money";
import { OPERATOR_NAMES, type PaymentOperator } from "./operators";
import { isKwacha } from "./paychangu.server";
import { paymentProvider, type PaymentProvider } from "./provider.server";
import { PHONE_PROMPT_MINUTES } from "./provider-types";
import { phoneMayBePromptedSql, phonePromptLimitSql } from "./wallet.server";
import { givenBackSql, givenBackWithFeeSql, lastFeeRefundsSql } from "./refunded-fees.server";
import { enqueueForEachQuery, enqueueNothingQuery, sendAfterResponse } from "~/server/outbox.server";
import { smsDueAt, smsSetup } from "~/server/sms.server";

/** The registrant's SMS once the fee is paid (rendered by the events feature's SMS renderer). */
const FEE_PAID_SMS_KIND = "registration-fee-paid";
import { GIFT_RECEIPT_KIND } from "./gift-receipt.server";

/** Who the activity log names for what the provider reports. */
export const PROVIDER_ACTOR = "PayChangu";

/** A charge under way blocks a new one as long as the phone's prompt lasts. */
export const PENDING_BLOCK_MINUTES = PHONE_PROMPT_MINUTES;

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Our reference for a charge: "BMM-" and 10 random characters (50 bits), easy to read out. */
export function newPaymentReference(prefix = "BMM"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `${prefix}-${[...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("")}`;
}

export type PaymentRow = {
  id: number;
  reference: string;
  kind: "online" | "cash" | "waiver" | "refund";
  status: "pending" | "paid" | "failed";
  registration_id: number | null;
  gift_id: number | null;
  amount: number;
  amount_received: number | null;
  operator: PaymentOperator | null;
  provider_reference: string | null;
  flagged: number;
  flag_reason: string | null;
  refund_due: number;
  /** A paid-twice payment the desk has given back (a refund of it). */
  given_back: number;
  /** A payment given back with the fee's refund (givenBackWithFeeSql). */
  given_back_with_fee: number;
  failure_reason: string | null;
  paid_at: string | null;
  created_at: string;
  /** The number asked to approve an online payment (its wallet's). */
  phone_number: string | null;
};

const PAYMENT_COLUMNS = sql`p.id, p.reference, p.kind, p.status, p.registration_id, p.gift_id, p.amount, p.amount_received, p.operator, p.phone_number,
  p.provider_reference, p.flagged, p.flag_reason, p.refund_due, EXISTS (SELECT 1 FROM payments f WHERE f.refund_of = p.id) AS given_back,
  ${givenBackWithFeeSql("p")} AS given_back_with_fee, p.failure_reason, p.paid_at, p.created_at`;

// ----- The private page --------------------------------------------------------------------------

export type RegistrationFeeRow = {
  id: number;
  full_name: string;
  email: string | null;
  phone_number: string;
  status: "confirmed" | "waitlisted" | "cancelled";
  payment_status: "unpaid" | "paid-online" | "cash" | "waived" | "refunded";
  price: number | null;
  /** With the event's "Hours to pay", when a confirmed place unpaid by then is released (./hold-expiry.server.ts); else null. */
  pay_by: string | null;
  /** His fee's last refund: what it gave back, and of what he had paid (null: none). */
  refund_given: number | null;
  refund_paid: number | null;
};

/** For the private page's one batch: the registration's fee and where it stands. */
export function registrationFeeQuery(db: Db, token: string) {
  return batchable(db.all<RegistrationFeeRow>(sql`SELECT t.id, t.full_name, t.email, t.phone_number, t.status, t.payment_status, e.price,
      ${payBySql("t")} AS pay_by, refund.given AS refund_given, refund.paid AS refund_paid
    FROM event_registrations t JOIN churchevents e ON e.id = t.event_id
      LEFT JOIN (${lastFeeRefundsSql(sql`fr.registration_id = (SELECT id FROM event_registrations WHERE token = ${token})`)}) refund ON refund.registration_id = t.id
    WHERE t.token = ${token}`));
}

/** For the private page's one batch: the registration's online payments, newest first. */
export function registrationPaymentsQuery(db: Db, token: string) {
  return batchable(db.all<PaymentRow>(sql`SELECT ${PAYMENT_COLUMNS} FROM payments p
    WHERE p.registration_id = (SELECT id FROM event_registrations WHERE token = ${token}) AND p.kind = 'online'
    ORDER BY p.id DESC LIMIT 5`));
}

export type StartOutcome =
  | { outcome: "started"; reference: string }
  | { outcome: "not-set-up" | "not-found" | "nothing-owed" | "in-progress" | "to-check" | "phone-limit" | "phone-day-limit" }
  | { outcome: "provider-refused"; reference: string };

/**
 * Starts a mobile-money charge of the event's fee for the registration of `token`: one guarded
 * INSERT (nothing owed, or a charge under way or paid and not given back: nothing is written), then
 * the provider's call. A fee still owed beside a payment paid and not given back is one that did not
 * match the fee: "to-check", for staff to sort out.
 */
export async function startRegistrationPayment(token: string, phone: string, operator: PaymentOperator, now: Date): Promise<StartOutcome> {
  const provider = paymentProvider();
  if (!provider) return { outcome: "not-set-up" };
  const db = getDb();
  const at = now.toISOString();
  const blockedSince = new Date(now.getTime() - PENDING_BLOCK_MINUTES * 60_000).toISOString();
  const reference = newPaymentReference();
  const [found, phoneLimits, toCheck, inserted] = await db.batch([
    registrationFeeQuery(db, token),
    batchable(db.all<{ limit_reached: "day" | "recent" | null }>(sql`SELECT ${phonePromptLimitSql(phone, now, "fee")} AS limit_reached`)),
    batchable(db.all<{ id: number }>(sql`SELECT p.id FROM payments p WHERE p.kind = 'online' AND p.status = 'paid' AND NOT ${givenBackSql("p")}
      AND p.registration_id = (SELECT id FROM event_registrations WHERE token = ${token}) LIMIT 1`)),
    batchable(db.all<{ id: number; amount: number }>(sql`INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, provider,
        operator, phone_number, created_at, updated_at)
      SELECT ${reference}, 'online', 'pending', t.id, t.event_id, e.price, ${provider.name}, ${operator}, ${phone}, ${at}, ${at}
      FROM event_registrations t JOIN churchevents e ON e.id = t.event_id
      WHERE t.token = ${token} AND ${owesFeeSql("t", sql`e.price`)} AND ${phoneMayBePromptedSql(phone, now, "fee")}
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.registration_id = t.id AND p.kind = 'online'
          AND ((p.status = 'paid' AND NOT ${givenBackSql("p")}) OR (p.status = 'pending' AND p.created_at > ${blockedSince})))
      RETURNING id, amount`)),
  ]);
  const registration = found[0];
  if (!registration) return { outcome: "not-found" };
  if (!inserted[0]) {
    if (!owesFee(registration, registration.price)) return { outcome: "nothing-owed" };
    if (toCheck[0]) return { outcome: "to-check" };
    const limit = phoneLimits[0]?.limit_reached;
    return { outcome: limit === "day" ? "phone-day-limit" : limit === "recent" ? "phone-limit" : "in-progress" };
  }
  const started = await provider.startCharge({ reference, amount: inserted[0].amount, phone, operator, email: registration.email, name: registration.full_name });
  if (!started.ok) {
    console.warn(`Payment ${reference} not started: ${started.reason}`);
    await markFailed(db, reference, "The payment could not be started. Please try again.", now);
    return { outcome: "provider-refused", reference };
  }
  if (started.providerReference) {
    await db.run(sql`UPDATE payments SET provider_reference = ${started.providerReference} WHERE reference = ${reference} AND provider_reference IS NULL`);
  }
  return { outcome: "started", reference };
}

function markFailed(db: Db, reference: string, reason: string, now: Date) {
  const at = now.toISOString();
  return db.run(sql`UPDATE payments SET status = 'failed', failure_reason = ${reason}, updated_at = ${at} WHERE reference = ${reference} AND status = 'pending'`);
}

// ----- Settling: the webhook, and the private page looking again ----------------------------------

/**
 * What asking the provider about a charge came to. "unreachable": our verify call got no answer (a
 * timeout, a 5xx), so nothing is known of the payment; "unconfirmed": the provider answered, and the
 * answer does not confirm it.
 */
export type SettleOutcome = "paid" | "already-settled" | "failed" | "pending" | "unknown-payment" | "unconfirmed" | "unreachable";

/**
 * The webhook: a bad signature changes nothing (401); a good one makes us ask the provider. When
 * that call gets no answer, 503, so the provider sends the webhook again later: with 200 it would
 * not, and a payment he made would wait for his page or the hold's cron to be noticed.
 */
export async function receiveWebhook(rawBody: string, signature: string | null, now = new Date()): Promise<{ status: 200 | 400 | 401 | 503; body: Record<string, unknown> }> {
  const provider = paymentProvider();
  if (!provider) return { status: 503, body: { error: "Payments are not set up" } };
  if (!(await provider.signatureValid(rawBody, signature))) return { status: 401, body: { error: "Invalid signature" } };
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    return { status: 400, body: { error: "The body is not JSON" } };
  }
  const reference = typeof payload.charge_id === "string" ? payload.charge_id : typeof payload.tx_ref === "string" ? payload.tx_ref : null;
  if (!reference) return { status: 400, body: { error: "No charge_id" } };
  const outcome = await settlePayment(reference, now, provider);
  if (outcome === "unreachable") return { status: 503, body: { error: "The payment could not be confirmed with the provider yet; please send it again" } };
  return { status: 200, body: { received: true, outcome } };
}

/**
 * Asks the provider about one charge and records what its verify call confirms: paid (once, with
 * any flag), failed, or still pending. Never on the word of a webhook or a return URL alone.
 */
export async function settlePayment(reference: string, now: Date, provider: PaymentProvider | null = paymentProvider()): Promise<SettleOutcome> {
  if (!provider) return "unconfirmed";
  const db = getDb();
  const payment = (await db.all<PaymentRow>(sql`SELECT ${PAYMENT_COLUMNS} FROM payments p WHERE p.reference = ${reference} AND p.kind = 'online'`))[0];
  if (!payment) return "unknown-payment";
  if (payment.status === "paid") return "already-settled";
  const verified = await provider.verify(reference);
  if (verified.status === "pending") return "pending";
  if (verified.status === "unknown") {
    console.warn(`Payment ${reference}: the provider's verify call got no answer (${verified.reason})`);
    return "unreachable";
  }
  if (verified.status === "failed") {
    await markFailed(db, reference, "The payment was not completed.", now);
    return "failed";
  }
  if (verified.reference !== reference) {
    console.warn(`Payment ${reference}: the provider's answer names another charge (${verified.reference}); not recorded`);
    return "unconfirmed";
  }
  const received = Number.isInteger(verified.amount) ? verified.amount : Math.round(verified.amount);
  const flags = [
    ...(isKwacha(verified.currency) ? [] : [`Paid in ${verified.currency || "an unknown currency"}, not kwacha`]),
    ...(received !== payment.amount ? [`Paid ${formatKwacha(received)}, owed ${formatKwacha(payment.amount)}`] : []),
  ];
  return (await recordPaid(db, payment, received, verified.providerReference, flags, now)) ? "paid" : "already-settled";
}

/** An SMS about a payment, for the batch that records it: none while SMS is not set up; due now, or at 07:00 when written at night. */
function paymentSmsQuery(db: Db, now: Date, message: { kind: string; to: SQL; aboutId: SQL; from: SQL }) {
  if (!smsSetup().ready) return enqueueNothingQuery(db);
  return enqueueForEachQuery(db, { ...message, channel: "sms", nextAttemptAt: smsDueAt(now).toISOString() });
}

/** The man's "Payment received" SMS (his receipt: many men have no e-mail), for the batch that recorded payment `reference` (last in it: `changes()`), online or in cash. */
export function feePaidSmsQuery(db: Db, reference: string, now: Date) {
  return paymentSmsQuery(db, now, {
    kind: FEE_PAID_SMS_KIND,
    to: sql`t.phone_number`,
    aboutId: sql`t.id`,
    from: sql`FROM event_registrations t
      WHERE t.id = (SELECT registration_id FROM payments WHERE reference = ${reference}) AND changes() = 1
        AND t.sms_stopped_at IS NULL AND t.phone_number GLOB '+[1-9]*'`,
  });
}

/**
 * The "Fee paid" SMS to the phone that paid it, when that is not the man's own (a group's leader, a
 * friend paying from his page): the payer has the reference too. Only by the batch that recorded the
 * payment (its paid_at) and once (no such SMS to that phone yet), and only when the fee is paid by it.
 */
function feePaidPayerSmsQuery(db: Db, reference: string, at: string, now: Date) {
  return paymentSmsQuery(db, now, {
    kind: FEE_PAID_SMS_KIND,
    to: sql`p.phone_number`,
    aboutId: sql`t.id`,
    from: sql`FROM payments p JOIN event_registrations t ON t.id = p.registration_id
      WHERE p.reference = ${reference} AND p.status = 'paid' AND p.paid_at = ${at} AND p.flagged = 0 AND p.refund_due = 0
        AND t.payment_status = 'paid-online' AND p.phone_number GLOB '+[1-9]*' AND p.phone_number <> t.phone_number
        AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.kind = ${FEE_PAID_SMS_KIND} AND o.channel = 'sms' AND o.about_id = t.id AND o.recipient = p.phone_number)`,
  });
}

/**
 * A gift's receipt by SMS, to the phone that approved it (most givers leave no e-mail address), when
 * SMS is set up: only by the batch that recorded the payment (its paid_at), and once (one statement,
 * and D1 runs batches one at a time, so two confirmations at once cannot both write it).
 */
function giftReceiptSmsQuery(db: Db, reference: string, at: string, now: Date) {
  return paymentSmsQuery(db, now, {
    kind: GIFT_RECEIPT_KIND,
    to: sql`g.phone_number`,
    aboutId: sql`g.id`,
    from: sql`FROM gifts g JOIN payments p ON p.gift_id = g.id
      WHERE p.reference = ${reference} AND p.status = 'paid' AND p.paid_at = ${at} AND g.phone_number GLOB '+[1-9]*'
        AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.kind = ${GIFT_RECEIPT_KIND} AND o.channel = 'sms' AND o.about_id = g.id)`,
  });
}

/** A quoted name as recordName gives it (' “John Banda”'; nothing when empty), in SQL. */
function quotedNameSql(column: SQL): SQL {
  return sql`COALESCE(' “' || NULLIF(substr(trim(${column}), 1, 80), '') || '”', '')`;
}

/**
 * 'registration 12 “John Banda” at event 4 “Men's Conference”' (registrationName's words) for
 * registration `t` of event `e`; null when the payment is not a registration's (a gift).
 */
const registrationLogNameSql = sql`'registration ' || t.id || ${quotedNameSql(sql`t.full_name`)} || ' at event ' || e.id || ${quotedNameSql(sql`e.name`)}`;

/** The one batch that records a confirmed payment: lands once, logs once, marks the fee paid when all is right. */
async function recordPaid(db: Db, payment: PaymentRow, received: number, providerReference: string | null, flags: string[], now: Date): Promise<boolean> {
  const at = now.toISOString();
  const flagged = flags.length > 0 ? 1 : 0;
  const flagReason = flags.length ? flags.join("; ") : null;
  const operatorName = payment.operator ? OPERATOR_NAMES[payment.operator] : "mobile money";
  const [updated, , receipts, , feePaidSms, payerSms, giftSms] = await db.batch([
    batchable(db.all<{ id: number; refund_due: number }>(sql`UPDATE payments SET status = 'paid', amount_received = ${received},
        provider_reference = COALESCE(${providerReference}, provider_reference), paid_at = ${at}, updated_at = ${at},
        flagged = ${flagged}, flag_reason = ${flagReason},
        refund_due = CASE WHEN registration_id IS NOT NULL
          AND (SELECT payment_status FROM event_registrations WHERE id = payments.registration_id) <> 'unpaid' THEN 1 ELSE 0 END
      WHERE reference = ${payment.reference} AND status <> 'paid'
      RETURNING id, refund_due`)),
    // changes(): the rows the UPDATE just before changed, so only the request that recorded it logs it.
    // A fee's payment names whose it is, as the desk's lines do (registrationName).
    batchable(db.all(sql`INSERT INTO activity_log (at, actor, kind, action, target, summary)
      SELECT ${at}, ${PROVIDER_ACTOR}, 'write',
        CASE WHEN p.refund_due = 1 THEN 'Payment received twice (refund due)' WHEN p.flagged = 1 THEN 'Payment received (flagged)' ELSE 'Payment received' END,
        'payment ' || p.reference || COALESCE(' for ' || ${registrationLogNameSql}, ''),
        ${`${formatKwacha(received)} by ${operatorName}`} || COALESCE('; ' || p.flag_reason, '')
      FROM payments p LEFT JOIN event_registrations t ON t.id = p.registration_id LEFT JOIN churchevents e ON e.id = t.event_id
      WHERE p.reference = ${payment.reference} AND changes() = 1`)),
    // A gift's e-mail receipt, when the giver left an address (only by the batch that recorded it).
    enqueueForEachQuery(db, {
      kind: GIFT_RECEIPT_KIND,
      to: sql`g.email`,
      aboutId: sql`g.id`,
      from: sql`FROM gifts g JOIN payments p ON p.gift_id = g.id WHERE p.reference = ${payment.reference} AND g.email IS NOT NULL AND changes() = 1`,
    }),
    batchable(db.all(sql`UPDATE event_registrations SET payment_status = 'paid-online', updated_at = ${at}
      WHERE id = (SELECT registration_id FROM payments WHERE reference = ${payment.reference} AND status = 'paid' AND flagged = 0 AND refund_due = 0)
        AND payment_status = 'unpaid'`)),
    // "Fee paid" by SMS (issue 24), when SMS is set up and the registrant did not stop it: only by
    // the batch whose update just before marked the fee paid, so one payment is one SMS.
    feePaidSmsQuery(db, payment.reference, now),
    feePaidPayerSmsQuery(db, payment.reference, at, now),
    giftReceiptSmsQuery(db, payment.reference, at, now),
  ]);
  // The receipts and the "Fee paid" SMS go now (within quiet hours' rule), not at the next cron.
  sendAfterResponse([...receipts, ...feePaidSms, ...payerSms, ...giftSms].map((row) => row.id));
  return updated.length === 1;
}
