/**
 * Characters XML 1.0 does not allow anywhere, even escaped: control characters other than tab,
 * line feed and carriage return, lone surrogates, U+FFFE and U+FFFF. Text pasted from a word
 * processor can carry them, and one would make a whole feed unreadable.
 */
const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for XML element content and attribute values, dropping the characters XML forbids. */
export function xmlEscape(text: string): string {
  return text
    .replace(FORBIDDEN_IN_XML, "")
    .replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}
