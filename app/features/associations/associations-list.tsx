// The Associations tab of the dashboard: every association by region and name, with its toggle,
// edit and delete, and the way to the CSV import.
import { Link } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EditLink, ManagerRow, ManagerSection, ToggleActiveButton } from "~/components/admin/manager-list";
import { adminTabHref } from "~/lib/admin-tabs";
import type { AdminAssociationRow as Row } from "./associations.server";

/** What deleting an association does, and to the registrations that chose it. */
function deleteWords(row: Row): string {
  const removed = `${row.name} (${row.district}) will be removed from the directory.`;
  if (!row.chosenBy) return `${removed} This cannot be undone.`;
  const chose = row.chosenBy === 1 ? "1 registration chose it" : `${row.chosenBy} registrations chose it`;
  return `${removed} ${chose}: their answers keep its name, but the counts by region will show them under Other. To take it off the list and keep the counts, make it inactive instead. This cannot be undone.`;
}

export function AssociationsList({ rows, error, deleteId }: { rows: Row[]; error: string | null; deleteId: number | null }) {
  return (
    <ManagerSection
      title="Associations"
      addHref="/admin/associations/new"
      addLabel="Add Association"
      error={error}
      before={
        <p className="mb-3 text-sm text-stone-700">
          Many at once?{" "}
          <Link to="/admin/associations/import" className="font-semibold text-brand-700 underline">
            Import a CSV file
          </Link>
        </p>
      }
      empty={rows.length === 0 ? "No associations yet. Add them one by one, or import a CSV file for the first load." : null}
    >
      {rows.map((row) => (
        <ManagerRow
          key={row.id}
          title={row.name}
          details={`${row.district} · ${row.region}`}
          actions={
            <>
              <ToggleActiveButton action={`/admin/associations/edit/${row.id}`} active={row.active} subject={`association ${row.name}`} />
              <EditLink to={`/admin/associations/edit/${row.id}`} label={`Edit association ${row.name}`} />
              <ConfirmDelete
                action={`/admin/associations/edit/${row.id}`}
                openHref={adminTabHref("associations", { delete: row.id })}
                closeHref={adminTabHref("associations")}
                initiallyOpen={deleteId === row.id}
                title="Delete association?"
                description={deleteWords(row)}
                triggerLabel={`Delete association ${row.name}`}
              />
            </>
          }
        />
      ))}
    </ManagerSection>
  );
}
