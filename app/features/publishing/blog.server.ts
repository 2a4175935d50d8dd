// Every query that touches `churchblogs` and `blog_categories`. Visitors see a post only when it is
// published or scheduled with its time come (`visibleAt`), decided when reading with the Worker's
// clock passed in as `now` (SQLite's own clock would ignore a test's fake timers), so a scheduled
// post appears by itself, with no job to run.
import { and, asc, count, desc, eq, getTableColumns, lte, or, sql } from "drizzle-orm";
import { blog_categories, churchblogs } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import type { PostStatus } from "~/features/publishing/post-status";
import {
  deleteWithHistory,
  guardedUpdate,
  historyQuery,
  onceAtSlugSql,
  versionQuery,
  createOnce,
  type GuardedSave,
  type HistoryEntry,
  type KeptVersion,
  type SaveGuard,
} from "~/features/history/index.server";

export type BlogPost = typeof churchblogs.$inferSelect;
export type BlogCategory = typeof blog_categories.$inferSelect;

/** Whether visitors see a post at `now`: published, or scheduled with its time come. */
export function visibleAt(now: Date) {
  return or(eq(churchblogs.status, "published"), and(eq(churchblogs.status, "scheduled"), lte(churchblogs.publish_at, now.toISOString())));
}

/** For the content version (installed by the Worker): when the next scheduled post goes live, `?1` being now. */
export const NEXT_SCHEDULED_POST_SQL = "SELECT min(publish_at) FROM churchblogs WHERE status = 'scheduled' AND publish_at > ?1";

/** The post's status as staff see it at `now`: a scheduled post whose time has come is published. */
function stateAt(now: Date) {
  return sql<PostStatus>`(CASE WHEN ${visibleAt(now)} THEN 'published' ELSE ${churchblogs.status} END)`;
}

/** What the blog list shows of a post (no content, so the list stays light). */
const summaryColumns = {
  id: churchblogs.id,
  slug: churchblogs.slug,
  title: churchblogs.title,
  date: churchblogs.date,
  author: churchblogs.author,
  excerpt: churchblogs.excerpt,
  image_url: churchblogs.image_url,
  image_alt: churchblogs.image_alt,
  category: blog_categories.name,
};

/** Every post visitors see at `now`, with its category name, newest first by date (SPEC section 7). */
export function postSummariesQuery(db: Db, now: Date) {
  return db
    .select(summaryColumns)
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .where(visibleAt(now))
    .orderBy(desc(churchblogs.date), desc(churchblogs.created_at), desc(churchblogs.id));
}

const postColumns = { ...summaryColumns, content: churchblogs.content };

function postQuery(db: Db, where: ReturnType<typeof and>) {
  return db.select(postColumns).from(churchblogs).leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id)).where(where).limit(1);
}

/** The post at /blog/{slug}, when visitors see it at `now`. */
export function postBySlugQuery(db: Db, slug: string, now: Date) {
  return postQuery(db, and(eq(churchblogs.slug, slug), visibleAt(now)));
}

/** The post at /blog/{id} (when no slug matches), when visitors see it at `now`. */
export function postByIdQuery(db: Db, id: number, now: Date) {
  return postQuery(db, and(eq(churchblogs.id, id), visibleAt(now)));
}

/**
 * Where /blog/{slug} moved when the post's address changed (its current slug), for a post visitors
 * see at `now`; empty when no kept version had that address. Read only when no post has it now.
 */
export function movedPostQuery(db: Db, slug: string, now: Date) {
  return db
    .select({ slug: churchblogs.slug })
    .from(churchblogs)
    .where(and(sql`${churchblogs.id} IN (${onceAtSlugSql("blog", slug)})`, visibleAt(now)))
    .orderBy(desc(churchblogs.updated_at))
    .limit(1);
}

export type PublicPost = NonNullable<Awaited<ReturnType<typeof postBySlugQuery>>[number]>;

export function categoriesByNameQuery(db: Db) {
  return db.select({ id: blog_categories.id, name: blog_categories.name }).from(blog_categories).orderBy(asc(blog_categories.name));
}

// Admin side (SPEC section 7, Admin reads and writes).

/** The fields a kept version holds: what the form edits, not whether visitors see it. */
const VERSION_COLUMNS = {
  title: churchblogs.title,
  slug: churchblogs.slug,
  author: churchblogs.author,
  date: churchblogs.date,
  category_id: churchblogs.category_id,
  excerpt: churchblogs.excerpt,
  content: churchblogs.content,
  image_url: churchblogs.image_url,
  image_alt: churchblogs.image_alt,
};

export type BlogContent = Pick<BlogPost, keyof typeof VERSION_COLUMNS>;

/** What a save stores: the content, the status, and for a scheduled post when it goes live. */
export type BlogInput = BlogContent & { status: PostStatus; publish_at: string | null };

/** Every post with its category name and its status at `now`, newest first by created_at, for the admin list. */
export function blogsForAdmin(now: Date) {
  return getDb()
    .select({
      id: churchblogs.id,
      slug: churchblogs.slug,
      title: churchblogs.title,
      author: churchblogs.author,
      date: churchblogs.date,
      category: blog_categories.name,
      state: stateAt(now),
      publish_at: churchblogs.publish_at,
    })
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .orderBy(desc(churchblogs.created_at), desc(churchblogs.id))
    .all();
}

export type AdminBlogRow = Awaited<ReturnType<typeof blogsForAdmin>>[number];

/** How many posts are in each status at `now` (the dashboard's Blogs card). */
export function postCountsByStateQuery(db: Db, now: Date) {
  return db.select({ state: stateAt(now), n: count() }).from(churchblogs).groupBy(stateAt(now));
}

/** The blog categories by name, for the form's select. */
export function blogCategories() {
  return categoriesByNameQuery(getDb()).all();
}

export type BlogCategoryOption = { id: number; name: string };

/** The post as staff edit it: every column, and its status at `now`. */
function postForEditQuery(db: Db, id: number, now: Date) {
  return db
    .select({ ...getTableColumns(churchblogs), state: stateAt(now) })
    .from(churchblogs)
    .where(eq(churchblogs.id, id))
    .limit(1);
}

export type BlogForEdit = BlogPost & { state: PostStatus };

export type BlogFormData = {
  post: BlogForEdit;
  categories: BlogCategoryOption[] | null;
  history: HistoryEntry[];
  /** The kept version asked for (undefined when there is no such version). */
  version?: KeptVersion;
};

/**
 * What the edit form starts from, in one D1 round trip: the post (undefined when there is none),
 * the categories, its history and, when one is asked for, a kept version. D1 fails a batch as a
 * whole, so when it fails the post is read alone: the form still opens (with only 'No Category'
 * and no history), and a post that cannot be read fails the load.
 */
export async function blogFormData(id: number, now: Date, versionId: number | null): Promise<BlogFormData | undefined> {
  const db = getDb();
  const key = String(id);
  try {
    const [[post], categories, history, versions] = await db.batch([
      postForEditQuery(db, id, now),
      categoriesByNameQuery(db),
      historyQuery(db, "blog", key),
      versionQuery(db, "blog", [key], versionId ?? 0),
    ]);
    return post && { post, categories, history, version: versions[0] };
  } catch (cause) {
    console.error("blog form batch failed", cause);
    const [post] = await postForEditQuery(db, id, now);
    return post && { post, categories: null, history: [] };
  }
}

/** A post in any status with its category name, for the admin's preview. */
export function postForPreview(id: number, now: Date) {
  return getDb()
    .select({ ...postColumns, state: stateAt(now), publish_at: churchblogs.publish_at })
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .where(eq(churchblogs.id, id))
    .get();
}

export function getBlog(id: number) {
  return getDb().select().from(churchblogs).where(eq(churchblogs.id, id)).get();
}

/** A new post, saved now (the Worker's clock, as every save); a published one goes live now. */
export function createBlog(input: BlogInput, by: string): Promise<number> {
  const now = new Date();
  // When a published post went live is not part of what the form sent (a second send is the same post).
  const { publish_at, ...fields } = input;
  return createOnce(getDb(), churchblogs, fields, { publish_at: input.status === "published" ? now.toISOString() : publish_at }, by, now);
}

/**
 * Saves the post if it is still at the version the form was opened at, keeping the version it
 * replaces. A published post keeps the time it first went live; one that was not live goes live now.
 */
export function updateBlog(id: number, input: BlogInput, guard: SaveGuard): Promise<GuardedSave> {
  const now = new Date();
  const publish_at =
    input.status === "published" ? sql<string>`(CASE WHEN ${visibleAt(now)} THEN ${churchblogs.publish_at} ELSE ${now.toISOString()} END)` : input.publish_at;
  return guardedUpdate(getDb(), { entity: "blog", table: churchblogs, id, versionColumns: VERSION_COLUMNS, values: { ...input, publish_at }, guard });
}

/** Deletes the post and its history, answering every picture they held; undefined when there was no such post. */
export function deleteBlog(id: number) {
  return deleteWithHistory(getDb(), "blog", churchblogs, id);
}
