// Placeholder until the events manager lands (issue 4).
import type { Db } from "~/server/db.server";

export async function loadEventsTab(_db: Db) {
  return { rows: [] as never[], error: null as string | null };
}
