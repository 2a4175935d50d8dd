// A payment given back with its fee. A man cancelled and refunded, then restored, owes the fee again
// (decision 021) and his payment status no longer says "refunded": what he had paid before that
// refund stays given back, for the desk's totals, the refund form's limit, the CSV and the pay form.
// And what a fee's refund gave back of what he had paid, for his page and the desk.
import { type SQL, sql } from "drizzle-orm";

/**
 * Whether payment `alias` (a paid payment of a registration) was given back with the fee: a refund
 * of the fee (not of one second payment, `refund_of`) was recorded for its registration when or
 * after it was paid. A payment made after that refund (he paid again once restored) is not.
 */
export function givenBackWithFeeSql(alias: string): SQL<boolean> {
  const p = sql.raw(alias);
  return sql<boolean>`EXISTS (SELECT 1 FROM payments f WHERE f.registration_id = ${p}.registration_id
    AND ${feeRefundSql("f")} AND f.paid_at >= ${p}.paid_at)`;
}

/**
 * Whether payment `alias` (a paid payment of a registration) was given back: by a refund of that
 * payment itself (a second payment, `refund_of`), or with the fee (givenBackWithFeeSql). Money given
 * back is not refundable again, and a second payment given back with the fee is no longer due.
 */
export function givenBackSql(alias: string): SQL<boolean> {
  const p = sql.raw(alias);
  return sql<boolean>`(EXISTS (SELECT 1 FROM payments x WHERE x.refund_of = ${p}.id) OR ${givenBackWithFeeSql(alias)})`;
}

/** Whether payment `alias` is a refund of the fee (not of one second payment). */
function feeRefundSql(alias: string): SQL<boolean> {
  const f = sql.raw(alias);
  return sql<boolean>`(${f}.kind = 'refund' AND ${f}.refund_of IS NULL AND ${f}.status = 'paid')`;
}

/**
 * The last refund of the fee of each registration its refund `fr` is narrowed to by `where`, as a
 * SELECT of registration_id, `given` (what it gave back) and `paid` (what he had paid for the fee
 * that it was for: his payments since the refund before it, less a second payment given back by its
 own refund, which is said apart; one still due then was given back with the fee), so a part
 * refund is said as one ("MK 30,000 of MK 35,000"), on his page and at the desk.
 */
export function lastFeeRefundsSql(where: SQL): SQL {
  return sql`SELECT fr.registration_id, fr.amount AS given,
      (SELECT COALESCE(sum(CASE p.kind WHEN 'online' THEN COALESCE(p.amount_received, p.amount) ELSE p.amount END), 0)
        FROM payments p WHERE p.registration_id = fr.registration_id AND p.status = 'paid' AND p.kind IN ('online', 'cash')
          AND NOT EXISTS (SELECT 1 FROM payments x WHERE x.refund_of = p.id) AND p.paid_at <= fr.paid_at
          AND NOT EXISTS (SELECT 1 FROM payments f WHERE f.registration_id = fr.registration_id AND ${feeRefundSql("f")}
            AND f.paid_at >= p.paid_at AND f.paid_at < fr.paid_at)) AS paid
    FROM payments fr WHERE ${feeRefundSql("fr")} AND ${where}
      AND NOT EXISTS (SELECT 1 FROM payments l WHERE l.registration_id = fr.registration_id AND ${feeRefundSql("l")}
        AND (l.paid_at > fr.paid_at OR (l.paid_at = fr.paid_at AND l.id > fr.id)))`;
}

/** What a fee's refund gave back, and of what he had paid for it (lastFeeRefundsSql). */
export type FeeRefund = { given: number; paid: number };
