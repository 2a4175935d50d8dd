import { env } from "cloudflare:workers";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";

const createDb = (binding: D1Database) => drizzle(binding, { schema });

let client: { binding: D1Database; db: ReturnType<typeof createDb> } | undefined;

/**
 * The drizzle client over the D1 binding, made once per isolate (and again if the binding
 * changes): making one reads the whole schema's relations, a few hundred microseconds that every
 * query of every request paid while models made their own.
 */
export function getDb() {
  if (client?.binding !== env.DB) client = { binding: env.DB, db: createDb(env.DB) };
  return client.db;
}

export type Db = ReturnType<typeof createDb>;

/** The statements of one part of a page (one feature's), for `batchParts`. */
export type BatchStatements = Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>;

/**
 * Two features' statements in one batch (one D1 round trip), each feature's results handed back
 * apart, in the order of its statements: a page that shows two features' data still costs one
 * round trip.
 */
export async function batchParts<A extends BatchStatements, B extends BatchStatements>(db: Db, first: A, second: B): Promise<[BatchResponse<A>, BatchResponse<B>]> {
  const results = await db.batch([...first, ...second] as unknown as BatchStatements);
  return [results.slice(0, first.length) as unknown as BatchResponse<A>, results.slice(first.length) as unknown as BatchResponse<B>];
}

/** The SQLite error behind drizzle's "Failed query: ..." wrapper. */
export function sqliteMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(sqliteMessage(error));
}

/**
 * A raw SQL query (`db.all(sql\`…\`)`) that can join a drizzle D1 batch. drizzle-orm's raw queries
 * carry no prepared D1 statement, so a batch holding one with parameters fails ("Cannot read
 * properties of undefined (reading 'bind')", drizzle-orm issue #2277, open); this gives it one.
 */
export function batchable<T extends { getQuery(): { sql: string } }>(raw: T): T {
  const query = raw as T & { stmt?: D1PreparedStatement };
  query.stmt ??= env.DB.prepare(raw.getQuery().sql);
  return raw;
}
