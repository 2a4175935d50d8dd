// Who may use which part of the admin. One account has one role:
// - Administrator: everything, including accounts, settings, the activity log, the outbox and the
//   newsletter;
// - Editor: all content (ministries, blog, testimonies, leadership, events, associations, page copy), the
//   registrations and their exports, check-in, the contact inbox and post previews;
// - Door volunteer: check-in at the door (search, check in, add a walk-in) and the door list.
// The server checks every admin page, `.data` request and API against this table, once per area
// (app/features/accounts/admin-guard.server.ts, workers/api/index.ts); the navigation shows only what the
// role can use. A path not in the table is for Administrators only.
import type { AdminRole } from "~/db/schema";

export type { AdminRole };

export const ROLE_LABELS: Record<AdminRole, string> = {
  admin: "Administrator",
  editor: "Editor",
  volunteer: "Door volunteer",
};

export type AdminArea =
  | "dashboard"
  | "content"
  | "page-copy"
  | "registrations"
  | "door"
  | "inbox"
  | "account"
  | "settings"
  | "subscribers"
  | "activity"
  | "outbox"
  | "newsletter"
  | "other";

const EVERYONE: readonly AdminRole[] = ["admin", "editor", "volunteer"];
const STAFF: readonly AdminRole[] = ["admin", "editor"];
const ADMINISTRATORS: readonly AdminRole[] = ["admin"];

const ACCESS: Record<AdminArea, readonly AdminRole[]> = {
  dashboard: STAFF,
  content: STAFF,
  "page-copy": STAFF,
  registrations: STAFF,
  door: EVERYONE,
  inbox: STAFF,
  // Everyone may change their own password; managing other accounts is checked in the action.
  account: EVERYONE,
  settings: ADMINISTRATORS,
  subscribers: ADMINISTRATORS,
  activity: ADMINISTRATORS,
  outbox: ADMINISTRATORS,
  newsletter: ADMINISTRATORS,
  other: ADMINISTRATORS,
};

/** Admin pages (under /admin) and admin APIs (under /api/admin), matched in order. */
const AREAS: [RegExp, AdminArea][] = [
  [/^\/admin\/?$/, "dashboard"],
  [/^\/admin\/(leadership|ministries|blogs|testimonies|associations)(\/|$)/, "content"],
  [/^\/admin\/events(\/(new|edit)(\/|$)|\/?$)/, "content"],
  [/^\/admin\/events\/registrations(\/|$)/, "registrations"],
  // A message to an event's registrants by SMS or e-mail (issue 24): staff only, never the door.
  [/^\/admin\/events\/\d+\/message\/?$/, "registrations"],
  [/^\/admin\/events\/\d+\/(check-in|door-list)\/?$/, "door"],
  [/^\/admin\/check-in\/?$/, "door"],
  [/^\/admin\/pages\/?$/, "page-copy"],
  [/^\/admin\/messages\/?$/, "inbox"],
  [/^\/admin\/account(\/(two-step|sessions|unsaved))?\/?$/, "account"],
  [/^\/admin\/settings\/?$/, "settings"],
  [/^\/admin\/subscribers\/?$/, "subscribers"],
  [/^\/admin\/activity\/?$/, "activity"],
  [/^\/admin\/outbox(\/|$)/, "outbox"],
  [/^\/admin\/newsletter(\/|$)/, "newsletter"],
  [/^\/api\/admin\/me$/, "account"],
  [/^\/api\/admin\/images\/?$/, "content"],
  [/^\/api\/admin\/events\/\d+\/(registrations\.csv|contacts\.vcf)$/, "registrations"],
  [/^\/api\/admin\/events\/\d+\/check-in$/, "door"],
  [/^\/api\/admin\/events\/\d+\/(door-list|door-actions)$/, "door"],
  [/^\/api\/admin\/subscribers\.csv$/, "subscribers"],
];

/** The area of an admin page or API path (React Router's `.data` requests included). */
export function adminAreaOf(pathname: string): AdminArea {
  const path = pathname.replace(/\.data$/, "").replace(/\/_root$/, "");
  return AREAS.find(([pattern]) => pattern.test(path))?.[1] ?? "other";
}

/** What a refusal (403) carries for its page: the role's name, and where that role's work is. */
export type Forbidden = { forbidden: true; role: string; home: string };

export function canUse(role: AdminRole, area: AdminArea): boolean {
  return ACCESS[area].includes(role);
}

/** Where a role starts after signing in (a volunteer's /admin leads to the door). */
export function homeOf(role: AdminRole): string {
  return role === "volunteer" ? "/admin/check-in" : "/admin";
}
