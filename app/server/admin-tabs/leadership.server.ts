import { membersForAdminQuery, type AdminMemberRow } from "~/models/leadership.server";
import type { Db } from "~/server/db.server";

/** The Leadership Team tab: every member with its position, ordered by position_id. */
export async function loadLeadershipTab(db: Db): Promise<{ rows: AdminMemberRow[]; error: string | null }> {
  try {
    return { rows: await membersForAdminQuery(db), error: null };
  } catch (cause) {
    console.error("leadership list failed", cause);
    return { rows: [], error: "Failed to load leadership team members" };
  }
}
