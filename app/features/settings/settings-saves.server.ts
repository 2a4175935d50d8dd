// Saving the settings: the guarded save of one section (keeping the version it replaces, for the
// page copy) and a page's history. Reading them is ./settings.server.ts.
import { and, eq, sql } from "drizzle-orm";
import { site_settings } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { historyQuery, keepVersionQuery, type LastSave, runGuardedSave, versionQuery } from "~/features/history/index.server";

/** Refused: who saved the section after the form was opened, when, and its version now (the form's next try). */
export type SaveOutcome = { saved: true } | { saved: false; last: LastSave | null };

/**
 * Saves one section if it is still at `version` (the version the admin's form was opened at), in
 * one guarded statement: two admins saving at once can never both win, and the later one learns
 * when the other saved. Version 0 means "never saved": the row does not exist yet. The page copy
 * (`keepHistory`) also keeps the version a save replaces, in the same batch.
 */
export async function saveSection(key: string, value: unknown, version: number, by: string, keepHistory = false): Promise<SaveOutcome> {
  const db = getDb();
  const json = JSON.stringify(value);
  const now = new Date().toISOString();
  const atFormVersion = and(eq(site_settings.key, key), eq(site_settings.version, version));
  const write =
    version === 0
      ? db.insert(site_settings).values({ key, value: json, version: 1, updated_at: now, updated_by: by }).onConflictDoNothing().returning({ key: site_settings.key })
      : db
          .update(site_settings)
          .set({ value: json, version: sql`${site_settings.version} + 1`, updated_at: now, updated_by: by })
          .where(atFormVersion)
          .returning({ key: site_settings.key });
  const last = db
    .select({ version: site_settings.version, updated_at: site_settings.updated_at, updated_by: site_settings.updated_by })
    .from(site_settings)
    .where(eq(site_settings.key, key));
  if (keepHistory) {
    const keep = keepVersionQuery(db, "page", key, {
      from: site_settings,
      where: atFormVersion,
      data: site_settings.value,
      image: null,
      savedAt: site_settings.updated_at,
      savedBy: site_settings.updated_by,
    });
    const outcome = await runGuardedSave(db, { entity: "page", key, keep, write, last });
    return outcome.saved ? { saved: true } : { saved: false, last: outcome.last ?? null };
  }
  const [written, current] = await db.batch([write, last]);
  return written.length === 1 ? { saved: true } : { saved: false, last: current[0] ?? null };
}

/** A page's history and, when one is asked for, one kept version of a section (/admin/pages). */
export async function pageHistory(keys: readonly string[], versionId: number | null) {
  const db = getDb();
  const [version, ...histories] = await db.batch([versionQuery(db, "page", [...keys], versionId ?? 0), ...keys.map((key) => historyQuery(db, "page", key))]);
  return { histories: Object.fromEntries(keys.map((key, i) => [key, histories[i] ?? []])), version: version[0] };
}
