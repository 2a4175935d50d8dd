// What a search compares: a phone's keyboard types a curly apostrophe (Ng’ambi) where a name was
// written with a straight one (Ng'ambi), or the other way round. Both sides of every name search
// are made straight: in SQL (app/db/text-match.ts, from the same list) and on the door's phone
// (its offline list).

/** The apostrophe-like characters phones and word processors type for "'". */
export const APOSTROPHE_CHARACTERS = ["‘", "’", "ʼ", "`", "´"] as const;

/** The same, to replace in a text. */
export const APOSTROPHES = new RegExp(`[${APOSTROPHE_CHARACTERS.join("")}]`, "g");

/** `text` with every apostrophe straight (case is left to the comparison). */
export function straightApostrophes(text: string): string {
  return text.replace(APOSTROPHES, "'");
}
