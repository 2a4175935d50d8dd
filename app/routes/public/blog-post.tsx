import { data, Link } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";
import { LineParagraphs } from "~/components/paragraphs";
import { ResponsiveImage } from "~/components/responsive-image";
import { pageMeta, PAGES, titled } from "~/content/pages";
import { BLOG_DATE_FORMAT } from "~/lib/constants";
import { formatCalendarDate } from "~/lib/time";
import { postByIdQuery, postBySlugQuery } from "~/models/blog.server";
import { getDb } from "~/server/db.server";
import type { Route } from "./+types/blog-post";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.post ? { title: titled(loaderData.post.title), description: loaderData.post.excerpt } : PAGES.blogPostNotFound);

/** The post by slug, else by id when the parameter is a number (SPEC section 7), in one round trip. */
async function findPost(param: string) {
  const db = getDb();
  if (!/^\d{1,15}$/.test(param)) {
    const [post] = await postBySlugQuery(db, param);
    return post;
  }
  const [[bySlug], [byId]] = await db.batch([postBySlugQuery(db, param), postByIdQuery(db, Number(param))]);
  return bySlug ?? byId;
}

export async function loader({ params }: Route.LoaderArgs) {
  try {
    const post = await findPost(params.slug);
    if (post) return { post: { ...post, dateLabel: formatCalendarDate(post.date, BLOG_DATE_FORMAT) ?? post.date } };
  } catch (error) {
    // SPEC section 8: a failed post fetch shows the not-found page.
    console.error(`Blog post ${params.slug} failed to load:`, error);
  }
  return data({ post: null }, { status: 404 });
}

function BackLink({ children }: { children: string }) {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900">
      <ArrowLeftIcon className="size-4" /> {children}
    </Link>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
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
        <div className="mb-8 aspect-video overflow-hidden rounded-xl bg-stone-100">
          <ResponsiveImage
            src={post.image_url}
            alt={post.image_alt || post.title}
            sizes="(min-width: 800px) 768px, 100vw"
            priority
            width={1600}
            height={900}
            className="size-full object-cover"
          />
        </div>
      ) : null}
      <BackLink>Back to all blogs</BackLink>
      <header className="mt-6 border-b border-stone-200 pb-6">
        {post.category ? <p className="text-xs font-bold uppercase tracking-widest text-gold-700">{post.category}</p> : null}
        <h1 className="mt-2 font-serif text-3xl font-bold leading-tight text-brand-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-stone-600">
          <time dateTime={post.date}>{post.dateLabel}</time> • By {post.author}
        </p>
      </header>
      <LineParagraphs text={post.content} className="mt-8 text-lg leading-relaxed text-stone-800" />
    </article>
  );
}
