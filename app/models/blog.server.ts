// Every query that touches `churchblogs` and `blog_categories`.
import { asc, desc, eq } from "drizzle-orm";
import { blog_categories, churchblogs } from "~/db/schema";
import type { Db } from "~/server/db.server";

export type BlogPost = typeof churchblogs.$inferSelect;
export type BlogCategory = typeof blog_categories.$inferSelect;

const postWithCategory = { post: churchblogs, category: blog_categories };

/** All posts with their category, newest first by date (SPEC section 7). */
export function postsWithCategoryQuery(db: Db, limit?: number) {
  const query = db
    .select(postWithCategory)
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .orderBy(desc(churchblogs.date), desc(churchblogs.created_at), desc(churchblogs.id));
  return limit === undefined ? query : query.limit(limit);
}

export function postBySlugQuery(db: Db, slug: string) {
  return db
    .select(postWithCategory)
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .where(eq(churchblogs.slug, slug))
    .limit(1);
}

export function postByIdQuery(db: Db, id: number) {
  return db
    .select(postWithCategory)
    .from(churchblogs)
    .leftJoin(blog_categories, eq(churchblogs.category_id, blog_categories.id))
    .where(eq(churchblogs.id, id))
    .limit(1);
}

export function categoriesByNameQuery(db: Db) {
  return db.select({ id: blog_categories.id, name: blog_categories.name }).from(blog_categories).orderBy(asc(blog_categories.name));
}
