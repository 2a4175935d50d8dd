// Every query that touches `leadership_members` and `leadership_positions`.
import { asc, eq, sql } from "drizzle-orm";
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

// Admin side (SPEC section 7, Admin reads and writes).

export type LeadershipMemberInput = Pick<
  LeadershipMember,
  "full_name" | "position_id" | "title" | "bio" | "email" | "phone" | "image_url" | "region" | "active"
>;

/**
 * Every member with its position's name and type, for the admin list: by position_id, members
 * without a position last (as the spec's database sorts nulls), then by name.
 */
export function membersForAdminQuery(db: Db) {
  return db
    .select({
      id: leadership_members.id,
      full_name: leadership_members.full_name,
      title: leadership_members.title,
      image_url: leadership_members.image_url,
      region: leadership_members.region,
      active: leadership_members.active,
      position_name: leadership_positions.name,
      position_type: leadership_positions.type,
    })
    .from(leadership_members)
    .leftJoin(leadership_positions, eq(leadership_members.position_id, leadership_positions.id))
    .orderBy(sql`${leadership_members.position_id} IS NULL`, asc(leadership_members.position_id), asc(leadership_members.full_name), asc(leadership_members.id));
}

export type AdminMemberRow = Awaited<ReturnType<typeof membersForAdminQuery>>[number];

function memberQuery(db: Db, id: number) {
  return db.select().from(leadership_members).where(eq(leadership_members.id, id)).limit(1);
}

export async function getMember(db: Db, id: number): Promise<LeadershipMember | undefined> {
  const [member] = await memberQuery(db, id);
  return member;
}

/** What the member form starts from, in one D1 round trip: the member (if any) and the positions by rank. */
export async function memberAndPositions(db: Db, id: number) {
  const [[member], positions] = await db.batch([memberQuery(db, id), positionsByRankQuery(db)]);
  return { member, positions };
}

export async function createMember(db: Db, input: LeadershipMemberInput): Promise<number> {
  const row = await db.insert(leadership_members).values(input).returning({ id: leadership_members.id }).get();
  return row.id;
}

/** False when the member no longer exists. */
export async function updateMember(db: Db, id: number, input: LeadershipMemberInput): Promise<boolean> {
  const rows = await db
    .update(leadership_members)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(leadership_members.id, id))
    .returning({ id: leadership_members.id });
  return rows.length === 1;
}

/** Flips `active` in one statement; the new state, or undefined when there is no such member. */
export async function toggleMemberActive(db: Db, id: number): Promise<boolean | undefined> {
  const row = await db
    .update(leadership_members)
    .set({ active: sql`NOT ${leadership_members.active}`, updated_at: new Date().toISOString() })
    .where(eq(leadership_members.id, id))
    .returning({ active: leadership_members.active })
    .get();
  return row?.active;
}

/** The removed member's photo, or undefined when there was no such member. */
export async function deleteMember(db: Db, id: number) {
  return db
    .delete(leadership_members)
    .where(eq(leadership_members.id, id))
    .returning({ image_url: leadership_members.image_url })
    .get();
}
