import { ADMIN_BLOG_DATE_FORMAT } from "~/lib/constants";
import { formatCalendarDate } from "~/lib/time";
import { blogsForAdminQuery, postPath, type AdminBlogRow } from "~/models/blog.server";
import type { Db } from "~/server/db.server";

export type BlogsTabRow = Omit<AdminBlogRow, "date" | "slug"> & { dateText: string | null; publicPath: string };

/** The blogs tab: every post, newest first by created_at, with its date ready to show. */
export async function loadBlogsTab(db: Db): Promise<{ rows: BlogsTabRow[]; error: string | null }> {
  try {
    const rows = await blogsForAdminQuery(db);
    return {
      rows: rows.map(({ date, slug, ...row }) => ({
        ...row,
        dateText: formatCalendarDate(date, ADMIN_BLOG_DATE_FORMAT),
        publicPath: postPath({ id: row.id, slug }),
      })),
      error: null,
    };
  } catch (cause) {
    console.error("blogs list failed", cause);
    return { rows: [], error: "Failed to load blogs" };
  }
}
