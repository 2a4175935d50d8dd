// Every query that touches `churchblogs` and `blog_categories`.
import { asc, desc, eq } from "drizzle-orm";
import { blog_categories, churchblogs } from "~/db/schema";
import type { Db } from "~/server/db.server";

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

/** The address of a post: its slug, or its id when it has no slug. */
export function postPath(post: { slug: string; id: number }): string {
  return `/blog/${post.slug || post.id}`;
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
export function blogsForAdminQuery(db: Db) {
  return db
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
    .orderBy(desc(churchblogs.created_at), desc(churchblogs.id));
}

export type AdminBlogRow = Awaited<ReturnType<typeof blogsForAdminQuery>>[number];

/** One post by id as stored, for its edit form; a query so the form can batch it with the categories. */
export function blogForEditQuery(db: Db, id: number) {
  return db.select().from(churchblogs).where(eq(churchblogs.id, id)).limit(1);
}

export function getBlog(db: Db, id: number) {
  return db.select().from(churchblogs).where(eq(churchblogs.id, id)).get();
}

export async function createBlog(db: Db, input: BlogInput): Promise<number> {
  const row = await db.insert(churchblogs).values(input).returning({ id: churchblogs.id }).get();
  return row.id;
}

/** False when the post no longer exists. */
export async function updateBlog(db: Db, id: number, input: BlogInput): Promise<boolean> {
  const rows = await db
    .update(churchblogs)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(churchblogs.id, id))
    .returning({ id: churchblogs.id });
  return rows.length === 1;
}

/** The removed post's image, or undefined when there was no such post. */
export function deleteBlog(db: Db, id: number) {
  return db.delete(churchblogs).where(eq(churchblogs.id, id)).returning({ image_url: churchblogs.image_url }).get();
}
