// The ministry form (SPEC sections 2 and 5): title, slug, both descriptions and sort order are
// required; active starts on.
import { z } from "zod";
import { ALWAYS, checkbox, optionalText, requiredText, wholeNumber } from "../../lib/schema-fields";
import { staleSaveMessage } from "~/features/history";
import { slugFields, checkFormSlug } from "./slug-form";

export const SORT_ORDER_NOT_A_NUMBER = "Sort order must be a whole number, for example 0, 1 or 2";

export const ministrySchema = z
  .object({
    title: requiredText("Title is required", 150),
    ...slugFields(),
    short_description: requiredText("Short description is required", 300),
    full_description: requiredText("Full description is required", 20_000),
    sort_order: wholeNumber({ required: "Sort order is required", invalid: SORT_ORDER_NOT_A_NUMBER }),
    image_alt: optionalText(200),
    active: checkbox(),
  })
  .superRefine(checkFormSlug("Slug is required"), ALWAYS);

export const MINISTRY_MESSAGES = {
  created: { title: "Ministry created successfully" },
  updated: { title: "Ministry updated successfully" },
  createFailed: "Failed to create ministry",
  updateFailed: "Failed to update ministry",
  deleted: { title: "Ministry deleted successfully" },
  deleteFailed: "Failed to delete ministry",
  uploadFailed: "Failed to upload image.",
  duplicate: { field: "slug", message: "This slug is already used by another ministry. Please choose a different one." },
  loadFailed: "Could not fetch ministry data",
  listFailed: "Failed to fetch ministries",
  stale: staleSaveMessage("this ministry", "Update Ministry"),
  versionOfDeleted: "This ministry has been deleted, so its earlier versions can no longer be restored.",
} as const;
