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
    .select({ member: leadership_members, position: leadership_positions })
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
