// Reference data every installation needs: leadership positions, blog categories and the site's
// settings as a fresh install shows them (app/content). Fixed ids and INSERT OR IGNORE make it safe
// to run again: it never overwrites what an admin has saved.
import { SETTINGS_DEFAULTS } from "../../features/settings/defaults.ts";
import { insertRow } from "./sql.ts";

export const LEADERSHIP_POSITIONS = [
  { id: 1, name: "President", type: "nec", rank: 1 },
  { id: 2, name: "Vice President", type: "nec", rank: 2 },
  { id: 3, name: "General Secretary", type: "nec", rank: 3 },
  { id: 4, name: "Deputy General Secretary", type: "nec", rank: 4 },
  { id: 5, name: "Treasurer", type: "nec", rank: 5 },
  { id: 6, name: "Discipleship Coordinator", type: "nec", rank: 6 },
  { id: 7, name: "Youth Mentorship Coordinator", type: "nec", rank: 7 },
  { id: 8, name: "Regional Coordinator", type: "regional", rank: 20 },
  { id: 9, name: "Assistant Regional Coordinator", type: "regional", rank: 21 },
] as const;

export const BLOG_CATEGORIES = [
  { id: 1, name: "Devotional", slug: "devotional" },
  { id: 2, name: "News", slug: "news" },
  { id: 3, name: "Teaching", slug: "teaching" },
  { id: 4, name: "Family Life", slug: "family-life" },
] as const;

export function referenceSeedSql(): string[] {
  return [
    ...LEADERSHIP_POSITIONS.map((p) => insertRow("leadership_positions", { ...p }, "IGNORE")),
    ...BLOG_CATEGORIES.map((c) => insertRow("blog_categories", { ...c }, "IGNORE")),
    ...Object.entries(SETTINGS_DEFAULTS).map(([key, value]) => insertRow("site_settings", { key, value: JSON.stringify(value), version: 1 }, "IGNORE")),
  ];
}
