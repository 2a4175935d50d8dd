import { Link } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";
import { LineParagraphs } from "~/components/paragraphs";
import { FeatureImage } from "~/components/responsive-image";
import { WhatsAppShareLink } from "~/components/share-links";
import { BLOG_DATE_FORMAT } from "~/lib/constants";
import { loaderHeaders } from "~/lib/loader-headers";
import { feedLink, noindexMeta, seoMeta, whatsappShareUrl } from "~/lib/seo";
import { settingsFromMatches, titled } from "~/lib/settings";
import { blogPostingJsonLd } from "~/lib/structured-data";
import { formatCalendarDate } from "~/lib/time";
import { postPath } from "~/lib/paths";
import { blogPostPage } from "~/models/pages.server";
import { publicPage } from "~/server/page.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/blog-post";
import { readOnlyPage } from "~/lib/hydration";


/** Content only: no JavaScript needed (app/lib/hydration.ts). */
export const handle = readOnlyPage;

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
  const page = await blogPostPage(params.slug);
  const { post } = page;
  // SPEC section 8: a failed post fetch (null, logged by the model) shows the not-found page.
  if (!post) return publicPage(page, () => ({ post: null, jsonLd: null, whatsappHref: null }), 404);
  const origin = siteOrigin(request);
  // /blog/{id} also shows a post that has a slug; its address is the one with the slug.
  const path = postPath(post);
  return publicPage(page, (settings) => ({
    post: { ...post, path, dateLabel: formatCalendarDate(post.date, BLOG_DATE_FORMAT) ?? post.date },
    jsonLd: blogPostingJsonLd(post, `${origin}${path}`, origin, settings),
    whatsappHref: whatsappShareUrl(post.title, `${origin}${path}`),
  }));
}

function BackLink({ children }: { children: string }) {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900">
      <ArrowLeftIcon className="size-4" /> {children}
    </Link>
  );
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
            <Link to="/blog" className="font-semibold text-brand-700 underline hover:text-brand-900">
              Return to all blogs
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {post.image_url ? (
        <FeatureImage src={post.image_url} alt={post.image_alt || post.title} sizes="(min-width: 800px) 768px, 100vw" className="mb-8 rounded-xl" />
      ) : null}
      <BackLink>Back to all blogs</BackLink>
      <header className="mt-6 border-b border-stone-200 pb-6">
        {post.category ? <p className="text-xs font-bold uppercase tracking-widest text-gold-700">{post.category}</p> : null}
        <h1 className="mt-2 font-serif text-3xl font-bold leading-tight text-brand-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-stone-600">
          <time dateTime={post.date}>{post.dateLabel}</time> • By {post.author}
        </p>
        {whatsappHref ? <WhatsAppShareLink href={whatsappHref} className="mt-4" /> : null}
      </header>
      <LineParagraphs text={post.content} className="mt-8 text-lg leading-relaxed text-stone-800" />
    </article>
  );
}
