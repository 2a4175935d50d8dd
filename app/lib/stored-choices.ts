// The values some columns may hold, named once for the schema (app/db/schema.ts) and for the forms
// and pages that offer them; a plain module, so the browser can have them without the schema.

/** A blog post's publishing status (features/publishing/post-status.ts). */
export const POST_STATUSES = ["published", "draft", "scheduled"] as const;

/** What the events address hears of an event's registrations (features/events/registration-notifications.ts). */
export const REGISTRATION_NOTIFICATIONS = ["none", "each", "daily"] as const;

/** Where a registration stands. */
export const REGISTRATION_STATUSES = ["confirmed", "waitlisted", "cancelled"] as const;

/** An account's role: Administrator, Editor or Door volunteer (features/accounts/roles.ts). */
export const ADMIN_ROLES = ["admin", "editor", "volunteer"] as const;

/** What a door action sent from a phone does (door_actions.kind; docs/decisions/024-offline-door.md). */
export const DOOR_ACTION_KINDS = ["checkin", "admit", "walk-in"] as const;
export type DoorActionKind = (typeof DOOR_ACTION_KINDS)[number];
