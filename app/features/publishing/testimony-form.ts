// The testimony form (SPEC sections 2 and 5): author at least 1 character, content at least 10,
// role optional, active by default.
import { z } from "zod";
import { TESTIMONY_CONTENT_MIN_LENGTH } from "~/lib/constants";
import { checkbox, optionalText, requiredText } from "../../lib/schema-fields";
import { staleSaveMessage } from "~/features/history";

export const testimonySchema = z.object({
  author: requiredText("Author name is required", 120, "Please keep the name under 120 characters"),
  role: optionalText(120),
  content: z
    .string({ error: `Content must be at least ${TESTIMONY_CONTENT_MIN_LENGTH} characters` })
    .trim()
    .min(TESTIMONY_CONTENT_MIN_LENGTH, `Content must be at least ${TESTIMONY_CONTENT_MIN_LENGTH} characters`)
    .max(5000, "Please keep the testimony under 5000 characters"),
  active: checkbox(),
});

export const TESTIMONY_MESSAGES = {
  stale: staleSaveMessage("this testimony", "Update Testimony", { keptInHistory: false }),
  created: { title: "Testimony created successfully" },
  updated: { title: "Testimony updated successfully" },
  createFailed: "Failed to create testimony",
  updateFailed: "Failed to update testimony",
  deleted: { title: "Testimony deleted successfully" },
  deleteFailed: "Failed to delete testimony",
  toggled: (active: boolean) => ({ title: active ? "Testimony activated successfully" : "Testimony deactivated successfully" }),
  toggleFailed: "Failed to update testimony status",
  loadFailed: "Failed to load testimony",
  listFailed: "Failed to load testimonies",
} as const;
