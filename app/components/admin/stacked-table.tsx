// A table on wider screens that, on a phone, stacks each row into a small card (its header row is
// read by screen readers only): the registration desk's people and /admin/giving's gifts. Each
// row lays out its own cells as a card (classes on the <tr> and its <td>s). No ARIA roles on the
// table's parts: HTML forbids them there (the validator refused the desk), and today's browsers keep
// a table's meaning when CSS displays it as blocks.
import type { ReactNode } from "react";

/** `caption`: what the table lists ("Registrations for …"), read by screen readers only (the page's heading shows it). */
export function StackedTable({ columns, caption, children }: { columns: readonly string[]; caption: string; children: ReactNode }) {
  return (
    // Scrolls sideways inside its own frame when a long name makes the table wider than the page,
    // so the actions column is never cut off.
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="block w-full text-left text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only bg-stone-50 text-xs font-semibold tracking-wide text-stone-700 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-stone-200 sm:table-row-group">
          {children}
        </tbody>
      </table>
    </div>
  );
}
