// Reading the site's settings: the queries of `site_settings`, and each stored section checked
// against its form's schema, or its defaults (./defaults.ts) when it has no row yet or one that no
// longer reads. Saving them is ./settings-saves.server.ts.
import { inArray } from "drizzle-orm";
import { site_settings } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { SETTINGS_DEFAULTS } from "~/features/settings/defaults";
import { SECTION_SCHEMAS, SETTINGS_SECTIONS, type SettingsSection, type SettingsValues } from "~/features/settings/settings-forms";

export type StoredSection = typeof site_settings.$inferSelect;

/** Every stored section, for a page's batch. */
export function settingsQuery(db: Db) {
  return db.select().from(site_settings);
}

/** Only the named sections, for a batch that needs a few settings (registering: the events address and a limit). */
export function settingsSectionsQuery(db: Db, keys: readonly SettingsSection[]) {
  return db.select().from(site_settings).where(inArray(site_settings.key, [...keys]));
}

/** Every stored section (a page that reads nothing else). */
export function storedSettings(): Promise<StoredSection[]> {
  return settingsQuery(getDb()).all();
}

/**
 * Sections checked lately, by section and stored text: every page reads the settings, and checking
 * them against their schemas was about a twelfth of a page's render. A save stores new text, so it
 * is checked afresh. Frozen, because every request of the isolate shares them.
 */
const checkedSections = new Map<string, unknown>();
const CHECKED_SECTIONS_KEPT = 64;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function readSection<K extends SettingsSection>(key: K, row: StoredSection | undefined): SettingsValues[K] {
  if (!row) return SETTINGS_DEFAULTS[key];
  const cacheKey = `${key}\n${row.value}`;
  if (checkedSections.has(cacheKey)) return checkedSections.get(cacheKey) as SettingsValues[K];
  if (checkedSections.size >= CHECKED_SECTIONS_KEPT) checkedSections.clear();
  const checked = deepFreeze(checkSection(key, row));
  checkedSections.set(cacheKey, checked);
  return checked;
}

function checkSection<K extends SettingsSection>(key: K, row: StoredSection): SettingsValues[K] {
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    stored = undefined;
  }
  // A field added after the section was saved reads as its default (an older row has no sms_price_mwk).
  const withDefaults = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? { ...SETTINGS_DEFAULTS[key], ...stored } : stored;
  const parsed = SECTION_SCHEMAS[key].safeParse(withDefaults);
  if (parsed.success) return parsed.data as SettingsValues[K];
  console.error(`Settings section "${key}" does not read; showing its defaults:`, parsed.error?.issues.slice(0, 3));
  return SETTINGS_DEFAULTS[key];
}

/** The settings from the stored rows (null: they could not be read, so the defaults). */
export function siteSettings(rows: readonly StoredSection[] | null): SettingsValues {
  return settingsSections(rows ?? [], SETTINGS_SECTIONS);
}

/** Only the named sections, from the rows settingsSectionsQuery read: each checked, or its defaults, as siteSettings does. */
export function settingsSections<K extends SettingsSection>(rows: readonly StoredSection[], keys: readonly K[]): Pick<SettingsValues, K> {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return Object.fromEntries(keys.map((key) => [key, readSection(key, byKey.get(key))])) as Pick<SettingsValues, K>;
}

/** Each section's version (0: never saved) and when it was saved last, for the admin's forms. */
export function sectionVersions(rows: readonly StoredSection[]): Record<SettingsSection, number> {
  const byKey = new Map(rows.map((row) => [row.key, row.version]));
  return Object.fromEntries(SETTINGS_SECTIONS.map((key) => [key, byKey.get(key) ?? 0])) as Record<SettingsSection, number>;
}

/** When and by whom each section was saved last (null: never saved), for its History. */
export function sectionSaves(rows: readonly StoredSection[]): Record<SettingsSection, { saved_at: string; saved_by: string | null } | null> {
  const byKey = new Map(rows.map((row) => [row.key, { saved_at: row.updated_at, saved_by: row.updated_by }]));
  return Object.fromEntries(SETTINGS_SECTIONS.map((key) => [key, byKey.get(key) ?? null])) as Record<SettingsSection, { saved_at: string; saved_by: string | null } | null>;
}
