import { testimoniesForAdminQuery } from "~/models/testimony.server";
import type { Db } from "~/server/db.server";

export async function loadTestimoniesTab(db: Db) {
  try {
    return { rows: await testimoniesForAdminQuery(db), error: null };
  } catch (cause) {
    console.error("testimonies list failed", cause);
    return { rows: [], error: "Failed to load testimonies" };
  }
}
