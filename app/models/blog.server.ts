// Every query that touches `churchblogs` and `blog_categories`.
import { asc, desc, eq } from "drizzle-orm";
import { blog_categories, churchblogs } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";

export type BlogPost = typeof churchblogs.$inferSelect;
export type BlogCategory = typeof blog_categories.$inferSelect;

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

/** All posts with their category name, newest first by date (SPEC section 7). */
export function postSummariesQuery(db: Db) {
  return db
    .select(summaryColumns)
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .orderBy(desc(churchblogs.date), desc(churchblogs.created_at), desc(churchblogs.id));
}

const postColumns = { ...summaryColumns, content: churchblogs.content };

export function postBySlugQuery(db: Db, slug: string) {
  return db
    .select(postColumns)
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .where(eq(churchblogs.slug, slug))
    .limit(1);
}

export function postByIdQuery(db: Db, id: number) {
  return db
    .select(postColumns)
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .where(eq(churchblogs.id, id))
    .limit(1);
}

export function categoriesByNameQuery(db: Db) {
  return db.select({ id: blog_categories.id, name: blog_categories.name }).from(blog_categories).orderBy(asc(blog_categories.name));
}

// Admin side (SPEC section 7, Admin reads and writes).

export type BlogInput = Pick<
  BlogPost,
  "title" | "slug" | "author" | "date" | "category_id" | "excerpt" | "content" | "image_url" | "image_alt"
>;

/** Every post with its category name, newest first by created_at, for the admin list. */
export function blogsForAdmin() {
  return getDb()
    .select({
      id: churchblogs.id,
      slug: churchblogs.slug,
      title: churchblogs.title,
      author: churchblogs.author,
      date: churchblogs.date,
      category: blog_categories.name,
    })
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .orderBy(desc(churchblogs.created_at), desc(churchblogs.id))
    .all();
}

export type AdminBlogRow = Awaited<ReturnType<typeof blogsForAdmin>>[number];

/** The blog categories by name, for the form's select. */
export function blogCategories() {
  return categoriesByNameQuery(getDb()).all();
}

/**
 * What the edit form starts from, in one D1 round trip: the post (undefined when there is none)
 * and the categories. D1 fails a batch as a whole, so when it fails the post is read alone: the
 * form still opens (with only 'No Category') when just the categories are unreadable, and a post
 * that cannot be read fails the load.
 */
export async function blogFormData(id: number): Promise<{ post: BlogPost; categories: BlogCategoryOption[] | null } | undefined> {
  const db = getDb();
  try {
    const [[post], categories] = await db.batch([db.select().from(churchblogs).where(eq(churchblogs.id, id)).limit(1), categoriesByNameQuery(db)]);
    return post && { post, categories };
  } catch (cause) {
    console.error("blog form batch failed", cause);
    const post = await getBlog(id);
    return post && { post, categories: null };
  }
}

export type BlogCategoryOption = { id: number; name: string };

export function getBlog(id: number) {
  return getDb().select().from(churchblogs).where(eq(churchblogs.id, id)).get();
}

export async function createBlog(input: BlogInput): Promise<number> {
  const row = await getDb().insert(churchblogs).values(input).returning({ id: churchblogs.id }).get();
  return row.id;
}

/** False when the post no longer exists. */
export async function updateBlog(id: number, input: BlogInput): Promise<boolean> {
  const rows = await getDb()
    .update(churchblogs)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(churchblogs.id, id))
    .returning({ id: churchblogs.id });
  return rows.length === 1;
}

/** The removed post's image, or undefined when there was no such post. */
export function deleteBlog(id: number) {
  return getDb().delete(churchblogs).where(eq(churchblogs.id, id)).returning({ image_url: churchblogs.image_url }).get();
}
