// The blog form (SPEC sections 2 and 5): title, slug, author, date, excerpt and content are
// required; category and image optional. The date is a calendar date as the date input sends it
// (the date the post shows). Publishing (issue 15): publish now, save as a draft, or schedule for
// a Malawi date and time that has not passed yet.
import { isValid, parse } from "date-fns";
import { z } from "zod";
import { POST_STATUSES, SCHEDULE_FORMAT, type PostStatus } from "~/features/publishing/post-status";
import { formatInSiteZone } from "~/lib/time";
import { ALWAYS, optionalId, optionalText, requiredText } from "../../lib/schema-fields";
import { localDateTimeToIso } from "../../lib/date-time-field";
import { staleSaveMessage } from "~/features/history";
import { checkFormSlug, slugFields } from "./slug-form";

export const BLOG_DATE_INVALID = "Please enter a real date, for example 2026-03-05";
export const BLOG_CATEGORY_UNKNOWN = "That category no longer exists. Please choose another one.";

/** A calendar date as the date input sends it (YYYY-MM-DD), and one that exists (no 30 February). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2200 && isValid(parse(value, "yyyy-MM-dd", new Date(2000, 0, 1)));
}

/** The radio group above the button: a new post starts at 'Publish now'. */
export const PUBLISHING_CHOICES: { value: PostStatus; label: string }[] = [
  { value: "published", label: "Publish now" },
  { value: "draft", label: "Save as draft" },
  { value: "scheduled", label: "Schedule" },
];

export const PUBLISHING_MESSAGES = {
  statusUnknown: "Please choose Publish now, Save as draft or Schedule",
  timeRequired: "Please choose the date and time to publish it",
  timeInvalid: "Please enter a real date and time, for example 2026-12-07 06:00",
  timePast: "That time has already passed. Please choose a later time, or publish it now.",
  /** What is offered beside a time that has passed: it chooses 'Publish now'. */
  publishNow: "Publish now instead",
  draft: "Saved as a draft",
} as const;

/** A scheduled post needs a time, and one still to come. */
function checkSchedule(post: { status?: PostStatus; publish_at?: string }, ctx: z.RefinementCtx) {
  if (post.status !== "scheduled") return;
  const at = localDateTimeToIso(post.publish_at);
  if (!post.publish_at) ctx.addIssue({ code: "custom", path: ["publish_at"], message: PUBLISHING_MESSAGES.timeRequired });
  else if (at && at <= new Date().toISOString()) ctx.addIssue({ code: "custom", path: ["publish_at"], message: PUBLISHING_MESSAGES.timePast });
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
    status: z.enum(POST_STATUSES, { error: PUBLISHING_MESSAGES.statusUnknown }),
    /** When a scheduled post goes live: a datetime-local value in Malawi time (hidden unless 'Schedule'). */
    publish_at: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || localDateTimeToIso(value) !== null, PUBLISHING_MESSAGES.timeInvalid),
  })
  .superRefine(checkFormSlug("Slug is required"), ALWAYS)
  .superRefine(checkSchedule, ALWAYS);

/** What a save stores about publishing: the status and, for a scheduled post, when it goes live (UTC). */
export function publishingOf({ status, publish_at }: { status: PostStatus; publish_at?: string }): { status: PostStatus; publish_at: string | null } {
  return { status, publish_at: status === "scheduled" ? localDateTimeToIso(publish_at) : null };
}

/** The saved toast's description: "Saved as a draft", "Scheduled for Sunday 7 December, 6:00 AM"; nothing for a publish (the spec's toast). */
export function describePublishing({ status, publish_at, date }: { status: PostStatus; publish_at: string | null; date?: string | null }): string | undefined {
  if (status === "draft") return PUBLISHING_MESSAGES.draft;
  if (status !== "scheduled") return undefined;
  const scheduled = `Scheduled for ${formatInSiteZone(publish_at, SCHEDULE_FORMAT)}`;
  // The lists show (and order posts by) the Publication Date: one before the day it goes live makes it look old then.
  const liveDay = formatInSiteZone(publish_at, "yyyy-MM-dd");
  if (!date || !liveDay || date >= liveDay) return scheduled;
  return `${scheduled}. Its Publication Date, ${formatInSiteZone(`${date}T12:00:00.000Z`, "MMMM d, yyyy")}, is before that: change it to the day it goes live if the post should not look older then.`;
}

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
  stale: staleSaveMessage("this post", "Update Blog"),
  versionOfDeleted: "This blog post has been deleted, so its earlier versions can no longer be restored.",
} as const;
