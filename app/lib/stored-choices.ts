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

/**
 * An event's registration question (features/events/event-questions.ts): short text, one choice
 * from a list, yes/no, and the two built-in ones staff switch on per event.
 */
export const QUESTION_KINDS = ["text", "choice", "yesno", "association", "church"] as const;

/** What a group's leader chose for the men who do not fit: register only if all fit, or the rest wait. */
export const GROUP_MODES = ["all-or-nothing", "rest-waitlisted"] as const;
/** Where a registration's fee stands (features/payments). */
export const PAYMENT_STATES = ["unpaid", "paid-online", "cash", "waived", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Whether the fee was paid, online or in cash, and not refunded (what a refund may give back). */
export const feePaid = (state: PaymentState | undefined) => state === "paid-online" || state === "cash";

/** What a payments row records: money paid online, cash taken, a fee waived, a refund. */
export const PAYMENT_KINDS = ["online", "cash", "waiver", "refund"] as const;

/** An online payment's state; cash, waivers and refunds are recorded 'paid'. */
export const PAYMENT_STATUSES = ["pending", "paid", "failed"] as const;

/** The mobile-money wallets PayChangu charges in Malawi. */
export const PAYMENT_OPERATORS = ["airtel", "tnm"] as const;
/** How an outbox row goes out (app/server/outbox.server.ts). */
export const OUTBOX_CHANNELS = ["email", "sms"] as const;

/** When an event's registrants are reminded (issue 24): not at all, the day before, or two hours before. */
export const EVENT_REMINDERS = ["none", "day_before", "two_hours"] as const;

/** Who a message to an event's registrants goes to (/admin/events/{id}/message). */
export const MESSAGE_AUDIENCES = ["confirmed", "waitlisted", "checked_in", "not_checked_in", "everyone"] as const;

/** How it goes: by SMS, by e-mail, or both. */
export const MESSAGE_CHANNELS = ["sms", "email", "both"] as const;
/** What a door action sent from a phone does (door_actions.kind; docs/decisions/024-offline-door.md). */
export const DOOR_ACTION_KINDS = ["checkin", "admit", "walk-in"] as const;
export type DoorActionKind = (typeof DOOR_ACTION_KINDS)[number];

/** event_registrations.cancel_reason when an unpaid place was released (the event's "Hours to pay" ran out). */
export const CANCELLED_NOT_PAID = "not paid";
