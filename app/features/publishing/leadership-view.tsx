// The leadership page's people (SPEC section 2, Leadership): members grouped as the page shows
// them (the National Executive Committee, then the regional coordinators, each by rank), and one card.
import { MailIcon, PhoneIcon } from "~/components/icons";
import { UNKNOWN_POSITION_NAME, UNKNOWN_POSITION_RANK } from "~/lib/constants";
import type { PublicLeaderRow } from "./leadership.server";
import { PersonPhoto } from "./person-photo";
import { titledName } from "./leadership-form";

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
export function groupLeaders(rows: PublicLeaderRow[]) {
  const leaders: PublicLeader[] = rows.map(({ member, position }) => ({ ...member, position: positionOrUnknown(position) }));
  const byRank = (a: PublicLeader, b: PublicLeader) => a.position.rank - b.position.rank;
  return LEADERSHIP_GROUPS.map((group) => ({
    ...group,
    members: leaders
      .filter((leader) => (leader.position.type === "regional") === (group.key === "regional"))
      .sort(byRank),
  }));
}

export function LeaderCard({ leader }: { leader: PublicLeader }) {
  const name = titledName(leader.title, leader.full_name);
  return (
    <li className="flex w-full flex-col items-center rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]">
      <PersonPhoto name={leader.full_name} imageUrl={leader.image_url} className="size-28" />
      <h3 className="mt-4 text-lg font-semibold text-brand-900">{name}</h3>
      <p className="mt-1 text-sm font-semibold text-gold-700">
        {leader.position.name}
        {leader.region ? ` - ${leader.region} Region` : ""}
      </p>
      {leader.bio ? <p className="mt-3 text-sm leading-relaxed whitespace-pre-line text-stone-700">{leader.bio}</p> : null}
      {leader.email || leader.phone ? (
        // Each a thumb's height (44 px): calling a leader is what a visitor comes here for.
        <ul className="mt-4 w-full border-t border-stone-200 pt-2 text-sm">
          {leader.email ? (
            <li>
              <a href={`mailto:${leader.email}`} className="inline-flex min-h-11 items-center gap-2 break-all text-brand-700 hover:text-brand-900 hover:underline">
                <MailIcon className="size-4 shrink-0" />
                {leader.email}
              </a>
            </li>
          ) : null}
          {leader.phone ? (
            <li>
              <a href={`tel:${leader.phone.replace(/[^\d+]/g, "")}`} className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:text-brand-900 hover:underline">
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
