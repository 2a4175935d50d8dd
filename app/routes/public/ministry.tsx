import { SiteLink } from "~/components/site-link";
import { ArrowLeftIcon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { Paragraphs } from "~/components/paragraphs";
import { FeatureImage } from "~/features/images";
import { seoMeta } from "~/features/site";
import { ministryPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";
import { redirect } from "react-router";

import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/ministry";
import { scriptFreePage } from "~/lib/page-scripts";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { ministry } = loaderData;
  return seoMeta(matches, {
    path: `/ministries/${encodeURIComponent(ministry.slug)}`,
    title: ministry.title,
    shareTitle: ministry.title,
    description: ministry.short_description,
    image: { url: ministry.image_url, alt: ministry.image_alt || ministry.title },
  });
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await ministryPage(params.slug);
  const { ministry } = page;
  if (ministry === null) {
    console.error(`Ministry ${params.slug} failed to load`);
    throw await redirectWithToast(request, "/ministries", { title: "Error", description: "Failed to load ministry details", variant: "destructive" });
  }
  // An address that changed (a link shared before): on to where the ministry is now, for good.
  if (page.moved) throw redirect(`/ministries/${page.moved}`, 301);
  if (!ministry) {
    throw await redirectWithToast(request, "/ministries", { title: "Error", description: "Ministry not found", variant: "destructive" });
  }
  return publicPage(page, () => ({ ministry }));
}

export default function MinistryDetail({ loaderData }: Route.ComponentProps) {
  const { ministry } = loaderData;
  return (
    <>
      <PageHero title={ministry.title}>{ministry.short_description}</PageHero>
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <SiteLink to="/ministries" className="-my-1 inline-flex items-center gap-1.5 py-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
          <ArrowLeftIcon className="size-4" /> All ministries
        </SiteLink>
        {ministry.image_url ? (
          <FeatureImage src={ministry.image_url} alt={ministry.image_alt || ministry.title} sizes="(min-width: 800px) 768px, 100vw" className="mt-6 rounded-xl" />
        ) : null}
        <Paragraphs text={ministry.full_description} className="mt-8 space-y-5 text-lg leading-relaxed text-stone-800" />
      </article>
    </>
  );
}
