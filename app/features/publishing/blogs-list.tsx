// The Blogs tab of the dashboard: every post, newest first by when it was written, with its status
// (Draft, Scheduled for …, Published) and publish time, its category, a Preview, a link to it on
// the site, edit and delete. Filters (?status=) show only the drafts, the scheduled or the
// published posts.
import { Link, useSearchParams } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EditLink, ManagerRow, ManagerSection, Marker, ViewOnSiteLink } from "~/components/admin/manager-list";
import { ADMIN_BLOG_DATE_FORMAT, ADMIN_DATE_TIME_FORMAT } from "~/lib/constants";
import { adminTabHref } from "~/lib/admin-tabs";
import { postPath } from "~/lib/paths";
import { POST_STATUSES, type PostStatus, statusLabel } from "./post-status";
import { formatCalendarDate, formatInSiteZone } from "~/lib/time";
import type { AdminBlogRow } from "./blog.server";
import { PreviewLink } from "./preview-link";

const FILTERS: { status: PostStatus | null; label: string; empty: string }[] = [
  { status: null, label: "All", empty: "No blogs yet" },
  { status: "draft", label: "Drafts", empty: "No drafts." },
  { status: "scheduled", label: "Scheduled", empty: "No posts are scheduled." },
  { status: "published", label: "Published", empty: "No published posts yet." },
];

const STATUS_TONES = { draft: "grey", scheduled: "gold", published: "green" } as const;

function parseFilter(value: string | null): PostStatus | null {
  return POST_STATUSES.find((status) => status === value) ?? null;
}

function Filters({ rows, current }: { rows: AdminBlogRow[]; current: PostStatus | null }) {
  return (
    <nav aria-label="Show posts" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map(({ status, label }) => {
          const count = status ? rows.filter((row) => row.state === status).length : rows.length;
          const chosen = status === current;
          return (
            <li key={label}>
              <Link
                to={adminTabHref("blogs", status ? { status } : undefined)}
                aria-current={chosen ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium ${
                  chosen ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"
                }`}
              >
                {`${label} (${count})`}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function BlogsList({ rows, error, deleteId }: { rows: AdminBlogRow[]; error: string | null; deleteId: number | null }) {
  const filter = parseFilter(useSearchParams()[0].get("status"));
  const shown = filter ? rows.filter((row) => row.state === filter) : rows;
  const empty = rows.length === 0 ? "No blogs yet" : shown.length === 0 ? FILTERS.find((f) => f.status === filter)!.empty : null;
  return (
    <ManagerSection title="Blogs" addHref="/admin/blogs/new" addLabel="Add Blog" error={error} empty={empty} before={rows.length ? <Filters rows={rows} current={filter} /> : null}>
      {shown.map((row) => (
        <ManagerRow
          key={row.id}
          title={
            <>
              <span>{row.title}</span> <PreviewLink id={row.id} title={row.title} />
            </>
          }
          details={
            <>
              By {row.author}
              <span aria-hidden="true"> · </span>
              <span className="whitespace-nowrap">{formatCalendarDate(row.date, ADMIN_BLOG_DATE_FORMAT) ?? "No date set"}</span>
              {row.state === "published" && row.publish_at ? (
                <span className="block">Published {formatInSiteZone(row.publish_at, ADMIN_DATE_TIME_FORMAT)}</span>
              ) : null}
            </>
          }
          markers={
            <>
              <Marker tone={STATUS_TONES[row.state]}>{statusLabel(row.state, row.publish_at)}</Marker>
              {row.category ? <Marker tone="blue">{row.category}</Marker> : <Marker tone="grey">No Category</Marker>}
            </>
          }
          actions={
            <>
              {row.state === "published" ? <ViewOnSiteLink href={postPath(row)} name={row.title} /> : null}
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
