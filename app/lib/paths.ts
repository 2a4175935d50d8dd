// Public addresses of records, built the same way wherever they are linked.

/** The address of a post: its slug, or its id when it has no slug. */
export function postPath(post: { slug: string; id: number }): string {
  return `/blog/${post.slug || post.id}`;
}
