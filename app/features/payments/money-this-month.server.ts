// The dashboard's "Money this month" (Administrators only): the fees and gifts received online and
// in cash this month (Malawi time), fees net of the refunds recorded on the desk this month, as the
// desk counts them (what came in, less what was given back).
import { sql } from "drizzle-orm";
import { batchable, type Db } from "~/db/db.server";
import { formatInSiteZone } from "~/lib/time";
import type { MoneyThisMonth } from "./money-this-month-card";

type PaidRow = { fees: number; refunds: number; gifts: number; paid_at: string };

/**
 * The fees and gifts paid, and the refunds given, in the last 32 days: it joins the dashboard's one
 * batch, and moneyThisMonth sums this month's.
 */
export function recentMoneyQuery(db: Db, now: Date) {
  return batchable(db.all<PaidRow>(sql`SELECT
      CASE WHEN gift_id IS NULL AND kind IN ('online', 'cash') THEN COALESCE(amount_received, amount) ELSE 0 END AS fees,
      CASE WHEN kind = 'refund' THEN amount ELSE 0 END AS refunds,
      CASE WHEN gift_id IS NOT NULL AND kind IN ('online', 'cash') THEN COALESCE(amount_received, 0) ELSE 0 END AS gifts,
      paid_at
    FROM payments WHERE status = 'paid' AND kind IN ('online', 'cash', 'refund') AND paid_at >= ${new Date(now.getTime() - 32 * 86_400_000).toISOString()}`));
}

/** This month's (Malawi time) money of recentMoneyQuery's rows: fees received less refunds, and gifts. */
export function moneyThisMonth(rows: PaidRow[], now: Date): MoneyThisMonth {
  const month = formatInSiteZone(now, "yyyy-MM") ?? "";
  let received = 0;
  let refunded = 0;
  let gifts = 0;
  for (const row of rows) {
    if (formatInSiteZone(row.paid_at, "yyyy-MM") !== month) continue;
    received += row.fees;
    refunded += row.refunds;
    gifts += row.gifts;
  }
  return { fees: received - refunded, received, refunded, gifts };
}
