import { SiteLink } from "~/components/site-link";
import { ArrowRightIcon, BookIcon } from "~/components/icons";
import { EmptyState } from "~/components/empty-state";
import { CARD_GRID_SIZES } from "~/features/publishing";
import { PageHero } from "~/components/page-hero";
import { ResponsiveImage } from "~/features/images";
import { PAGES, seoMeta } from "~/features/site";
import { BLOG_DATE_FORMAT } from "~/lib/constants";
import { formatCalendarDate } from "~/lib/time";
import { postPath } from "~/lib/paths";
import { blogPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";

import type { Route } from "./+types/blog";
import { scriptFreePage } from "~/lib/page-scripts";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { ...PAGES.blog, feed: true });

export async function loader() {
  // Only the posts visitors see now: drafts, and posts scheduled for later, are left out.
  const page = await blogPage(new Date());
  // SPEC section 8: a failed blog list is only logged (by the model); visitors see the empty state.
  const posts = (page.posts ?? []).map((post) => ({
    ...post,
    path: postPath(post),
    dateLabel: formatCalendarDate(post.date, BLOG_DATE_FORMAT) ?? post.date,
  }));
  return publicPage({ ...page, degraded: page.degraded || page.posts === null }, () => ({ posts }));
}

export const headers = loaderHeaders;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <PageHero title="Blog & Devotionals">Devotionals, teaching and news to encourage you in your walk with Christ.</PageHero>
      <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        {posts.length === 0 ? (
          <EmptyState icon={<BookIcon className="size-8" />}>
            Coming soon: Articles, devotionals, and ministry updates to encourage your faith journey.
          </EmptyState>
        ) : (
          <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, i) => (
              <article key={post.id} className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm hover:shadow-md">
                <div className="aspect-video bg-brand-50">
                  {post.image_url ? (
                    <ResponsiveImage
                      src={post.image_url}
                      alt={post.image_alt || post.title}
                      sizes={CARD_GRID_SIZES}
                      priority={i === 0}
                      width={1600}
                      height={900}
                      className="size-full object-cover"
                    />
                  ) : (
                    <div className="flex size-full items-center justify-center text-brand-300">
                      <BookIcon className="size-12" />
                    </div>
                  )}
                </div>
                <div className="flex flex-1 flex-col p-5">
                  {post.category ? (
                    <p className="text-xs font-bold uppercase tracking-widest text-gold-700">{post.category}</p>
                  ) : null}
                  <h2 className="mt-2 text-xl font-semibold leading-snug text-brand-900">{post.title}</h2>
                  <p className="mt-2 text-sm text-stone-600">
                    <time dateTime={post.date}>{post.dateLabel}</time> • By {post.author}
                  </p>
                  <p className="mt-3 flex-1 leading-relaxed text-stone-700">{post.excerpt}</p>
                  <SiteLink
                    to={post.path}
                    className="mt-4 inline-flex items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 after:content-[''] group-hover:text-brand-900"
                  >
                    Read More<span className="sr-only"> about {post.title}</span>
                    <ArrowRightIcon className="size-4" />
                  </SiteLink>
                </div>
              </article>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
