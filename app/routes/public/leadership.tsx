import { EmptyState } from "~/components/empty-state";
import { LoadError } from "~/components/load-error";
import { PageHero } from "~/components/page-hero";
import { groupLeaders, LeaderCard } from "~/features/publishing";
import { PAGES, seoMeta } from "~/features/site";
import { leadershipPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";
import type { Route } from "./+types/leadership";
import { scriptFreePage } from "~/lib/page-scripts";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, PAGES.leadership);


export async function loader() {
  const page = await leadershipPage();
  const failed = page.members === null;
  return publicPage(
    page,
    () => ({ groups: groupLeaders(page.members ?? []), error: failed ? "Failed to load leadership team data" : null }),
    failed ? 503 : 200,
  );
}

export const headers = loaderHeaders;


export default function Leadership({ loaderData }: Route.ComponentProps) {
  const { groups, error } = loaderData;
  const empty = groups.every((group) => group.members.length === 0);
  return (
    <>
      <PageHero title="Leadership Team">
        Servants of Christ who lead the men's department, nationally and in every region.
      </PageHero>
      <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        {error ? (
          <LoadError message={error} />
        ) : empty ? (
          <EmptyState>No leadership team members have been added yet. Please check back later.</EmptyState>
        ) : (
          <div className="space-y-16">
            {groups
              .filter((group) => group.members.length > 0)
              .map((group) => (
                <section key={group.key} aria-labelledby={`group-${group.key}`}>
                  <h2 id={`group-${group.key}`} className="text-center font-serif text-2xl font-bold text-brand-900 sm:text-3xl">
                    {group.title}
                  </h2>
                  <div aria-hidden="true" className="mx-auto mt-3 h-1 w-16 rounded-full bg-gold-400" />
                  <ul className="mt-10 flex flex-wrap justify-center gap-6">
                    {group.members.map((leader) => (
                      <LeaderCard key={leader.id} leader={leader} />
                    ))}
                  </ul>
                </section>
              ))}
          </div>
        )}
      </div>
    </>
  );
}
