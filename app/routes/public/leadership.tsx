import { EmptyState } from "~/components/empty-state";
import { MailIcon, PhoneIcon } from "~/components/icons";
import { LoadError } from "~/components/load-error";
import { PageHero } from "~/components/page-hero";
import { PersonPhoto } from "~/features/publishing";
import { PAGES, seoMeta } from "~/features/site";
import { UNKNOWN_POSITION_NAME, UNKNOWN_POSITION_RANK } from "~/lib/constants";
import type { PublicLeaderRow } from "~/features/publishing/index.server";
import { leadershipPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";

import type { Route } from "./+types/leadership";
import { readOnlyPage } from "~/lib/page-scripts";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = readOnlyPage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, PAGES.leadership);

/** A member's position as the spec reads it: a missing position is 'Unknown Position', rank 999. */
function positionOrUnknown(position: PublicLeaderRow["position"]) {
  return position
    ? { name: position.name, type: position.type, rank: position.rank }
    : { name: UNKNOWN_POSITION_NAME, type: "unknown", rank: UNKNOWN_POSITION_RANK };
}

type PublicLeader = PublicLeaderRow["member"] & { position: ReturnType<typeof positionOrUnknown> };

const LEADERSHIP_GROUPS = [
  { key: "nec", title: "National Executive Committee" },
  { key: "regional", title: "Regional Coordinators" },
] as const;

/**
 * The two groups of the leadership page, each by position rank ascending. Regional positions form
 * the second group; every other member (NEC, or a position that is missing or of an unknown type)
 * stays in the first, where rank 999 puts the unknown ones last.
 */
function groupLeaders(rows: PublicLeaderRow[]) {
  const leaders: PublicLeader[] = rows.map(({ member, position }) => ({ ...member, position: positionOrUnknown(position) }));
  const byRank = (a: PublicLeader, b: PublicLeader) => a.position.rank - b.position.rank;
  return LEADERSHIP_GROUPS.map((group) => ({
    ...group,
    members: leaders
      .filter((leader) => (leader.position.type === "regional") === (group.key === "regional"))
      .sort(byRank),
  }));
}

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

function LeaderCard({ leader }: { leader: PublicLeader }) {
  const name = [leader.title, leader.full_name].filter(Boolean).join(" ");
  return (
    <li className="flex w-full flex-col items-center rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]">
      <PersonPhoto name={leader.full_name} imageUrl={leader.image_url} className="size-28" />
      <h3 className="mt-4 text-lg font-semibold text-brand-900">{name}</h3>
      <p className="mt-1 text-sm font-semibold text-gold-700">
        {leader.position.name}
        {leader.region ? ` - ${leader.region} Region` : ""}
      </p>
      {leader.bio ? <p className="mt-3 text-sm leading-relaxed text-stone-700">{leader.bio}</p> : null}
      {leader.email || leader.phone ? (
        <ul className="mt-4 w-full space-y-1.5 border-t border-stone-200 pt-4 text-sm">
          {leader.email ? (
            <li>
              <a href={`mailto:${leader.email}`} className="inline-flex items-center gap-2 break-all text-brand-700 hover:text-brand-900 hover:underline">
                <MailIcon className="size-4 shrink-0" />
                {leader.email}
              </a>
            </li>
          ) : null}
          {leader.phone ? (
            <li>
              <a href={`tel:${leader.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-2 text-brand-700 hover:text-brand-900 hover:underline">
                <PhoneIcon className="size-4 shrink-0" />
                {leader.phone}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

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
