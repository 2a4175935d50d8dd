import { ministriesForAdminQuery, type AdminMinistryRow } from "~/models/ministry.server";
import type { Db } from "~/server/db.server";

/** The ministries tab: every ministry in sort_order, active or not. */
export async function loadMinistriesTab(db: Db): Promise<{ rows: AdminMinistryRow[]; error: string | null }> {
  try {
    return { rows: await ministriesForAdminQuery(db), error: null };
  } catch (cause) {
    console.error("ministries list failed", cause);
    return { rows: [], error: "Failed to fetch ministries" };
  }
}
