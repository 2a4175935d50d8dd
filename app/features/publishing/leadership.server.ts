// Every query that touches `leadership_members` and `leadership_positions`.
import { asc, eq, sql } from "drizzle-orm";
import { leadership_members, leadership_positions } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { createOnce, type GuardedSave, type SaveGuard, toggleActive, versionedUpdate } from "~/features/history/index.server";

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
      // Only the columns the page needs: D1 answers a batch with named columns, so two columns of
      // the same name (both tables' `id`) would overwrite each other.
      position: { name: leadership_positions.name, type: leadership_positions.type, rank: leadership_positions.rank },
    })
    .from(leadership_members)
    .leftJoin(leadership_positions, eq(leadership_members.position_id, leadership_positions.id))
    .where(eq(leadership_members.active, true))
    .orderBy(asc(leadership_positions.rank), asc(leadership_members.full_name));
}

export function positionsByRankQuery(db: Db) {
  return db.select().from(leadership_positions).orderBy(asc(leadership_positions.rank), asc(leadership_positions.id));
}

export type PublicLeaderRow = Awaited<ReturnType<typeof activeMembersWithPositionQuery>>[number];

// Admin side (SPEC section 7, Admin reads and writes).

export type LeadershipMemberInput = Pick<
  LeadershipMember,
  "full_name" | "position_id" | "title" | "bio" | "email" | "phone" | "image_url" | "region" | "active"
>;

/**
 * Every member with its position's name and type, for the admin list: by position_id, members
 * without a position last (as the spec's database sorts nulls), then by name.
 */
export function membersForAdmin() {
  return getDb()
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
    .orderBy(sql`${leadership_members.position_id} IS NULL`, asc(leadership_members.position_id), asc(leadership_members.full_name), asc(leadership_members.id))
    .all();
}

export type AdminMemberRow = Awaited<ReturnType<typeof membersForAdmin>>[number];

function memberQuery(db: Db, id: number) {
  return db.select().from(leadership_members).where(eq(leadership_members.id, id)).limit(1);
}

export async function getMember(id: number): Promise<LeadershipMember | undefined> {
  const [member] = await memberQuery(getDb(), id);
  return member;
}

/** The positions by rank, for the member form's select and its region rule. */
export function positionsByRank() {
  return positionsByRankQuery(getDb()).all();
}

/**
 * What the member form starts from, in one D1 round trip: the member (undefined when there is
 * none) and the positions by rank. D1 fails a batch as a whole: then the member is read alone, so
 * the form still opens without its positions (null).
 */
export async function memberFormData(id: number): Promise<{ member: LeadershipMember; positions: LeadershipPosition[] | null } | undefined> {
  const db = getDb();
  try {
    const [[member], positions] = await db.batch([memberQuery(db, id), positionsByRankQuery(db)]);
    return member && { member, positions };
  } catch (cause) {
    console.error("member form batch failed", cause);
    const member = await getMember(id);
    return member && { member, positions: null };
  }
}

/** A new member, saved by `by` (their last save, as for every record with a form). */
export function createMember(input: LeadershipMemberInput, by: string): Promise<number> {
  return createOnce(getDb(), leadership_members, input, {}, by);
}

/** Saves the member if still at the form's version (`guard`); else their last save, or null when they no longer exist. */
export function updateMember(id: number, input: LeadershipMemberInput, guard: SaveGuard): Promise<GuardedSave> {
  return versionedUpdate(getDb(), leadership_members, id, input, guard);
}

/** Flips `active` in one statement, as a new version of the record (a form opened before is refused); the new state, or undefined when there is no such member. */
export function toggleMemberActive(id: number, by: string): Promise<boolean | undefined> {
  return toggleActive(getDb(), leadership_members, id, by);
}

/** The removed member's photo, or undefined when there was no such member. */
export async function deleteMember(id: number) {
  return getDb()
    .delete(leadership_members)
    .where(eq(leadership_members.id, id))
    .returning({ image_url: leadership_members.image_url, full_name: leadership_members.full_name })
    .get();
}
