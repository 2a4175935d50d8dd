// Every query that touches `history`: keeping the version a save replaces, the window of kept
// versions, a record's history and one version of it. A save is one D1 batch (atomic): the copy of
// the version it replaces and the write are guarded by the same condition (the record is still at
// the version the form was opened at), so either both happen or neither, and two saves from the
// same version can never both win.
import { SAME_CREATE_MINUTES } from "~/lib/constants";
import { and, desc, eq, getTableColumns, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { history, type associations, type church_testimonies, type churchblogs, type churchevents, type leadership_members, type ministries } from "~/db/schema";
import { batchable, type Db } from "~/db/db.server";

/** How many earlier versions of each record are kept (issue 15: at least the last 20). */
export const HISTORY_KEPT = 20;

export type HistoryEntity = "blog" | "ministry" | "page";

/** A version in a record's history: when and by whom it was saved (by: null from before that was kept). */
export type HistoryEntry = { id: number; saved_at: string; saved_by: string | null };

/** The form's version guard: the version it was opened at, and who is saving. */
export type SaveGuard = { version: number; by: string };

/** Who saved a record last, its version, and when: what a refused save tells the admin. */
export type LastSave = { version: number; updated_at: string; updated_by: string | null };

/**
 * What a guarded save did: saved (with the pictures that versions dropped from the kept window no
 * longer hold), or not, with the record's last save (null when the record no longer exists).
 */
export type GuardedSave = { saved: true; released: string[] } | { saved: false; last: LastSave | null };

/** `json_object('title', title, ...)`: a version's fields as the row holds them now. */
export function jsonObject(columns: Record<string, SQLiteColumn>): SQL<string> {
  const pairs = Object.entries(columns).map(([name, column]) => sql`${name}, ${column}`);
  return sql<string>`json_object(${sql.join(pairs, sql`, `)})`;
}

/** Where a version is copied from: the row (`from` + `where`) and how its parts read. */
type VersionSource = {
  from: SQLiteTable;
  /** Finds the row only while it is at the version the form was opened at. */
  where: SQL | undefined;
  data: SQL<string> | SQLiteColumn;
  image: SQLiteColumn | null;
  savedAt: SQLiteColumn;
  savedBy: SQLiteColumn;
};

const ofRecord = (entity: HistoryEntity, key: string) => and(eq(history.entity, entity), eq(history.record_key, key));

/** Copies the row, as it is before the save, into the record's history (part of the save's batch). */
export function keepVersionQuery(db: Db, entity: HistoryEntity, key: string, source: VersionSource) {
  return db.insert(history).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        entity: sql<string>`${entity}`.as("entity"),
        record_key: sql<string>`${key}`.as("record_key"),
        data: source.data,
        image_url: source.image ?? sql<null>`null`.as("image_url"),
        saved_at: source.savedAt,
        saved_by: source.savedBy,
      })
      .from(source.from)
      .where(source.where),
  );
}

/** The pictures among some rows' `image_url`s. */
const picturesOf = (rows: { image_url: string | null }[]) => rows.flatMap((row) => (row.image_url ? [row.image_url] : []));

/** Drops the record's versions beyond the kept window, answering their pictures. */
function pruneQuery(db: Db, entity: HistoryEntity, key: string) {
  const kept = db.select({ id: history.id }).from(history).where(ofRecord(entity, key)).orderBy(desc(history.id)).limit(HISTORY_KEPT);
  return db
    .delete(history)
    .where(and(ofRecord(entity, key), notInArray(history.id, kept)))
    .returning({ image_url: history.image_url });
}

type GuardedSaveParts = {
  entity: HistoryEntity;
  key: string;
  /** keepVersionQuery for the row as the form saw it. */
  keep: BatchItem<"sqlite">;
  /** The write, guarded like `keep`, returning a row when it happened. */
  write: BatchItem<"sqlite">;
  /** The record's last save, read after the write (for a refusal). */
  last: BatchItem<"sqlite">;
};

/** Runs a guarded save in one batch: keep the version it replaces, write, read back, prune. */
export async function runGuardedSave(db: Db, { entity, key, keep, write, last }: GuardedSaveParts): Promise<GuardedSave> {
  const [, written, lastRows, pruned] = (await db.batch([keep, write, last, pruneQuery(db, entity, key)])) as [
    unknown,
    unknown[],
    LastSave[],
    { image_url: string | null }[],
  ];
  if (written.length === 0) return { saved: false, last: lastRows[0] ?? null };
  return { saved: true, released: picturesOf(pruned) };
}

/** The tables whose rows keep their history, with the columns a guarded save reads and writes. */
type TrackedTable = typeof churchblogs | typeof ministries;

type TrackedUpdate<T extends TrackedTable> = {
  entity: Exclude<HistoryEntity, "page">;
  table: T;
  id: number;
  /** The columns a kept version holds (what the record's form edits). */
  versionColumns: Record<string, SQLiteColumn>;
  values: SQLiteUpdateSetSource<T>;
  guard: SaveGuard;
};

/** Updates a post or ministry if it is still at the form's version, keeping the version it replaces. */
export function guardedUpdate<T extends TrackedTable>(db: Db, { entity, table, id, versionColumns, values, guard }: TrackedUpdate<T>): Promise<GuardedSave> {
  const key = String(id);
  const atFormVersion = and(eq(table.id, id), eq(table.version, guard.version));
  const set = { ...values, version: sql`${table.version} + 1`, updated_at: new Date().toISOString(), updated_by: guard.by } as SQLiteUpdateSetSource<T>;
  return runGuardedSave(db, {
    entity,
    key,
    keep: keepVersionQuery(db, entity, key, {
      from: table,
      where: atFormVersion,
      data: jsonObject(versionColumns),
      image: table.image_url,
      savedAt: table.updated_at,
      savedBy: table.updated_by,
    }),
    write: db.update(table).set(set).where(atFormVersion).returning({ id: table.id }),
    last: db.select({ version: table.version, updated_at: table.updated_at, updated_by: table.updated_by }).from(table).where(eq(table.id, id)),
  });
}

/** The tables whose form saves carry a version guard: those that keep their history, and events, testimonies, leaders and associations. */
type VersionedTable = TrackedTable | typeof churchevents | typeof church_testimonies | typeof leadership_members | typeof associations;

/** The record, only while it is at the version the form was opened at: a guarded save's WHERE. */
export function atFormVersion(table: VersionedTable, id: number, guard: SaveGuard): SQL | undefined {
  return and(eq(table.id, id), eq(table.version, guard.version));
}

/** What a guarded save writes besides the form's fields: the next version, when and by whom. */
export function nextVersion(table: VersionedTable, guard: SaveGuard, now = new Date()) {
  return newVersionBy(table, guard.by, now);
}

/** A change of a record outside its form (the list's Active switch): a new version, so a form opened before it is refused. */
function newVersionBy(table: VersionedTable, by: string, now = new Date()) {
  return { version: sql<number>`${table.version} + 1`, updated_at: now.toISOString(), updated_by: by };
}

/** The record's last save, read in the save's batch after its write (what a refused save tells the admin). */
export function lastSaveQuery(db: Db, table: VersionedTable, id: number) {
  return db
    .select({ version: table.version, updated_at: table.updated_at, updated_by: table.updated_by })
    .from(table as typeof churchevents)
    .where(eq(table.id, id));
}

/**
 * Saves a record without History (a testimony, a leader, an association) if it is still at the
 * form's version (and `onlyIf` holds, checked in the same statement): the guarded write and the
 * record's last save in one batch.
 */
export async function versionedUpdate<T extends SwitchedTable>(
  db: Db,
  table: T,
  id: number,
  values: SQLiteUpdateSetSource<T>,
  guard: SaveGuard,
  onlyIf?: SQL,
): Promise<GuardedSave> {
  const set = { ...values, ...nextVersion(table, guard) } as SQLiteUpdateSetSource<T>;
  const [written, last] = await db.batch([
    db.update(table).set(set).where(and(atFormVersion(table, id, guard), onlyIf)).returning({ id: table.id }),
    lastSaveQuery(db, table, id),
  ]);
  return guardedSaveOf(written, last);
}

/** The tables whose lists have an Active switch: those of the records without History. */
type SwitchedTable = typeof church_testimonies | typeof leadership_members | typeof associations;

/**
 * The list's Active switch: flips the record's `active` in one statement, as a new version of it
 * saved by `by` (a form opened before is refused); the new state, or undefined when there is no
 * such record.
 */
export async function toggleActive<T extends SwitchedTable>(db: Db, table: T, id: number, by: string): Promise<boolean | undefined> {
  const set = { active: sql`NOT ${table.active}`, ...newVersionBy(table, by) } as SQLiteUpdateSetSource<T>;
  const row = await db.update(table).set(set).where(eq(table.id, id)).returning({ active: table.active }).get();
  return row?.active;
}

/** A guarded write without history: saved when it returned a row, else the last save (null: the record is gone). */
export function guardedSaveOf(written: readonly unknown[], last: readonly LastSave[]): GuardedSave {
  return written.length > 0 ? { saved: true, released: [] } : { saved: false, last: last[0] ?? null };
}

/**
 * The ids of the `entity`'s records one of whose kept versions had `slug` as its address (a SQL
 * subquery for an IN), newest first: where a link shared before the address changed now leads.
 * Only the kept versions (HISTORY_KEPT a record) remember an address.
 */
export function onceAtSlugSql(entity: "blog" | "ministry", slug: string): SQL {
  return sql`SELECT CAST(record_key AS INTEGER) FROM ${history} WHERE ${history.entity} = ${entity} AND json_extract(${history.data}, '$.slug') = ${slug}`;
}

/** The record's kept versions, newest first (a part of its form's batch). */
export function historyQuery(db: Db, entity: HistoryEntity, key: string) {
  return db
    .select({ id: history.id, saved_at: history.saved_at, saved_by: history.saved_by })
    .from(history)
    .where(ofRecord(entity, key))
    .orderBy(desc(history.id))
    .limit(HISTORY_KEPT);
}

/** One kept version of one of the records `keys` names, with its fields as JSON (a part of its form's batch). */
export function versionQuery(db: Db, entity: HistoryEntity, keys: string[], id: number) {
  return db
    .select({ id: history.id, record_key: history.record_key, data: history.data, saved_at: history.saved_at, saved_by: history.saved_by })
    .from(history)
    .where(and(eq(history.entity, entity), inArray(history.record_key, keys), eq(history.id, id)))
    .limit(1);
}

export type KeptVersion = { id: number; record_key: string; data: string; saved_at: string; saved_by: string | null };

/**
 * Deletes a post or ministry with its history, in one batch, answering the record's picture and
 * those its kept versions held; undefined when there was no such record.
 */
export async function deleteWithHistory(db: Db, entity: Exclude<HistoryEntity, "page">, table: TrackedTable, id: number) {
  const [versions, removed] = await db.batch([
    db.delete(history).where(ofRecord(entity, String(id))).returning({ image_url: history.image_url }),
    db.delete(table).where(eq(table.id, id)).returning({ image_url: table.image_url, title: table.title }),
  ]);
  return removed[0] && { image_url: removed[0].image_url, title: removed[0].title, released: picturesOf(versions) };
}


type CreatedTable = typeof church_testimonies | typeof leadership_members | typeof churchblogs | typeof ministries | typeof churchevents;

/**
 * A new record from a form: `fields` (what the form sent, compared) and `stamps` (when, and such;
 * not compared). The very same fields created by the same account in the last 2 minutes are that
 * record (Create sent again after its answer was lost on a weak signal): nothing is written, and
 * its id is answered. One guarded INSERT and the read of the id, in one batch, so two sends at once
 * write one record. Answers the record's id.
 */
export async function createOnce(db: Db, table: CreatedTable, fields: Record<string, unknown>, stamps: Record<string, unknown>, by: string, now = new Date()): Promise<number> {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const bound = (value: unknown) => (typeof value === "boolean" ? Number(value) : value);
  const compared = Object.entries(fields).filter(([, value]) => value !== undefined);
  const at = now.toISOString();
  const written = [...compared, ...Object.entries({ created_at: at, updated_at: at, ...stamps, updated_by: by }).filter(([, value]) => value !== undefined)];
  const since = new Date(now.getTime() - SAME_CREATE_MINUTES * 60_000).toISOString();
  const same = sql.join(
    [...compared.map(([key, value]) => sql`${columns[key]} IS ${bound(value)}`), sql`${columns.updated_by} = ${by}`, sql`${columns.version} = 1`, sql`${columns.created_at} > ${since}`],
    sql` AND `,
  );
  const names = sql.join(written.map(([key]) => sql.identifier(columns[key]!.name)), sql`, `);
  const values = sql.join(written.map(([, value]) => sql`${bound(value)}`), sql`, `);
  const [, found] = await db.batch([
    batchable(db.all(sql`INSERT INTO ${table} (${names}) SELECT ${values} WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE ${same})`)),
    batchable(db.all<{ id: number }>(sql`SELECT id FROM ${table} WHERE ${same} ORDER BY id DESC LIMIT 1`)),
  ]);
  return found[0]!.id;
}
