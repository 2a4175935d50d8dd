// /admin/giving (Administrators only: the admin guard's "other" area): every gift received, with
// totals by fund and by month, and the CSV (through the API, logged as an export).
import { formatInSiteZone } from "~/lib/time";
import { formatKwacha } from "~/lib/money";
import { buttonClass } from "~/components/form-fields";
import { DownloadIcon } from "~/components/icons";
import { givingReport } from "~/features/payments/index.server";
import { paymentsReady, simulatorOn } from "~/server/payments-setup.server";
import { Link } from "react-router";
import type { Route } from "./+types/giving";
import { StackedTable } from "~/components/admin/stacked-table";

export const meta: Route.MetaFunction = () => [{ title: "Giving | Admin" }];

export async function loader() {
  const report = await givingReport();
  return {
    // Whether visitors can give online here, and the way to the steps (the menu's only way there).
    online: simulatorOn() ? "Online giving: simulated on this computer, no money moves." : paymentsReady() ? "Online giving: set up." : "Online giving is not set up: /give says it is not available yet.",
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

type Gift = Route.ComponentProps["loaderData"]["gifts"][number];

/**
 * A table on wider screens; on a phone each gift stacks into a small card that reads whole without
 * a sideways swipe: the giver with the amount beside him, then the fund, the date and the receipt.
 */
function GiftsTable({ gifts }: { gifts: Gift[] }) {
  if (gifts.length === 0) return <p className="rounded-xl border border-stone-200 bg-white px-4 py-6 text-center text-stone-600">No gifts yet.</p>;
  const cell = "sm:px-4 sm:py-3 sm:align-top";
  return (
    <StackedTable caption="Gifts" columns={["Date", "Giver", "Fund", "Amount", "Receipt"]}>
      {gifts.map((gift) => (
        <tr key={gift.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-4 py-3 sm:table-row sm:p-0">
          <td className={`${cell} order-3 col-span-2 text-stone-600 sm:whitespace-nowrap sm:text-stone-900`}>{gift.date}</td>
          <td className={`${cell} order-1 font-medium break-words text-stone-900 sm:font-normal`}>{gift.giver}</td>
          <td className={`${cell} order-2 col-span-2 text-stone-700 sm:text-stone-900`}>{gift.fund}</td>
          <td className={`${cell} order-1 text-right font-semibold text-stone-900 sm:text-left`}>
            <span className="whitespace-nowrap">{formatKwacha(gift.amount)}</span>
            {gift.flagged ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs whitespace-nowrap text-amber-900 max-sm:mt-1 max-sm:ml-0 max-sm:block">Check amount</span> : null}
          </td>
          <td className={`${cell} order-4 col-span-2 font-mono text-stone-700 sm:text-stone-900`}>
            <span className="font-sans sm:hidden">Receipt </span>
            {gift.receipt}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}

export default function Giving({ loaderData }: Route.ComponentProps) {
  const { gifts, byFund, byMonth, online } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Giving</h1>
        <a href="/api/admin/giving.csv" download className={buttonClass.secondary}>
          <DownloadIcon className="size-4" />
          Export gifts (CSV)
        </a>
      </div>
      <p className="mt-3 text-sm text-stone-700">
        {online}{" "}
        <Link to="/admin/payments/setup" className="font-semibold text-brand-700 underline">
          Setting up payments
        </Link>
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Totals heading="By fund" rows={byFund.map((row) => ({ label: row.fund, total: row.total }))} />
        <Totals heading="By month" rows={byMonth.map((row) => ({ label: row.month, total: row.total }))} />
      </div>
      <div className="mt-6">
        <GiftsTable gifts={gifts} />
      </div>
    </div>
  );
}
