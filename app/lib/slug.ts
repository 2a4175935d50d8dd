/** The longest slug a ministry or post may have. */
export const SLUG_MAX_LENGTH = 80;

/** A URL slug from a title: lower case ASCII words joined by hyphens ("Men's Retreat 2026" -> "mens-retreat-2026"). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
}
