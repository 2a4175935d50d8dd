// Placeholder until the leadership manager lands (issue 4).
import type { Db } from "~/server/db.server";

export async function loadLeadershipTab(_db: Db) {
  return { rows: [] as never[], error: null as string | null };
}
