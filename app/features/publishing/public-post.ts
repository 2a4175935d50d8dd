// A blog post as visitors see it (its page, and the admin's preview of it): its address, its date
// written out, and the link to pass it on by WhatsApp.
import type { PublicPost } from "~/features/publishing/blog.server";
import { BLOG_DATE_FORMAT } from "../../lib/constants";
import { postPath } from "../../lib/paths";
import { formatCalendarDate } from "../../lib/time";
import { whatsappShareUrl } from "~/lib/app-links";

export function toPostPage(post: PublicPost, origin: string) {
  // /blog/{id} also shows a post that has a slug; its address is the one with the slug.
  const path = postPath(post);
  return {
    post: { ...post, path, dateLabel: formatCalendarDate(post.date, BLOG_DATE_FORMAT) ?? post.date },
    whatsappHref: whatsappShareUrl(post.title, `${origin}${path}`),
  };
}

/** The post's page; without `whatsappHref` (a preview of a post visitors cannot see yet), no share link. */
export type PostPage = Omit<ReturnType<typeof toPostPage>, "whatsappHref"> & { whatsappHref: string | null };
