// Matching what a person typed inside a column. D1 refuses a LIKE pattern over 50 bytes ("LIKE or
// GLOB pattern too complex"), so a long search answered 503; instr() has no such limit and takes
// the text literally (no % or _ to escape). Both ignore ASCII case, as LIKE does, and which
// apostrophe a name was typed with (app/lib/search-text.ts).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { APOSTROPHE_CHARACTERS, straightApostrophes } from "~/lib/search-text";

/** The column contains `text`, any (ASCII) case, whichever apostrophe either was written with (Ng’ambi finds Ng'ambi). */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`instr(${straightInSql(sql`lower(${column})`)}, lower(${straightApostrophes(text)})) > 0`;
}

/**
 * The column contains `text` at least `times` times, as containsText compares: a word typed twice
 * ("Banda Banda") is found only in a name that has it twice.
 */
export function containsTextTimes(column: SQLWrapper, text: string, times: number): SQL {
  if (times === 1) return containsText(column, text);
  const inColumn = straightInSql(sql`lower(${column})`);
  const word = sql`lower(${straightApostrophes(text)})`;
  return sql`length(${inColumn}) - length(replace(${inColumn}, ${word}, '')) >= ${times} * length(${word})`;
}

/** A text expression with every apostrophe made straight, as straightApostrophes does (the same characters). */
export function straightInSql(text: SQL): SQL {
  // The characters are this module's constants, written into the SQL (no bound values: D1 allows 100 a statement).
  return APOSTROPHE_CHARACTERS.reduce((inner, character) => sql`replace(${inner}, ${sql.raw(`'${character}'`)}, '''')`, text);
}

/** The column ends with `text`. */
export function endsWithText(column: SQLWrapper, text: string): SQL {
  return sql`substr(${column}, ${-text.length}) = ${text}`;
}
