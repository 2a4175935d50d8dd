// What every public page's loader answers with: its data and the site's settings (read in the
// page's own batch), and for a page patched up after a database failure (a part fell back, or the
// settings are the defaults because they could not be read) a no-store header, so the edge cache
// never keeps it.
import { data } from "react-router";
import type { SiteSettings } from "~/features/settings";
import { siteSettings, type StoredSection } from "~/features/settings/index.server";

type PageRead = { settings: StoredSection[] | null; degraded: boolean };

/** The page's data, built with the settings it needs (structured data, descriptions). */
export function publicPage<T extends object>(read: PageRead, build: (settings: SiteSettings) => T, status = 200) {
  const settings = siteSettings(read.settings);
  const degraded = read.degraded || read.settings === null;
  return data({ ...build(settings), settings }, { status, headers: degraded ? { "Cache-Control": "no-store" } : undefined });
}
