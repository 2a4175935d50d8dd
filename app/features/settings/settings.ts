// The site's settings in pages: every public page's loader returns them (read in the page's own D1
// batch, app/features/settings/settings.server.ts), and the shared chrome, the meta tags and the page itself
// read them from there. Small helpers turn them into what pages show.
import { useMatches } from "react-router";
import { SETTINGS_DEFAULTS } from "~/features/settings/defaults";
import type { SettingsValues } from "~/features/settings/settings-forms";

export type SiteSettings = SettingsValues;

type WithSettings = { settings?: SiteSettings } | null | undefined;

/** The settings a set of route matches carries: the deepest loader's that has them, else the defaults. */
export function settingsFromMatches(matches: readonly ({ loaderData?: unknown } | undefined)[]): SiteSettings {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const data = matches[i]?.loaderData as WithSettings;
    if (data?.settings) return data.settings;
  }
  return SETTINGS_DEFAULTS;
}

/**
 * The settings of the page being shown (in components). A page that failed to load shows the
 * defaults (a page that is not found is no failure: it returns its settings with status 404).
 */
export function useSiteSettings(): SiteSettings {
  return settingsFromMatches(useMatches());
}

/** "About Us | Baptist Men Malawi": a page's <title>. */
export function titled(name: string, settings: SiteSettings): string {
  return `${name} | ${settings.organisation.short_name}`;
}

/** The short name as the header's logo shows it: the last word small under the rest. */
export function brandLines(shortName: string): [string, string] {
  const words = shortName.trim().split(/\s+/);
  return words.length > 1 ? [words.slice(0, -1).join(" "), words.at(-1)!] : [shortName, ""];
}

/** Every phone number, the first one first. */
export function phonesOf(contact: SiteSettings["contact"]): string[] {
  return [contact.contact_phone, ...contact.more_phones];
}

/** Where the office is, in a few words: the address's first two lines ("Falls Area 1, Lilongwe"). */
export function mapPlace(contact: SiteSettings["contact"]): string {
  return contact.address_lines.slice(0, 2).join(", ");
}

/** The office on OpenStreetMap. */
export function mapHref({ map_latitude: lat, map_longitude: lon }: SiteSettings["contact"]): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** The social links that are set, in the order the footer and the contact page show them. */
export function socialLinksOf(social: SiteSettings["social"]): { label: string; href: string }[] {
  return [
    { label: "Facebook", href: social.facebook_url },
    { label: "WhatsApp", href: social.whatsapp_url },
    { label: "YouTube", href: social.youtube_url },
  ].filter((link) => link.href !== "");
}

/** Text that is paragraphs by line break, as paragraphs. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
