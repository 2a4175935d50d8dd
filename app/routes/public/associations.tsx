// /associations (issue 25): the associations directory, grouped by region, with a filter by district
// or name that is a plain GET form (?q=), so it works without JavaScript. Ships no JavaScript.
import { LoadError } from "~/components/load-error";
import { PageHero } from "~/components/page-hero";
import { AssociationsDirectory, DIRECTORY_TEXT } from "~/features/associations";
import { directoryGroups, filterOf } from "~/features/associations/index.server";
import { PAGES, seoMeta } from "~/features/site";
import { associationsPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";
import { scriptFreePage } from "~/lib/page-scripts";
import type { Route } from "./+types/associations";

/** Content and a GET form only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, PAGES.associations);

export async function loader({ request }: Route.LoaderArgs) {
  const q = filterOf(new URL(request.url));
  const page = await associationsPage(q);
  const failed = page.associations === null || page.total === null;
  return publicPage(
    page,
    () => ({ q, groups: directoryGroups(page.associations ?? []), total: page.total ?? 0, error: failed ? "Error: Failed to load associations" : null }),
    failed ? 503 : 200,
  );
}

export const headers = loaderHeaders;

export default function Associations({ loaderData }: Route.ComponentProps) {
  const { q, groups, total, error } = loaderData;
  return (
    <>
      <PageHero title="Find an Association">{DIRECTORY_TEXT.intro}</PageHero>
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        {error ? <LoadError message={error} /> : <AssociationsDirectory groups={groups} q={q} total={total} />}
      </div>
    </>
  );
}
