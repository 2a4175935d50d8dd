// A blog post's publishing status (issue 15): a draft only staff see, a post scheduled for a
// minute in Malawi, or a published one. Visitors see a post when it is published or its scheduled
// time has come; staff see the same: a scheduled post whose time has come reads as published.
import { POST_STATUSES } from "../../lib/stored-choices";
import { formatInSiteZone } from "../../lib/time";

export { POST_STATUSES };
export type PostStatus = (typeof POST_STATUSES)[number];

/** "Sunday 7 December, 6:00 AM" in Malawi time: when a scheduled post goes live. */
export const SCHEDULE_FORMAT = "EEEE d MMMM, h:mm a";

/** The status badge's words: 'Draft', 'Scheduled for Sunday 7 December, 6:00 AM' or 'Published'. */
export function statusLabel(state: PostStatus, publishAt: string | null): string {
  if (state === "draft") return "Draft";
  if (state === "scheduled") return `Scheduled for ${formatInSiteZone(publishAt, SCHEDULE_FORMAT) ?? "a time not set"}`;
  return "Published";
}
