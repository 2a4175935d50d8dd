// The Testimonies tab of the dashboard: every testimony, newest first, with its toggle, edit and delete.
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EditLink, ManagerRow, ManagerSection, ToggleActiveButton } from "~/components/admin/manager-list";
import { PersonPhoto } from "./person-photo";
import { adminTabHref } from "~/lib/admin-tabs";

import type { AdminTestimonyRow as Row } from "./testimony.server";

export function TestimoniesList({ rows, error, deleteId }: { rows: Row[]; error: string | null; deleteId: number | null }) {
  return (
    <ManagerSection
      title="Testimonies"
      addHref="/admin/testimonies/new"
      addLabel="Add Testimony"
      error={error}
      empty={rows.length === 0 ? "No testimonies yet. Add the first one to share what God is doing." : null}
    >
      {rows.map((row) => (
        <ManagerRow
          key={row.id}
          media={<PersonPhoto name={row.author} imageUrl={row.image_url} className="size-10" initialClassName="text-base" />}
          title={row.author}
          details={row.role}
          actions={
            <>
              <ToggleActiveButton
                action={`/admin/testimonies/edit/${row.id}`}
                active={row.active}
                subject={`testimony by ${row.author}`}
              />
              <EditLink to={`/admin/testimonies/edit/${row.id}`} label={`Edit testimony by ${row.author}`} />
              <ConfirmDelete
                action={`/admin/testimonies/edit/${row.id}`}
                openHref={adminTabHref("testimonies", { delete: row.id })}
                closeHref={adminTabHref("testimonies")}
                initiallyOpen={deleteId === row.id}
                title="Delete testimony?"
                description={`The testimony by ${row.author} will be removed from the website. This cannot be undone.`}
                triggerLabel={`Delete testimony by ${row.author}`}
              />
            </>
          }
        />
      ))}
    </ManagerSection>
  );
}
