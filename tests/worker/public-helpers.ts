// Reading public pages as a visitor would: the text they see, one section at a time.
import { env } from "cloudflare:workers";
import { request } from "./helpers";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };

/** The visible text of some HTML: no scripts or tags, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** The HTML of the <section> labelled by `headingId` (sections on these pages do not nest). */
export function sectionHtml(html: string, headingId: string): string {
  const start = html.lastIndexOf("<section", html.indexOf(`aria-labelledby="${headingId}"`));
  if (start < 0 || !html.includes(`aria-labelledby="${headingId}"`)) throw new Error(`no section labelled ${headingId}`);
  return html.slice(start, html.indexOf("</section>", start));
}

/** The <main> element's HTML: the page itself, without the header and footer. */
export function mainHtml(html: string): string {
  return html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
}

export async function getPage(path: string) {
  const response = await request(path);
  const html = await response.text();
  return { response, html, main: mainHtml(html), text: textOf(mainHtml(html)) };
}

/** Asserts helpers: the positions of strings in a text, to compare orders. */
export function positions(text: string, needles: string[]): number[] {
  return needles.map((needle) => text.indexOf(needle));
}

export function isAscending(numbers: number[]): boolean {
  return numbers.every((n, i) => n >= 0 && (i === 0 || n > numbers[i - 1]!));
}

export { toastOf as decodeToast } from "./helpers";

export async function dropTable(table: string) {
  await env.DB.exec(`DROP TABLE ${table}`);
}
