// The Ministries tab of the dashboard: every ministry in sort order, active or not, with edit and delete.
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EditLink, ManagerRow, ManagerSection, Marker } from "~/components/admin/manager-list";
import { ImageIcon } from "~/components/icons";
import { ResponsiveImage } from "~/features/images";
import { adminTabHref } from "~/lib/admin-tabs";
import type { AdminMinistryRow } from "./ministry.server";

/** The row's picture, or a placeholder of the same size; the title beside it names the ministry. */
function Thumbnail({ imageUrl }: { imageUrl: string | null }) {
  const box = "aspect-video w-20 shrink-0 rounded-md sm:w-24";
  return imageUrl ? (
    <ResponsiveImage src={imageUrl} alt="" sizes="96px" className={`${box} bg-stone-100 object-cover`} />
  ) : (
    <div className={`${box} flex items-center justify-center bg-stone-100 text-stone-500`}>
      <ImageIcon className="size-6" />
    </div>
  );
}

export function MinistriesList({ rows, error, deleteId }: { rows: AdminMinistryRow[]; error: string | null; deleteId: number | null }) {
  return (
    <ManagerSection
      title="Ministries"
      addHref="/admin/ministries/new"
      addLabel="Add Ministry"
      error={error}
      empty={rows.length === 0 ? "No ministries have been added yet." : null}
    >
      {rows.map((row) => (
        <ManagerRow
          key={row.id}
          media={<Thumbnail imageUrl={row.image_url} />}
          title={row.title}
          details={
            <>
              <span className="font-mono wrap-anywhere">{row.slug}</span>
              <span aria-hidden="true"> · </span>
              <span className="whitespace-nowrap">Sort order {row.sort_order}</span>
            </>
          }
          markers={row.active ? <Marker tone="green">Active</Marker> : <Marker tone="grey">Inactive</Marker>}
          actions={
            <>
              <EditLink to={`/admin/ministries/edit/${row.id}`} label={`Edit ${row.title}`} />
              <ConfirmDelete
                action={`/admin/ministries/edit/${row.id}`}
                openHref={adminTabHref("ministries", { delete: row.id })}
                closeHref={adminTabHref("ministries")}
                initiallyOpen={deleteId === row.id}
                title="Delete ministry?"
                description={`"${row.title}" and its image will be removed from the website. This cannot be undone.`}
                triggerLabel={`Delete ${row.title}`}
              />
            </>
          }
        />
      ))}
    </ManagerSection>
  );
}
