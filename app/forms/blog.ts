// The blog form (SPEC sections 2 and 5): title, slug, author, date, excerpt and content are
// required; category and image optional. The date is a calendar date as the date input sends it.
import { isValid, parse } from "date-fns";
import { z } from "zod";
import { ALWAYS, optionalId, optionalText, requiredText } from "./fields";
import { checkFormSlug, slugFields } from "./slug";

export const BLOG_DATE_INVALID = "Please enter a real date, for example 2026-03-05";
export const BLOG_CATEGORY_UNKNOWN = "That category no longer exists. Please choose another one.";

/** A calendar date as the date input sends it (YYYY-MM-DD), and one that exists (no 30 February). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2200 && isValid(parse(value, "yyyy-MM-dd", new Date(2000, 0, 1)));
}

export const blogSchema = z
  .object({
    title: requiredText("Title is required", 200),
    ...slugFields(),
    author: requiredText("Author is required", 120),
    date: requiredText("Date is required", 10, BLOG_DATE_INVALID).refine(isCalendarDate, BLOG_DATE_INVALID),
    category_id: optionalId(),
    excerpt: requiredText("Excerpt is required", 500),
    content: requiredText("Content is required", 50_000),
    image_alt: optionalText(200),
  })
  .superRefine(checkFormSlug("Slug is required"), ALWAYS);

/**
 * The action's check: the blog schema, plus that the chosen category still exists (the browser
 * only offers the categories it loaded, but one may have been removed since).
 */
export function blogSchemaWithCategories(knownIds: ReadonlySet<number> | null) {
  if (knownIds === null) return blogSchema;
  return blogSchema.superRefine((data, ctx) => {
    if (typeof data.category_id === "number" && !knownIds.has(data.category_id)) {
      ctx.addIssue({ code: "custom", path: ["category_id"], message: BLOG_CATEGORY_UNKNOWN });
    }
  }, ALWAYS);
}

export const BLOG_MESSAGES = {
  created: { title: "Blog created successfully" },
  updated: { title: "Blog updated successfully" },
  createFailed: "Failed to create blog",
  updateFailed: "Failed to update blog",
  deleted: { title: "Blog deleted successfully" },
  deleteFailed: "Failed to delete blog",
  uploadFailed: "Failed to upload image.",
  duplicate: { field: "slug", message: "This slug is already used by another blog post. Please choose a different one." },
  loadFailed: "Could not fetch blog data",
  categoriesFailed: "Failed to load categories",
  listFailed: "Failed to load blogs",
} as const;
