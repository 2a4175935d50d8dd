// The dashboard's "Money this month" card, leading to /admin/giving: fees net of refunds (with what
// came in and went back, when anything was refunded, in the desk's words) and gifts.
import { Link } from "react-router";
import { formatKwacha } from "~/lib/money";

export type MoneyThisMonth = { fees: number; received: number; refunded: number; gifts: number };

export function MoneyThisMonthCard({ money }: { money: MoneyThisMonth }) {
  return (
    <Link to="/admin/giving" className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-300">
      <p className="text-sm font-medium text-stone-600">Money this month</p>
      <p className="mt-1 text-lg font-bold text-stone-900">{`Fees ${formatKwacha(money.fees)}`}</p>
      {money.refunded ? <p className="text-sm text-stone-600">{`${formatKwacha(money.received)} received, ${formatKwacha(money.refunded)} refunded`}</p> : null}
      <p className="text-lg font-bold text-stone-900">{`Gifts ${formatKwacha(money.gifts)}`}</p>
    </Link>
  );
}
