import { EmptyState } from "~/components/empty-state";
import { LoadError } from "~/components/load-error";
import { MinistryCard } from "~/features/publishing";
import { PageHero } from "~/components/page-hero";
import { Paragraphs } from "~/components/paragraphs";
import { FeatureImage } from "~/features/images";
import { PAGES, seoMeta } from "~/features/site";
import type { Ministry } from "~/features/publishing/index.server";
import { ministriesPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";

import type { Route } from "./+types/ministries";
import { scriptFreePage } from "~/lib/page-scripts";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, PAGES.ministries);

export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("slug")?.trim().slice(0, 100) || null;
  const page = await ministriesPage(slug);
  const failed = page.ministries === null;
  return publicPage(
    page,
    () => ({ ministries: page.ministries ?? [], selected: page.selected, error: failed ? "Failed to load ministries" : null }),
    failed ? 503 : 200,
  );
}

export const headers = loaderHeaders;

/** The ministry named by ?slug=, shown in full above the grid. */
function SelectedMinistry({ ministry }: { ministry: Ministry }) {
  return (
    <article aria-labelledby="selected-ministry" className="mb-14 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm lg:grid lg:grid-cols-2">
      {ministry.image_url ? (
        <FeatureImage
          src={ministry.image_url}
          alt={ministry.image_alt || ministry.title}
          sizes="(min-width: 1152px) 576px, (min-width: 1024px) 50vw, 100vw"
          className="lg:aspect-auto"
        />
      ) : null}
      <div className="p-6 sm:p-8">
        <h2 id="selected-ministry" className="font-serif text-3xl font-bold text-brand-900">
          {ministry.title}
        </h2>
        <Paragraphs text={ministry.full_description} className="mt-4 space-y-4 leading-relaxed text-stone-700" />
      </div>
    </article>
  );
}

export default function Ministries({ loaderData }: Route.ComponentProps) {
  const { ministries, selected, error } = loaderData;
  return (
    <>
      <PageHero title="Our Ministries">
        Men serving Christ together: in their homes, their churches and their communities.
      </PageHero>
      <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        {selected ? <SelectedMinistry ministry={selected} /> : null}
        {error ? (
          <LoadError message={error} />
        ) : ministries.length === 0 ? (
          <EmptyState>No ministries have been added yet. Please check back later.</EmptyState>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {ministries.map((ministry, i) => (
              <MinistryCard key={ministry.id} ministry={ministry} heading={selected ? "h3" : "h2"} anchor priority={!selected && i === 0} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
