// Every query that touches `site_settings`: the stored sections as they are (checking them against
// their forms' schemas is app/server/settings.server.ts's job), and the guarded save.
import { and, eq, sql } from "drizzle-orm";
import { site_settings } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { upcomingEventOptionsQuery } from "./event.server";

export type StoredSection = typeof site_settings.$inferSelect;

/** Every stored section, for a page's batch. */
export function settingsQuery(db: Db) {
  return db.select().from(site_settings);
}

/** Every stored section (a page that reads nothing else). */
export function storedSettings(): Promise<StoredSection[]> {
  return settingsQuery(getDb()).all();
}

/** What /admin/settings and /admin/pages start from: the stored sections and the upcoming events. */
export async function settingsFormData(now: Date) {
  const db = getDb();
  const [rows, upcomingEvents] = await db.batch([settingsQuery(db), upcomingEventOptionsQuery(db, now)]);
  return { rows, upcomingEvents };
}

export type SaveOutcome = { saved: true } | { saved: false; savedAt: string | null };

/**
 * Saves one section if it is still at `version` (the version the admin's form was opened at), in
 * one guarded statement: two admins saving at once can never both win, and the later one learns
 * when the other saved. Version 0 means "never saved": the row does not exist yet.
 */
export async function saveSection(key: string, value: unknown, version: number, by: string): Promise<SaveOutcome> {
  const db = getDb();
  const json = JSON.stringify(value);
  const now = new Date().toISOString();
  const write =
    version === 0
      ? db.insert(site_settings).values({ key, value: json, version: 1, updated_at: now, updated_by: by }).onConflictDoNothing().returning({ key: site_settings.key })
      : db
          .update(site_settings)
          .set({ value: json, version: sql`${site_settings.version} + 1`, updated_at: now, updated_by: by })
          .where(and(eq(site_settings.key, key), eq(site_settings.version, version)))
          .returning({ key: site_settings.key });
  const [written, current] = await db.batch([write, db.select({ updated_at: site_settings.updated_at }).from(site_settings).where(eq(site_settings.key, key))]);
  return written.length === 1 ? { saved: true } : { saved: false, savedAt: current[0]?.updated_at ?? null };
}
