// /admin/blogs/preview/:id (issue 15): a post exactly as visitors will see it (the public page's
// own component), drafts and scheduled posts too, under a banner. It sits under the admin layout,
// whose middleware lets in signed-in staff only and marks every answer private and no-store, so
// no cache ever keeps it; and it is noindex.
import { Link } from "react-router";
import { BLOG_MESSAGES, BlogPostArticle, statusLabel, toPostPage } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { postForPreview } from "~/features/publishing/index.server";
import { errorToast, parseId } from "~/server/admin-actions.server";
import { siteOrigin } from "~/server/site-url.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/blog-preview";

const TAB = adminTabHref("blogs");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Preview: ${loaderData?.post.title ?? "Blog"} | Admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const post = id === null ? undefined : await postForPreview(id, new Date());
  if (!post) throw await redirectWithToast(request, TAB, errorToast(BLOG_MESSAGES.loadFailed));
  const page = toPostPage(post, siteOrigin(request));
  // A draft's or a scheduled post's address is "not found" for visitors until it is published: nothing to share yet.
  const whatsappHref = post.state === "published" ? page.whatsappHref : null;
  return { ...page, whatsappHref, id: post.id, status: statusLabel(post.state, post.publish_at) };
}

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { post, whatsappHref, id, status } = loaderData;
  return (
    <div className="flex flex-1 flex-col bg-white">
      <div role="note" aria-label="Preview" className="border-b border-gold-300 bg-gold-100 text-stone-900">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div>
            <p className="font-semibold">Preview – not visible to visitors</p>
            <p className="text-sm">This post: {status}</p>
          </div>
          <p className="flex gap-3 text-sm font-semibold">
            <Link to={`/admin/blogs/edit/${id}`} className="text-brand-800 underline">
              Edit this post
            </Link>
            <Link to={TAB} className="text-brand-800 underline">
              All posts
            </Link>
          </p>
        </div>
      </div>
      <BlogPostArticle post={post} whatsappHref={whatsappHref} />
    </div>
  );
}
