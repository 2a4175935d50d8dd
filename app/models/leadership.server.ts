// Every query that touches `leadership_members` and `leadership_positions`.
import { asc, eq } from "drizzle-orm";
import { leadership_members, leadership_positions } from "~/db/schema";
import { UNKNOWN_POSITION_NAME, UNKNOWN_POSITION_RANK } from "~/lib/constants";
import type { Db } from "~/server/db.server";

export type LeadershipMember = typeof leadership_members.$inferSelect;
export type LeadershipPosition = typeof leadership_positions.$inferSelect;

/** Active members with their position (or none), for the public leadership page. */
export function activeMembersWithPositionQuery(db: Db) {
  return db
    .select({
      member: {
        id: leadership_members.id,
        full_name: leadership_members.full_name,
        title: leadership_members.title,
        bio: leadership_members.bio,
        email: leadership_members.email,
        phone: leadership_members.phone,
        image_url: leadership_members.image_url,
        region: leadership_members.region,
      },
      position: leadership_positions,
    })
    .from(leadership_members)
    .leftJoin(leadership_positions, eq(leadership_members.position_id, leadership_positions.id))
    .where(eq(leadership_members.active, true))
    .orderBy(asc(leadership_positions.rank), asc(leadership_members.full_name));
}

export function positionsByRankQuery(db: Db) {
  return db.select().from(leadership_positions).orderBy(asc(leadership_positions.rank), asc(leadership_positions.id));
}

/** A member's position as the spec reads it: a missing position is 'Unknown Position', rank 999. */
export function positionOrUnknown(position: LeadershipPosition | null) {
  return position
    ? { name: position.name, type: position.type, rank: position.rank }
    : { name: UNKNOWN_POSITION_NAME, type: "unknown", rank: UNKNOWN_POSITION_RANK };
}

type MemberRow = Awaited<ReturnType<typeof activeMembersWithPositionQuery>>[number];
export type PublicLeader = MemberRow["member"] & { position: ReturnType<typeof positionOrUnknown> };

export const LEADERSHIP_GROUPS = [
  { key: "nec", title: "National Executive Committee" },
  { key: "regional", title: "Regional Coordinators" },
] as const;

/**
 * The two groups of the leadership page, each by position rank ascending. Regional positions form
 * the second group; every other member (NEC, or a position that is missing or of an unknown type)
 * stays in the first, where rank 999 puts the unknown ones last.
 */
export function groupLeaders(rows: MemberRow[]) {
  const leaders: PublicLeader[] = rows.map(({ member, position }) => ({ ...member, position: positionOrUnknown(position) }));
  const byRank = (a: PublicLeader, b: PublicLeader) => a.position.rank - b.position.rank;
  return LEADERSHIP_GROUPS.map((group) => ({
    ...group,
    members: leaders
      .filter((leader) => (leader.position.type === "regional") === (group.key === "regional"))
      .sort(byRank),
  }));
}
