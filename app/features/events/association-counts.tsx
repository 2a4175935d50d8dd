// The desk's counts by association and by region (issue 25, part 3): confirmed, waiting and checked
// in, for an event that asks the Association question. Plain tables, readable at 360 px.
import type { AssociationCount } from "./event-questions";

function CountsTable({ caption, rows, first }: { caption: string; rows: readonly AssociationCount[]; first: string }) {
  // Narrow cells on a phone: four columns fit 360 px; a very long word still scrolls the table, not the page.
  const cell = "px-2 py-2 sm:px-3";
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold text-stone-900">{caption}</caption>
        <thead className="bg-stone-50 text-xs font-semibold text-stone-700">
          <tr>
            <th scope="col" className={cell}>{first}</th>
            <th scope="col" className={`${cell} text-right`}>Confirmed</th>
            <th scope="col" className={`${cell} text-right`}>Waiting</th>
            <th scope="col" className={`${cell} text-right`}>Checked in</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {rows.map((row) => (
            <tr key={`${row.region}/${row.name}`}>
              <th scope="row" className={`${cell} font-medium [overflow-wrap:anywhere] text-stone-900`}>{row.name}</th>
              <td className={`${cell} text-right tabular-nums`}>{row.confirmed}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.waitlisted}</td>
              <td className={`${cell} text-right tabular-nums`}>{row.checkedIn}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Why the tables are empty: nobody came yet, or everyone who registered cancelled (`cancelled` of them). */
function nobodyText(cancelled: number): string {
  if (cancelled === 0) return "Nobody has registered yet.";
  return cancelled === 1 ? "Nobody is registered now: the one registration was cancelled." : `Nobody is registered now: all ${cancelled} registrations were cancelled.`;
}

export function AssociationCounts({
  counts,
  cancelled,
  doorListHref,
}: {
  counts: { byAssociation: AssociationCount[]; byRegion: AssociationCount[] };
  /** How many registrations of the event are cancelled (they are not in the counts). */
  cancelled: number;
  doorListHref: string;
}) {
  return (
    <details className="rounded-lg border border-stone-200 bg-white" open>
      <summary className="disclosure-chevron cursor-pointer px-4 py-3 font-semibold text-stone-900">By association and region</summary>
      {counts.byAssociation.length ? (
        <div className="grid gap-4 border-t border-stone-200 py-2 lg:grid-cols-2">
          <CountsTable caption="By association" rows={counts.byAssociation} first="Association" />
          <CountsTable caption="By region" rows={counts.byRegion} first="Region" />
        </div>
      ) : (
        <p className="border-t border-stone-200 px-4 py-3 text-sm text-stone-600">{nobodyText(cancelled)}</p>
      )}
      <p className="border-t border-stone-200 px-4 py-3 text-sm">
        <a href={doorListHref} className="font-semibold text-brand-700 underline">
          Print the door list grouped by association
        </a>
      </p>
    </details>
  );
}
