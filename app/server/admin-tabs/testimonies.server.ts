// Placeholder until the testimonies manager lands (issue 4).
import type { Db } from "~/server/db.server";

export async function loadTestimoniesTab(_db: Db) {
  return { rows: [] as never[], error: null as string | null };
}
