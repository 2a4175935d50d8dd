// The Leadership Team tab of the dashboard: every member by position, with the toggle, edit and delete.
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EditLink, ManagerRow, ManagerSection, Marker, ToggleActiveButton } from "~/components/admin/manager-list";
import { PersonPhoto } from "./person-photo";
import { positionTypeLabel, titledName } from "./leadership-form";
import { adminTabHref } from "~/lib/admin-tabs";
import { UNKNOWN_POSITION_NAME } from "~/lib/constants";
import type { AdminMemberRow } from "./leadership.server";

/** The position as the public page words it: 'Regional Coordinator - Northern Region'. */
function positionText(row: AdminMemberRow) {
  const name = row.position_name ?? UNKNOWN_POSITION_NAME;
  return row.region ? `${name} - ${row.region} Region` : name;
}

export function LeadershipList({ rows, error, deleteId }: { rows: AdminMemberRow[]; error: string | null; deleteId: number | null }) {
  return (
    <ManagerSection
      title="Leadership Team"
      addHref="/admin/leadership/new"
      addLabel="Add Member"
      error={error}
      empty={rows.length === 0 ? "No leadership team members yet." : null}
    >
      {rows.map((row) => {
        const badge = positionTypeLabel(row.position_type);
        const edit = `/admin/leadership/edit/${row.id}`;
        return (
          <ManagerRow
            key={row.id}
            media={<PersonPhoto name={row.full_name} imageUrl={row.image_url} className="size-10" initialClassName="text-base" />}
            title={titledName(row.title, row.full_name)}
            details={positionText(row)}
            markers={badge ? <Marker tone={badge === "NEC" ? "blue" : "gold"}>{badge}</Marker> : null}
            actions={
              <>
                <ToggleActiveButton
                  action={edit}
                  active={row.active}
                  subject={row.full_name}
                />
                <EditLink to={edit} label={`Edit ${row.full_name}`} />
                <ConfirmDelete
                  action={edit}
                  openHref={adminTabHref("leadership", { delete: row.id })}
                  closeHref={adminTabHref("leadership")}
                  initiallyOpen={deleteId === row.id}
                  title="Delete team member?"
                  description={`${row.full_name} will be removed from the leadership team and from the website. This cannot be undone.`}
                  triggerLabel={`Delete ${row.full_name}`}
                />
              </>
            }
          />
        );
      })}
    </ManagerSection>
  );
}
