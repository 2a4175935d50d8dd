import { SiteLink } from "~/components/site-link";
import { BlogPostArticle, toPostPage } from "~/features/publishing";
import { redirect } from "react-router";
import { loaderHeaders } from "~/lib/loader-headers";
import { blogPostingJsonLd, feedLink, noindexMeta, seoMeta } from "~/features/site";
import { settingsFromMatches, titled } from "~/features/settings";
import { blogPostPage, publicPage } from "~/features/site/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/blog-post";
import { scriptFreePage } from "~/lib/page-scripts";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const post = loaderData?.post;
  if (!post) {
    const settings = settingsFromMatches(matches);
    return [...noindexMeta(titled("Blog Post Not Found", settings)), feedLink(settings)];
  }
  return seoMeta(matches, {
    feed: true,
    path: post.path,
    title: post.title,
    shareTitle: post.title,
    description: post.excerpt,
    type: "article",
    image: { url: post.image_url, alt: post.image_alt || post.title },
    jsonLd: loaderData.jsonLd,
    extra: [
      { property: "article:published_time", content: post.date },
      { property: "article:author", content: post.author },
      ...(post.category ? [{ property: "article:section", content: post.category }] : []),
    ],
  });
};

export async function loader({ params, request }: Route.LoaderArgs) {
  // Only a post visitors see now: a draft, or a post scheduled for later, is not found.
  const page = await blogPostPage(params.slug, new Date());
  const { post } = page;
  // An address that changed (a link shared before): on to where the post is now, for good.
  if (page.moved) throw redirect(`/blog/${page.moved}`, 301);
  // SPEC section 8: a failed post fetch (null, logged by the model) shows the not-found page.
  if (!post) return publicPage(page, () => ({ post: null, jsonLd: null, whatsappHref: null }), 404);
  const origin = siteOrigin(request);
  const shown = toPostPage(post, origin);
  return publicPage(page, (settings) => ({ ...shown, jsonLd: blogPostingJsonLd(post, `${origin}${shown.post.path}`, origin, settings) }));
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, whatsappHref } = loaderData;
  if (!post) {
    return (
      <div className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-24">
        <div className="max-w-md text-center">
          <h1 className="font-serif text-3xl font-bold text-brand-900">Blog Post Not Found</h1>
          <p className="mt-3 text-stone-700">The blog post you're looking for doesn't exist or has been removed.</p>
          <p className="mt-6">
            <SiteLink to="/blog" className="font-semibold text-brand-700 underline hover:text-brand-900">
              Return to all blogs
            </SiteLink>
          </p>
        </div>
      </div>
    );
  }
  return <BlogPostArticle post={post} whatsappHref={whatsappHref} />;
}
