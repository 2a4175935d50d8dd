// The directory as visitors see it: the associations grouped by region (the three of Malawi north
// to south, then others), each contact with a call link and a WhatsApp link (+265 for national numbers).
import { phoneContact } from "~/server/phone.server";
import { compareRegions } from "./association-form";
import { FILTER_MAX_LENGTH, type DirectoryRow } from "./associations.server";

import type { DirectoryEntry, RegionGroup } from "./associations-directory";

/** The filter as the page reads it: trimmed, spaces collapsed, at most FILTER_MAX_LENGTH characters. */
export function filterOf(url: URL): string {
  return (url.searchParams.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, FILTER_MAX_LENGTH);
}

export function directoryGroups(rows: DirectoryRow[]): RegionGroup[] {
  const groups = new Map<string, DirectoryEntry[]>();
  for (const row of rows) {
    const entry: DirectoryEntry = {
      id: row.id,
      name: row.name,
      district: row.district,
      meeting: row.meeting,
      contactName: row.contact_name,
      ...phoneContact(row.contact_phone),
    };
    groups.set(row.region, [...(groups.get(row.region) ?? []), entry]);
  }
  return [...groups.keys()].sort(compareRegions).map((region) => ({ region, associations: groups.get(region)! }));
}
