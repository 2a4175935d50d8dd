// Giving (/give): a gift to one of the funds the settings list, paid with the same mobile-money flow
// as a fee. The gift and its charge are written in one batch; the thank-you page (/give/{token})
// follows the charge until the provider's verify call confirms it, then shows the receipt number.
// /admin/giving reads every gift, with totals by fund and by month.
import { sql } from "drizzle-orm";
import { batchable, type Db, getDb } from "~/db/db.server";
import { MAX_AMOUNT } from "~/lib/money";
import { newPrivateToken } from "~/lib/private-link";
import { formatInSiteZone } from "~/lib/time";
import { addressGroup, checkBot } from "~/server/abuse.server";
import { readablePhone } from "~/server/phone.server";
import { GIVE_TEXT, TRY_AGAIN_INTENT } from "./give-text";
import type { PaymentOperator } from "./operators";
import { newPaymentReference, type PaymentRow, settlePayment } from "./payments.server";
import { paymentProvider } from "./provider.server";
import { mayPromptFromAddress, phoneMayBePromptedSql, phonePromptLimitSql, walletOf } from "./wallet.server";
import { PHONE_PROMPT_MINUTES } from "./provider-types";


const RECEIPT_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newReceiptNumber(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `G-${[...bytes].map((byte) => RECEIPT_ALPHABET[byte % RECEIPT_ALPHABET.length]).join("")}`;
}

export type GiveValues = { amount: string; fund: string; phone_number: string; operator: string; donor_name: string; email: string; anonymous: string };
export type GiveAnswer = { values: GiveValues; fieldErrors: Partial<Record<keyof GiveValues, string>>; formError?: string };

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** The /give form as typed, each field cut to its longest sensible length. */
function giveValuesOf(form: FormData): GiveValues {
  const text = (name: keyof GiveValues, max: number) => String(form.get(name) ?? "").slice(0, max);
  return {
    amount: text("amount", 20),
    fund: text("fund", 100),
    phone_number: text("phone_number", 40),
    operator: text("operator", 10),
    donor_name: text("donor_name", 100).trim(),
    email: text("email", 200).trim(),
    anonymous: form.get("anonymous") ? "on" : "",
  };
}

/**
 * The form again, filled in, with nothing checked or given: a preset amount pressed (its button
 * posts the form without JavaScript, decision 034) with that amount and everything else as typed;
 * or "Try again" on a gift's page that did not go through, with that gift's details. Else null.
 */
export function filledAgainAnswer(form: FormData): GiveAnswer | null {
  if (form.get("intent") === TRY_AGAIN_INTENT) return { values: giveValuesOf(form), fieldErrors: {} };
  const preset = GIVE_TEXT.presets.find((amount) => String(amount) === form.get("preset"));
  return preset ? { values: { ...giveValuesOf(form), amount: String(preset) }, fieldErrors: {} } : null;
}

/** What "Try again" posts to /give: the gift as it was given (the page is the giver's own, private). */
export function tryAgainValues(gift: GiftRow, operator: string | null): GiveValues {
  return {
    amount: String(gift.amount),
    fund: gift.fund,
    phone_number: readablePhone(gift.phone_number),
    operator: operator ?? "",
    donor_name: gift.donor_name ?? "",
    email: gift.email ?? "",
    anonymous: gift.anonymous ? "on" : "",
  };
}

/** The /give form: checked (the fields, then the bot check while it is on), the gift and its charge written, the charge started. */
export async function giveAction(
  request: Request,
  form: FormData,
  funds: readonly string[],
  now: Date,
): Promise<{ ok: true; token: string } | { ok: false; status: number; answer: GiveAnswer }> {
  const values = giveValuesOf(form);
  const fieldErrors: GiveAnswer["fieldErrors"] = {};
  // As people write kwacha: "MK 5,000", "K5,000", "5000.00" (whole kwacha: a ".00" is no part).
  const typed = values.amount.replace(/[\s,]/g, "").replace(/^M?K/i, "").replace(/\.0+$/, "");
  // Any run of digits is a number (however long: too much, not invalid).
  const amount = /^\d{1,20}$/.test(typed) ? Number(typed) : null;
  if (amount === null && /^\d+\.\d+$/.test(typed)) fieldErrors.amount = GIVE_TEXT.amountNotWhole;
  else if (amount === null || amount < GIVE_TEXT.minimum) fieldErrors.amount = GIVE_TEXT.amountInvalid;
  else if (amount > MAX_AMOUNT) fieldErrors.amount = GIVE_TEXT.amountTooMuch;
  if (!funds.includes(values.fund)) fieldErrors.fund = GIVE_TEXT.fundInvalid;
  const { phone, operator } = walletOf(values.phone_number, values.operator);
  if (!phone) fieldErrors.phone_number = GIVE_TEXT.phoneInvalid;
  else if (!operator) fieldErrors.operator = GIVE_TEXT.operatorMissing;
  if (values.email && !EMAIL.test(values.email)) fieldErrors.email = GIVE_TEXT.emailInvalid;
  if (Object.keys(fieldErrors).length || amount === null || !phone || !operator) return { ok: false, status: 400, answer: { values, fieldErrors } };
  if (!(await mayPromptFromAddress(request))) return { ok: false, status: 429, answer: { values, fieldErrors, formError: GIVE_TEXT.tooMany } };
  const bot = await checkBot(request, form);
  if (!bot.ok) return { ok: false, status: bot.status, answer: { values, fieldErrors, formError: bot.message } };

  const provider = paymentProvider();
  if (!provider) return { ok: false, status: 503, answer: { values, fieldErrors, formError: GIVE_TEXT.notSetUp } };
  const db = getDb();
  const at = now.toISOString();
  const token = newPrivateToken();
  const reference = newPaymentReference("GIFT");
  const anonymous = values.anonymous === "on";
  const donorName = anonymous ? null : values.donor_name || null;
  const email = values.email || null;
  const group = await addressGroup(request);
  // The same gift while its prompt may still be on the phone is the same gift: Give tapped twice,
  // or sent again on a slow line. It is written once, in one guarded statement, and the second
  // post is answered with the first's page: one prompt, not two. "The same" is everything the form
  // sent, from the same network (decision 038): the page is the gift's only credential, so someone
  // who knows only the giver's number, amount and fund makes a gift of his own, and learns nothing.
  const since = new Date(now.getTime() - PHONE_PROMPT_MINUTES * 60_000).toISOString();
  const sameGiftPending = sql`g.phone_number = ${phone} AND g.amount = ${amount} AND g.fund = ${values.fund}
    AND g.donor_name IS ${donorName} AND g.email IS ${email} AND g.anonymous = ${anonymous ? 1 : 0}
    AND ${group} IS NOT NULL AND g.address_group = ${group}
    AND g.created_at > ${since}
    AND EXISTS (SELECT 1 FROM payments p WHERE p.gift_id = g.id AND p.status = 'pending' AND p.operator = ${operator})`;
  const [limits, , , [first]] = await db.batch([
    // Read before the insert: which of the phone's limits stands in its way, if it is refused.
    batchable(db.all<{ limit_reached: "day" | "recent" | null }>(sql`SELECT ${phonePromptLimitSql(phone, now, "gift")} AS limit_reached`)),
    batchable(db.all(sql`INSERT INTO gifts (receipt_number, amount, fund, phone_number, donor_name, email, anonymous, token, address_group, created_at, updated_at)
      SELECT ${newReceiptNumber()}, ${amount}, ${values.fund}, ${phone}, ${donorName}, ${email}, ${anonymous ? 1 : 0}, ${token}, ${group}, ${at}, ${at}
      WHERE NOT EXISTS (SELECT 1 FROM gifts g WHERE ${sameGiftPending}) AND ${phoneMayBePromptedSql(phone, now, "gift")}`)),
    batchable(db.all(sql`INSERT INTO payments (reference, kind, status, gift_id, amount, provider, operator, phone_number, created_at, updated_at)
      SELECT ${reference}, 'online', 'pending', id, amount, ${provider.name}, ${operator}, ${phone}, ${at}, ${at} FROM gifts WHERE token = ${token}`)),
    batchable(db.all<{ token: string }>(sql`SELECT g.token FROM gifts g WHERE g.token = ${token} OR (${sameGiftPending}) ORDER BY g.id LIMIT 1`)),
  ]);
  if (first && first.token !== token) return { ok: true, token: first.token };
  // Neither written nor the same gift: the phone was asked to approve too many payments lately.
  if (!first) {
    const formError = limits[0]?.limit_reached === "day" ? GIVE_TEXT.tooManyForPhoneToday : GIVE_TEXT.tooManyForPhone;
    return { ok: false, status: 429, answer: { values, fieldErrors, formError } };
  }
  const started = await provider.startCharge({ reference, amount, phone, operator, email, name: donorName ?? "" });
  if (!started.ok) {
    console.warn(`Gift ${reference} not started: ${started.reason}`);
    await db.run(sql`UPDATE payments SET status = 'failed', failure_reason = ${GIVE_TEXT.startFailed}, updated_at = ${at} WHERE reference = ${reference} AND status = 'pending'`);
    return { ok: false, status: 502, answer: { values, fieldErrors, formError: GIVE_TEXT.startFailed } };
  }
  return { ok: true, token };
}

export type GiftRow = {
  id: number;
  receipt_number: string;
  amount: number;
  fund: string;
  donor_name: string | null;
  anonymous: number;
  created_at: string;
  phone_number: string;
  email: string | null;
};

/** A gift by its thank-you page's token, and its latest payment, for the page's batch (read in `giftSettled`). */
export function giftQueries(db: Db, token: string) {
  return [
    batchable(db.all<GiftRow>(sql`SELECT id, receipt_number, amount, fund, donor_name, anonymous, created_at, phone_number, email FROM gifts WHERE token = ${token}`)),
    batchable(db.all<PaymentRow>(sql`SELECT p.id, p.reference, p.kind, p.status, p.registration_id, p.gift_id, p.amount, p.amount_received, p.operator,
          p.provider_reference, p.flagged, p.flag_reason, p.refund_due, p.failure_reason, p.paid_at, p.created_at
        FROM payments p WHERE p.gift_id = (SELECT id FROM gifts WHERE token = ${token}) ORDER BY p.id DESC LIMIT 1`)),
  ] as const;
}

/**
 * The gift and its latest payment from what `giftQueries` read (null when the token names none). A
 * payment still pending is asked about (the provider's verify call decides), and read again when
 * that settled it.
 */
export async function giftSettled(token: string, now: Date, [gifts, payments]: [GiftRow[], PaymentRow[]]) {
  if (payments[0]?.status === "pending") {
    const outcome = await settlePayment(payments[0].reference, now);
    if (outcome === "paid" || outcome === "failed") {
      const db = getDb();
      [gifts, payments] = await db.batch(giftQueries(db, token));
    }
  }
  const gift = gifts[0];
  return gift ? { gift, payment: payments[0] ?? null } : null;
}

/** Every gift paid, newest first, with totals by fund and by month ("November 2026", Malawi time), for /admin/giving. */
export async function givingReport() {
  const db = getDb();
  const [gifts] = await db.batch([
    batchable(db.all<GiftRow & { email: string | null; phone_number: string; reference: string; operator: PaymentOperator | null; paid_at: string; flagged: number }>(sql`SELECT g.id, g.receipt_number,
        p.amount_received AS amount, g.fund, g.donor_name, g.anonymous, g.created_at, g.email, g.phone_number, p.reference, p.operator, p.paid_at, p.flagged
      FROM gifts g JOIN payments p ON p.gift_id = g.id AND p.status = 'paid'
      ORDER BY p.paid_at DESC, g.id DESC`)),
  ]);
  const byFund = new Map<string, number>();
  // By the month's name ("November 2026"): the gifts come newest first, so the months do too.
  const byMonth = new Map<string, number>();
  for (const gift of gifts) {
    byFund.set(gift.fund, (byFund.get(gift.fund) ?? 0) + gift.amount);
    const month = formatInSiteZone(gift.paid_at, "MMMM yyyy") ?? "";
    byMonth.set(month, (byMonth.get(month) ?? 0) + gift.amount);
  }
  return { gifts, byFund: [...byFund].map(([fund, total]) => ({ fund, total })), byMonth: [...byMonth].map(([month, total]) => ({ month, total })) };
}
