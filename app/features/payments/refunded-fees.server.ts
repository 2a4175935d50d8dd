// A payment given back with its fee. A man cancelled and refunded, then restored, owes the fee again
// (decision 021) and his payment status no longer says "refunded": what he had paid before that
// refund stays given back, for the desk's totals, the refund form's limit, the CSV and the pay form.
import { type SQL, sql } from "drizzle-orm";

/**
 * Whether payment `alias` (a paid payment of a registration) was given back with the fee: a refund
 * of the fee (not of one second payment, `refund_of`) was recorded for its registration when or
 * after it was paid. A payment made after that refund (he paid again once restored) is not.
 */
export function givenBackWithFeeSql(alias: string): SQL<boolean> {
  const p = sql.raw(alias);
  return sql<boolean>`EXISTS (SELECT 1 FROM payments f WHERE f.registration_id = ${p}.registration_id
    AND f.kind = 'refund' AND f.refund_of IS NULL AND f.status = 'paid' AND f.paid_at >= ${p}.paid_at)`;
}
