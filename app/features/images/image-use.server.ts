// Which stored pictures something still refers to: a record of any kind, a kept earlier version
// of one (issue 15), or a setting (the contact page's map). A picture is deleted from storage only
// once nothing does.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { church_testimonies, churchblogs, churchevents, leadership_members, ministries, history, site_settings } from "~/db/schema";
import { getDb } from "~/db/db.server";

/** Every column that holds a picture's URL (tests/worker/image-use.test.ts checks the schema has no other). */
export const PICTURE_COLUMNS: [SQLiteTable, SQLiteColumn][] = [
  [churchblogs, churchblogs.image_url],
  [ministries, ministries.image_url],
  [church_testimonies, church_testimonies.image_url],
  [churchevents, churchevents.image_url],
  [leadership_members, leadership_members.image_url],
  [history, history.image_url],
];

/** Every settings field that holds a picture's URL: the section (its `site_settings` key) and the field of its JSON. */
export const PICTURE_SETTINGS: [section: string, field: string][] = [["contact", "map_image"]];

/** The URLs among `urls` that a record, a kept version or a setting refers to, in one D1 round trip. */
export async function picturesInUse(urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const db = getDb();
  const [first, ...rest] = [
    ...PICTURE_COLUMNS.map(([table, column]) =>
      db.select({ url: column as unknown as SQL<string | null> }).from(table).where(inArray(column, [...urls])),
    ),
    ...PICTURE_SETTINGS.map(([section, field]) => {
      const url = sql<string | null>`json_extract(${site_settings.value}, ${`$.${field}`})`;
      return db.select({ url }).from(site_settings).where(and(eq(site_settings.key, section), inArray(url, [...urls])));
    }),
  ];
  const found = await db.batch([first!, ...rest]);
  return new Set(found.flat().flatMap((row) => (row.url ? [row.url] : [])));
}
