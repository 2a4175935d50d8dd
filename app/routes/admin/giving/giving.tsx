// /admin/giving (Administrators only: the admin guard's "other" area): every gift received, with
// totals by fund and by month, and the CSV (through the API, logged as an export).
import { formatInSiteZone } from "~/lib/time";
import { formatKwacha } from "~/lib/money";
import { buttonClass } from "~/components/form-fields";
import { DownloadIcon } from "~/components/icons";
import { givingReport } from "~/features/payments/index.server";
import type { Route } from "./+types/giving";

export const meta: Route.MetaFunction = () => [{ title: "Giving | Admin" }];

export async function loader() {
  const report = await givingReport();
  return {
    byFund: report.byFund,
    byMonth: report.byMonth,
    gifts: report.gifts.map((gift) => ({
      id: gift.id,
      receipt: gift.receipt_number,
      amount: gift.amount,
      fund: gift.fund,
      giver: gift.anonymous ? "Anonymous" : (gift.donor_name ?? "—"),
      date: formatInSiteZone(gift.paid_at, "d MMM yyyy HH:mm") ?? "",
      flagged: Boolean(gift.flagged),
    })),
  };
}

function Totals({ heading, rows }: { heading: string; rows: { label: string; total: number }[] }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 className="font-semibold text-stone-900">{heading}</h2>
      {rows.length ? (
        <dl className="mt-2 space-y-1 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4">
              <dt className="text-stone-700">{row.label}</dt>
              <dd className="font-semibold text-stone-900">{formatKwacha(row.total)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-stone-600">No gifts yet.</p>
      )}
    </section>
  );
}

export default function Giving({ loaderData }: Route.ComponentProps) {
  const { gifts, byFund, byMonth } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Giving</h1>
        <a href="/api/admin/giving.csv" download className={buttonClass.secondary}>
          <DownloadIcon className="size-4" />
          Export gifts (CSV)
        </a>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Totals heading="By fund" rows={byFund.map((row) => ({ label: row.fund, total: row.total }))} />
        <Totals heading="By month" rows={byMonth.map((row) => ({ label: row.month, total: row.total }))} />
      </div>
      <div className="mt-6 overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Date</th>
              <th scope="col" className="px-4 py-3">Giver</th>
              <th scope="col" className="px-4 py-3">Fund</th>
              <th scope="col" className="px-4 py-3">Amount</th>
              <th scope="col" className="px-4 py-3">Receipt</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {gifts.map((gift) => (
              <tr key={gift.id}>
                <td className="px-4 py-3 whitespace-nowrap">{gift.date}</td>
                <td className="px-4 py-3">{gift.giver}</td>
                <td className="px-4 py-3">{gift.fund}</td>
                <td className="px-4 py-3 font-semibold">
                  {formatKwacha(gift.amount)}
                  {gift.flagged ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">Check amount</span> : null}
                </td>
                <td className="px-4 py-3 font-mono">{gift.receipt}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {gifts.length === 0 ? <p className="px-4 py-6 text-center text-stone-600">No gifts yet.</p> : null}
      </div>
    </div>
  );
}
