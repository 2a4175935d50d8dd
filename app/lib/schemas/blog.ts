import { isValid, parse } from "date-fns";
import { z } from "zod";
import { checkbox, optionalId, optionalText, requiredText } from "~/lib/forms";
import { checkFormSlug } from "~/lib/slug";

export const BLOG_DATE_INVALID = "Please enter a real date, for example 2026-03-05";
export const BLOG_CATEGORY_UNKNOWN = "That category no longer exists. Please choose another one.";

/** A calendar date as the date input sends it (YYYY-MM-DD), and one that exists (no 30 February). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2200 && isValid(parse(value, "yyyy-MM-dd", new Date(2000, 0, 1)));
}

/** SPEC section 5 Blog: title, slug, author, date, excerpt and content are required; category and image optional. */
export const blogSchema = z
  .object({
    title: requiredText("Title is required", 200),
    slug: z.string(),
    slug_auto: checkbox(),
    author: requiredText("Author is required", 120),
    date: z.string().trim().min(1, "Date is required").refine(isCalendarDate, BLOG_DATE_INVALID),
    category_id: optionalId(),
    excerpt: requiredText("Excerpt is required", 500),
    content: requiredText("Content is required", 50_000),
    image_alt: optionalText(200),
  })
  .superRefine(checkFormSlug("Slug is required"));

/**
 * The action's form check: the blog schema, plus that the chosen category still exists (the
 * browser only offers the categories it loaded, but one may have been removed since).
 */
export function blogSchemaWithCategories(knownIds: ReadonlySet<number>) {
  return blogSchema.superRefine((data, ctx) => {
    if (data.category_id !== null && !knownIds.has(data.category_id)) {
      ctx.addIssue({ code: "custom", path: ["category_id"], message: BLOG_CATEGORY_UNKNOWN });
    }
  });
}
