import { z } from "zod";
import { checkbox, optionalText, requiredText } from "~/lib/forms";
import { checkFormSlug } from "~/lib/slug";

export const SORT_ORDER_NOT_A_NUMBER = "Sort order must be a whole number, for example 0, 1 or 2";

/** SPEC section 5 Ministry: title, slug, both descriptions and sort order are required; active defaults to on. */
export const ministrySchema = z
  .object({
    title: requiredText("Title is required", 150),
    slug: z.string(),
    slug_auto: checkbox(),
    short_description: requiredText("Short description is required", 300),
    full_description: requiredText("Full description is required", 20_000),
    sort_order: z
      .string()
      .trim()
      .min(1, "Sort order is required")
      .regex(/^-?\d{1,6}$/, SORT_ORDER_NOT_A_NUMBER)
      .transform(Number),
    image_alt: optionalText(200),
    active: checkbox(),
  })
  .superRefine(checkFormSlug("Slug is required"));
