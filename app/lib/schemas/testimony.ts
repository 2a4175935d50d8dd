import { z } from "zod";
import { TESTIMONY_CONTENT_MIN_LENGTH } from "~/lib/constants";
import { checkbox, optionalText } from "~/lib/forms";

/** SPEC section 5 Testimony: author at least 1 character, content at least 10, role optional, active default true. */
export const testimonySchema = z.object({
  author: z.string().trim().min(1, "Author name is required").max(120, "Please keep the name under 120 characters"),
  role: optionalText(120),
  content: z
    .string()
    .trim()
    .min(TESTIMONY_CONTENT_MIN_LENGTH, `Content must be at least ${TESTIMONY_CONTENT_MIN_LENGTH} characters`)
    .max(5000, "Please keep the testimony under 5000 characters"),
  active: checkbox(),
});
