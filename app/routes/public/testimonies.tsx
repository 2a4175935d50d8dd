import { EmptyState } from "~/components/empty-state";
import { LoadError } from "~/components/load-error";
import { PageHero } from "~/components/page-hero";
import { TestimonyCard } from "~/features/publishing";
import { PAGES, seoMeta } from "~/features/site";
import { publicPage, testimoniesPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";

import type { Route } from "./+types/testimonies";
import { scriptFreePage } from "~/lib/page-scripts";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, PAGES.testimonies);

export async function loader() {
  const page = await testimoniesPage();
  // The spec shows 'Error: {message}'; the message is ours, never the database's wording.
  const failed = page.testimonies === null;
  return publicPage(page, () => ({ testimonies: page.testimonies ?? [], error: failed ? "Error: Failed to load testimonies" : null }), failed ? 503 : 200);
}

export const headers = loaderHeaders;

export default function Testimonies({ loaderData }: Route.ComponentProps) {
  const { testimonies, error } = loaderData;
  return (
    <>
      <PageHero title="Testimonies">What God is doing in the lives of men across Malawi, in their own words.</PageHero>
      <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        {error ? (
          <LoadError message={error} />
        ) : testimonies.length === 0 ? (
          <EmptyState>Testimonies will be added soon. Please check back later.</EmptyState>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {testimonies.map((testimony) => (
              <li key={testimony.id}>
                <TestimonyCard testimony={testimony} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
