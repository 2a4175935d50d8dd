// The association form (issue 25): name, region and district required; a contact and a meeting
// time optional; active by default. The browser gets the same limits; the server also reads the
// phone number as a number it can call (association-save.server.ts).
import { z } from "zod";
import { checkbox, optionalPhoneText, optionalText, requiredText } from "../../lib/schema-fields";
import { APOSTROPHES } from "~/lib/search-text";
import { PHONE_NOT_CALLABLE } from "~/lib/phone-text";
import { staleSaveMessage } from "~/features/history";

/** The regions of Malawi, in the order the directory lists them (north to south). Staff may type others. */
export const ASSOCIATION_REGIONS = ["Northern", "Central", "Southern"] as const;

export const ASSOCIATION_LIMITS = { name: 120, region: 60, district: 60, contactName: 120, phone: 30, meeting: 200 } as const;

export const ASSOCIATION_MESSAGES = {
  stale: staleSaveMessage("this association", "Update Association", { keptInHistory: false }),
  nameRequired: "Name is required",
  duplicate: (name: string, district: string) => `"${name}" in ${district} is already in the directory: find it in the list and edit it there.`,
  regionRequired: "Region is required",
  districtRequired: "District is required",
  phoneNotPossible: PHONE_NOT_CALLABLE,
  created: { title: "Association created successfully" },
  updated: { title: "Association updated successfully" },
  createFailed: "Failed to create association",
  updateFailed: "Failed to update association",
  deleted: { title: "Association deleted successfully" },
  deleteFailed: "Failed to delete association",
  toggled: (active: boolean) => ({ title: active ? "Association activated successfully" : "Association deactivated successfully" }),
  toggleFailed: "Failed to update association status",
  loadFailed: "Failed to load association",
  listFailed: "Failed to load associations",
  /** `meanwhile`: rows the directory had by the time they were saved (added meanwhile, e.g. the same file sent twice at once). */
  imported: (count: number, meanwhile = 0) => ({
    title: `${count} ${count === 1 ? "association" : "associations"} imported`,
    ...(meanwhile ? { description: `${meanwhile} ${meanwhile === 1 ? "was" : "were"} in the directory already (added meanwhile): not added twice.` } : {}),
  }),
  importFailed: "The import could not be saved. Nothing was imported. Please try again.",
  importNothing: "Choose a CSV file or paste its rows.",
  importRefused: "Nothing was imported. Correct the rows in the box and import again.",
} as const;

export const associationSchema = z.object({
  name: requiredText(ASSOCIATION_MESSAGES.nameRequired, ASSOCIATION_LIMITS.name),
  region: requiredText(ASSOCIATION_MESSAGES.regionRequired, ASSOCIATION_LIMITS.region),
  district: requiredText(ASSOCIATION_MESSAGES.districtRequired, ASSOCIATION_LIMITS.district),
  contact_name: optionalText(ASSOCIATION_LIMITS.contactName),
  contact_phone: optionalPhoneText(ASSOCIATION_LIMITS.phone),
  meeting: optionalText(ASSOCIATION_LIMITS.meeting),
  active: checkbox(),
});

/**
 * A name or district as the directory writes it: single spaces, straight apostrophes ("Kawale
 * Men’s  Association" is "Kawale Men's Association"), so one association typed two ways is one.
 */
export function directoryText(typed: string): string {
  return typed.trim().replace(/\s+/g, " ").replace(APOSTROPHES, "'");
}

/** The ways people write the three regions ("South", "centre", "Northern Region"), each as the directory writes it. */
const REGION_WORDS: Record<string, (typeof ASSOCIATION_REGIONS)[number]> = {
  north: "Northern",
  northern: "Northern",
  central: "Central",
  centre: "Central",
  center: "Central",
  south: "Southern",
  southern: "Southern",
};

/**
 * A region as typed, written as the known one when it is one ('central ', 'South', 'Northern
 * Region'), so a near miss never makes a fourth region; others (staff may add one) trimmed, without
 * a closing "Region" (the directory writes "Eastern Region" for "Eastern").
 */
export function canonicalRegion(typed: string): string {
  const trimmed = typed.trim().replace(/\s+/g, " ");
  const word = trimmed.toLowerCase().replace(/ region$/, "");
  // Its own words only: "constructor" is a region someone typed, not the object's.
  if (Object.hasOwn(REGION_WORDS, word)) return REGION_WORDS[word]!;
  // One letter wrong, missing or extra, or two swapped, in a long word ("Nothern", "Centrl", "Norhtern") is a typing slip, not a
  // new region for the public page. Short words are left alone ("mouth" is not "south").
  const near = word.length >= 6 ? Object.keys(REGION_WORDS).filter((known) => known.length >= 6 && oneEditApart(word, known)) : [];
  const regions = new Set(near.map((known) => REGION_WORDS[known]!));
  // Another region without its "Region" (the directory adds it): "Eastern Region" and "Eastern" are one.
  return regions.size === 1 ? [...regions][0]! : trimmed.replace(/ region$/i, "") || trimmed;
}

/** Whether `a` becomes `b` by changing, adding or removing one letter, or by swapping two side by side. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) return true;
  const rest = (x: string, y: string) => x.slice(i + 1) === y.slice(i + (x.length === y.length ? 1 : 0));
  return a.length >= b.length ? rest(a, b) : rest(b, a);
}

/** The regions in the directory's order: the three of Malawi north to south, then any others A-Z. */
export function compareRegions(a: string, b: string): number {
  const rank = (region: string) => {
    const index = (ASSOCIATION_REGIONS as readonly string[]).indexOf(region);
    return index === -1 ? ASSOCIATION_REGIONS.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
