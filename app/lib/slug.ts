import type { z } from "zod";

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

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_MAX_LENGTH = 80;

export const SLUG_FORMAT_MESSAGE = "Use only lower-case letters, numbers and single hyphens, for example youth-mentorship";

/** What a form with a slug and an auto-generate switch posts (after zod has read the switch). */
export type SlugFormData = { title: string; slug: string; slug_auto: boolean };

/**
 * The slug a save stores. While auto-generate is on the slug follows the title, on the server too:
 * without JavaScript the read-only slug input posts nothing useful, so the title decides.
 */
export function formSlug({ title, slug, slug_auto }: SlugFormData): string {
  return slug_auto ? slugify(title) : slug.trim();
}

/**
 * The slug's checks, for `z.object({...}).superRefine(...)`: required (with `requiredMessage`, the
 * spec's words) and well formed. They run even when other fields fail, so every message shows at once.
 */
export function checkFormSlug(requiredMessage: string) {
  return (data: SlugFormData, ctx: z.RefinementCtx) => {
    const slug = formSlug(data);
    const message =
      slug === ""
        ? requiredMessage
        : slug.length > SLUG_MAX_LENGTH
          ? `Please keep the slug under ${SLUG_MAX_LENGTH} characters`
          : SLUG_PATTERN.test(slug)
            ? null
            : SLUG_FORMAT_MESSAGE;
    if (message) ctx.addIssue({ code: "custom", path: ["slug"], message });
  };
}
