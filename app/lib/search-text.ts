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

/** Each word of a search once, with how many times it was typed (as often as typed it must be found). */
export function wordCounts(words: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word.toLowerCase(), (counts.get(word.toLowerCase()) ?? 0) + 1);
  return [...counts];
}
