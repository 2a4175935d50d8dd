// The Blogs tab of the dashboard: every post, newest first by when it was written, with its
// category, a link to it on the site, edit and delete.
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EditLink, ManagerRow, ManagerSection, Marker, ViewOnSiteLink } from "~/components/admin/manager-list";
import { ADMIN_BLOG_DATE_FORMAT } from "~/lib/constants";
import { adminTabHref } from "~/lib/admin-tabs";
import { postPath } from "~/lib/paths";
import { formatCalendarDate } from "~/lib/time";
import type { AdminBlogRow } from "~/models/blog.server";

export function BlogsList({ rows, error, deleteId }: { rows: AdminBlogRow[]; error: string | null; deleteId: number | null }) {
  return (
    <ManagerSection title="Blogs" addHref="/admin/blogs/new" addLabel="Add Blog" error={error} empty={rows.length === 0 ? "No blogs yet" : null}>
      {rows.map((row) => (
        <ManagerRow
          key={row.id}
          title={row.title}
          details={
            <>
              By {row.author}
              <span aria-hidden="true"> · </span>
              <span className="whitespace-nowrap">{formatCalendarDate(row.date, ADMIN_BLOG_DATE_FORMAT) ?? "No date set"}</span>
            </>
          }
          markers={row.category ? <Marker tone="blue">{row.category}</Marker> : <Marker tone="grey">No Category</Marker>}
          actions={
            <>
              <ViewOnSiteLink href={postPath(row)} name={row.title} />
              <EditLink to={`/admin/blogs/edit/${row.id}`} label={`Edit ${row.title}`} />
              <ConfirmDelete
                action={`/admin/blogs/edit/${row.id}`}
                openHref={adminTabHref("blogs", { delete: row.id })}
                closeHref={adminTabHref("blogs")}
                initiallyOpen={deleteId === row.id}
                title="Delete blog post?"
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
