// Every query that touches `associations`.
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { associations } from "~/db/schema";
import { batchable, getDb, type Db } from "~/db/db.server";
import { type GuardedSave, type SaveGuard, toggleActive, versionedUpdate } from "~/features/history/index.server";
import { containsText, straightInSql } from "~/db/text-match";

export type Association = typeof associations.$inferSelect;
export type AssociationInput = Pick<Association, "name" | "region" | "district" | "contact_name" | "contact_phone" | "meeting" | "active">;

/** The longest filter read; a longer `q` is cut. */
export const FILTER_MAX_LENGTH = 60;

/** The regions as the country lies, north to south (the public page's order, and the Association question's). */
const northToSouth = sql`CASE ${associations.region} WHEN 'Northern' THEN 0 WHEN 'Central' THEN 1 WHEN 'Southern' THEN 2 ELSE 3 END`;

/** The most words of a search compared (each is one of the statement's bound values). */
const SEARCH_WORDS_MAX = 8;

/** What a search reads of an association: its name, district and region, as one text. */
const searchedText = sql`${associations.name} || ' ' || coalesce(${associations.district}, '') || ' ' || coalesce(${associations.region}, '')`;

/**
 * Active associations whose name, district and region hold every word of `q` (any case, any order:
 * "Kawale Lilongwe" finds Kawale's association in Lilongwe; every one when `q` is empty), by region
 * (north to south) then name, for the public page's batch and the Association question.
 */
export function activeAssociationsQuery(db: Db, q: string) {
  // "Region" is the directory's own word for each heading ("Central Region"), not part of a region's name.
  const words = q.split(/\s+/).filter((word) => word && !/^regions?$/i.test(word)).slice(0, SEARCH_WORDS_MAX);
  const matches = words.length ? and(...words.map((word) => containsText(searchedText, word))) : undefined;
  return db
    .select({
      id: associations.id,
      name: associations.name,
      region: associations.region,
      district: associations.district,
      contact_name: associations.contact_name,
      contact_phone: associations.contact_phone,
      meeting: associations.meeting,
    })
    .from(associations)
    .where(and(eq(associations.active, true), matches))
    .orderBy(northToSouth, asc(associations.name), asc(associations.id));
}

/** How many active associations there are at all (the page's empty state is for none). */
export function activeAssociationCountQuery(db: Db) {
  return db.select({ n: count() }).from(associations).where(eq(associations.active, true));
}

export type DirectoryRow = Awaited<ReturnType<typeof activeAssociationsQuery>>[number];

// Admin side.

/**
 * Every association, by region (north to south, as the public page, then any other region by
 * name) then name, for the admin list, with how many registrations chose it
 * (deleting it moves them to "Other" in the counts by region: its delete says so).
 */
export function associationsForAdmin() {
  const chosen = sql`(SELECT association_id, count(*) AS n FROM registration_answers WHERE association_id IS NOT NULL GROUP BY association_id)`;
  return getDb()
    .select({
      id: associations.id,
      name: associations.name,
      region: associations.region,
      district: associations.district,
      active: associations.active,
      chosenBy: sql<number>`coalesce(chosen.n, 0)`,
    })
    .from(associations)
    .leftJoin(sql`${chosen} chosen`, sql`chosen.association_id = ${associations.id}`)
    .orderBy(northToSouth, asc(associations.region), asc(associations.name), asc(associations.id))
    .all();
}

export type AdminAssociationRow = Awaited<ReturnType<typeof associationsForAdmin>>[number];

/** The regions in use, for the form's suggestions next to the three of Malawi. */
export async function regionsInUse(): Promise<string[]> {
  const rows = await getDb().selectDistinct({ region: associations.region }).from(associations).all();
  return rows.map((row) => row.region);
}

/** Every association's name and district, to refuse an import that repeats one. */
export function associationKeys() {
  return getDb().select({ name: associations.name, district: associations.district }).from(associations).all();
}

export function getAssociation(id: number) {
  return getDb().select().from(associations).where(eq(associations.id, id)).get();
}

/** A stored name or district as the directory compares it (./association-form.ts's directoryText, for rows saved before it). */
const compared = (column: SQL) => sql`replace(${straightInSql(sql`lower(trim(${column}))`)}, '  ', ' ')`;

/**
 * The same association: its name in its district (written with directoryText), in any case, as the
 * CSV import checks it. `row` names the associations row compared (the table, or an alias).
 */
function sameAssociation(name: string | SQL, district: string | SQL, row = sql`associations`) {
  return sql`${compared(sql`${row}.name`)} = lower(${name}) AND ${compared(sql`${row}.district`)} = lower(${district})`;
}

/** The directory has this association already (its name in its district). */
export class AlreadyInDirectory extends Error {}

/**
 * Adds an association, saved by `by`, unless the directory has it already (its name in its district: then it
 * throws AlreadyInDirectory); its id. One guarded statement, so two people adding it at once add it once.
 */
export async function createAssociation(input: AssociationInput, by: string): Promise<number> {
  const db = getDb();
  const now = new Date().toISOString();
  const [row] = await db.all<{ id: number }>(sql`INSERT INTO associations (name, region, district, meeting, contact_name, contact_phone, active, created_at, updated_at, updated_by)
    SELECT ${input.name}, ${input.region}, ${input.district}, ${input.meeting}, ${input.contact_name}, ${input.contact_phone}, ${input.active ? 1 : 0}, ${now}, ${now}, ${by}
    WHERE NOT EXISTS (SELECT 1 FROM associations WHERE ${sameAssociation(input.name, input.district)})
    RETURNING id`);
  if (!row) throw new AlreadyInDirectory();
  return row.id;
}

/**
 * Saves the association if still at the form's version (`guard`); else its last save, or null when
 * it no longer exists. Renamed onto another association of the directory (its name in its
 * district), it throws AlreadyInDirectory: checked in the guarded statement itself, so two people
 * renaming two associations to one name at once save one.
 */
export async function updateAssociation(id: number, input: AssociationInput, guard: SaveGuard): Promise<GuardedSave> {
  const notTaken = sql`NOT EXISTS (SELECT 1 FROM associations other WHERE ${sameAssociation(input.name, input.district, sql`other`)} AND other.id <> ${id})`;
  const saved = await versionedUpdate(getDb(), associations, id, input, guard, notTaken);
  if (!saved.saved && saved.last?.version === guard.version) throw new AlreadyInDirectory();
  return saved;
}

/** Flips `active` in one statement, as a new version of the record (a form opened before is refused); the new state, or undefined when there is no such association. */
export function toggleAssociationActive(id: number, by: string): Promise<boolean | undefined> {
  return toggleActive(getDb(), associations, id, by);
}

/** The removed association's id, or undefined when there was no such association. */
export function deleteAssociation(id: number) {
  return getDb().delete(associations).where(eq(associations.id, id)).returning({ id: associations.id, name: associations.name }).get();
}

/** Rows per INSERT: D1 binds at most 100 values to one statement, and a row has 7. */
const ROWS_PER_INSERT = 12;

/**
 * Saves the rows in one D1 batch, which is atomic; how many it added. A row whose association the
 * directory has by then (its name in its district) is skipped inside its statement: the file was
 * checked against the directory before, so only an import or an add made meanwhile (the same file
 * sent twice at once) leaves one out, and never adds it twice.
 */
export async function importAssociations(rows: AssociationInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  const db = getDb();
  const now = new Date().toISOString();
  const inserts = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows
      .slice(start, start + ROWS_PER_INSERT)
      .map((row) => sql`(${row.name}, ${row.region}, ${row.district}, ${row.meeting}, ${row.contact_name}, ${row.contact_phone}, ${row.active ? 1 : 0})`);
    inserts.push(
      batchable(
        db.all<{ id: number }>(sql`INSERT INTO associations (name, region, district, meeting, contact_name, contact_phone, active, created_at, updated_at)
          SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, ${now}, ${now}
          FROM (VALUES ${sql.join(values, sql`, `)}) v
          WHERE NOT EXISTS (SELECT 1 FROM associations WHERE ${sameAssociation(sql`v.column1`, sql`v.column3`)})
          RETURNING id`),
      ),
    );
  }
  const added = await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  return added.flat().length;
}
