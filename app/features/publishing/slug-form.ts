// The slug of a ministry or blog post and its auto-generate switch (SPEC section 4: the slug
// follows the title while auto-generate is on), shared by the two forms.
import { z } from "zod";
import { SLUG_MAX_LENGTH, slugify } from "~/lib/slug";
import { checkbox } from "../../lib/schema-fields";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_FORMAT_MESSAGE = "Use only lower-case letters, numbers and single hyphens, for example youth-mentorship";

/** The slug and its switch, for a form's z.object({...}); the slug's own checks are checkFormSlug. */
export const slugFields = () => ({
  slug: z
    .string()
    .optional()
    .transform((value) => value ?? ""),
  slug_auto: checkbox(),
});

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
 * spec's words) and well formed. They run even when other fields fail (a missing title reads as
 * empty), so every message shows at once.
 */
export function checkFormSlug(requiredMessage: string) {
  return (data: Partial<SlugFormData>, ctx: z.RefinementCtx) => {
    const slug = formSlug({ title: data.title ?? "", slug: data.slug ?? "", slug_auto: data.slug_auto === true });
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
