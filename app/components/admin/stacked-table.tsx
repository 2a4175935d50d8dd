// A table on wider screens that, on a phone, stacks each row into a small card (its header row is
// read by screen readers only): the registration desk's people and /admin/giving's gifts. Each
// row lays out its own cells as a card (classes on the <tr> and its <td>s).
import type { ReactNode } from "react";

export function StackedTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white">
      <table role="table" className="block w-full text-left text-sm sm:table">
        <thead role="rowgroup" className="max-sm:sr-only bg-stone-50 text-xs font-semibold tracking-wide text-stone-700 uppercase">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-stone-200 sm:table-row-group">
          {children}
        </tbody>
      </table>
    </div>
  );
}
