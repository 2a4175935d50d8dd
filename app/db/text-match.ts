// Matching what a person typed inside a column. D1 refuses a LIKE pattern over 50 bytes ("LIKE or
// GLOB pattern too complex"), so a long search answered 503; instr() has no such limit and takes
// the text literally (no % or _ to escape). Both ignore ASCII case, as LIKE does.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** The column contains `text`, any (ASCII) case. */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

/** The column ends with `text`. */
export function endsWithText(column: SQLWrapper, text: string): SQL {
  return sql`substr(${column}, ${-text.length}) = ${text}`;
}
