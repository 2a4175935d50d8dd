// GSM-7, the alphabet of a plain SMS (3GPP TS 23.038): 160 characters fit one segment, 153 a
// segment of a longer message; the extension characters (^ { } \ [ ~ ] | €) take two. One
// character outside it turns the whole message into UCS-2, 70 characters a segment, which costs
// two or three times as much. So every SMS passes through toGsm7 before it is counted or sent:
// letters with marks lose them (ŵ → w, é stays: it is in the alphabet), curly quotes and dashes
// become plain ones, emoji and other symbols go. Browser-safe: the composer's counter uses it too.

const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const EXTENSION = "^{}\\[~]|€";
const BASIC_SET = new Set(BASIC);
const EXTENSION_SET = new Set(EXTENSION);

/** Characters people type (or paste from a word processor) that have a plain GSM-7 stand-in. */
const STAND_INS: Record<string, string> = {
  "\u2018": "'", "\u2019": "'", "\u201A": "'", "\u201B": "'", "\u2032": "'", "`": "'", "´": "'",
  "\u201C": '"', "\u201D": '"', "\u201E": '"', "\u201F": '"', "\u2033": '"', "«": '"', "»": '"',
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
  "\u2026": "...", "\u2022": "-", "·": "-", "\u00A0": " ", "\u2009": " ", "\u202F": " ", "\t": " ",
  "×": "x", "÷": "/", "©": "(c)", "®": "(R)", "™": "TM", "\u20A6": "N", "ç": "c",
};

/** Whether a message is written in GSM-7 only. */
export function isGsm7(text: string): boolean {
  return [...text].every((char) => BASIC_SET.has(char) || EXTENSION_SET.has(char));
}

/**
 * The text in GSM-7: stand-ins for quotes, dashes and spaces; letters with marks outside the
 * alphabet lose their marks (ŵ → w, ô → o); emoji and anything else without a stand-in are
 * dropped, and the spaces they leave are tidied.
 */
export function toGsm7(text: string): string {
  let out = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    if (BASIC_SET.has(char) || EXTENSION_SET.has(char)) out += char;
    else if (STAND_INS[char] !== undefined) out += STAND_INS[char];
    else {
      const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
      if (bare && [...bare].every((c) => BASIC_SET.has(c))) out += bare;
    }
  }
  return out.replace(/ {2,}/g, " ").replace(/ +\n/g, "\n").trim();
}

/** Characters as the network counts them (septets): an extension character counts two. */
export function gsm7Length(text: string): number {
  let length = 0;
  for (const char of text) length += EXTENSION_SET.has(char) ? 2 : 1;
  return length;
}

export const SMS_SEGMENT_LENGTH = 160;
const MULTIPART_SEGMENT_LENGTH = 153;

/** How many SMS a GSM-7 text is sent as: one up to 160 characters, else one per 153. */
export function smsSegments(text: string): number {
  const length = gsm7Length(text);
  if (length === 0) return 0;
  return length <= SMS_SEGMENT_LENGTH ? 1 : Math.ceil(length / MULTIPART_SEGMENT_LENGTH);
}

/** What the composer shows under its text box: the text as it will be sent, its length and segments. */
export function smsCount(text: string): { text: string; characters: number; segments: number } {
  const sent = toGsm7(text);
  return { text: sent, characters: gsm7Length(sent), segments: smsSegments(sent) };
}

/**
 * Cuts a GSM-7 text to at most `max` characters (counted as the network counts them), ending in "..."
 * when cut. It cuts between words ("Men's Prayer..." rather than "Men's Prayer B..."), unless that
 * would keep less than half of the room: then mid-word, so a long first word still says something.
 */
export function cutGsm7(text: string, max: number): string {
  if (gsm7Length(text) <= max) return text;
  let out = "";
  for (const char of text) {
    if (gsm7Length(out + char) > max - 3) break;
    out += char;
  }
  const atWordEnd = /\s$/.test(out) || /^\s/.test(text.slice(out.length));
  const lastSpace = out.lastIndexOf(" ");
  const betweenWords = !atWordEnd && lastSpace >= (max - 3) / 2 ? out.slice(0, lastSpace) : out;
  return `${betweenWords.trimEnd().replace(/[\s,.;:!?-]+$/, "")}...`;
}
