// Which stored pictures something still refers to: a record of any kind, or a kept earlier version
// of one (issue 15). A picture is deleted from storage only once nothing does.
import { inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { church_testimonies, churchblogs, churchevents, leadership_members, ministries, history } from "~/db/schema";
import { getDb } from "~/db/db.server";

/** Every column that holds a picture's URL. */
const PICTURE_COLUMNS: [SQLiteTable, SQLiteColumn][] = [
  [churchblogs, churchblogs.image_url],
  [ministries, ministries.image_url],
  [church_testimonies, church_testimonies.image_url],
  [churchevents, churchevents.image_url],
  [leadership_members, leadership_members.image_url],
  [history, history.image_url],
];

/** The URLs among `urls` that a record or a kept version refers to, in one D1 round trip. */
export async function picturesInUse(urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const db = getDb();
  const [first, ...rest] = PICTURE_COLUMNS.map(([table, column]) =>
    db.select({ url: column as unknown as SQL<string | null> }).from(table).where(inArray(column, [...urls])),
  );
  const found = await db.batch([first!, ...rest]);
  return new Set(found.flat().flatMap((row) => (row.url ? [row.url] : [])));
}
