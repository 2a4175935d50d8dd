// The D1 schema. Table and column names follow SPEC section 3 so the spec reads straight onto the
// database. `drizzle-kit generate` turns changes here into SQL migrations under drizzle/.
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ADMIN_ROLES,
  DOOR_ACTION_KINDS,
  EVENT_REMINDERS,
  GROUP_MODES,
  OUTBOX_CHANNELS,
  PAYMENT_KINDS,
  PAYMENT_OPERATORS,
  PAYMENT_STATES,
  PAYMENT_STATUSES,
  POST_STATUSES,
  QUESTION_KINDS,
  REGISTRATION_NOTIFICATIONS,
  REGISTRATION_STATUSES,
} from "../lib/stored-choices";

/** ISO-8601 UTC with milliseconds, e.g. 2026-11-22T15:04:05.123Z: sorts as text, parses in JS. */
const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const timestamps = {
  created_at: text("created_at").notNull().default(nowIso),
  updated_at: text("updated_at").notNull().default(nowIso),
};

/**
 * For records staff edit in a form (posts, ministries, whose saves are also kept in `history`;
 * events, testimonies, leadership members, associations): `version` grows with each save of the
 * form, so a save from a form opened before someone else's is refused rather than overwriting it,
 * and `updated_by` says who saved last (null for rows from before it was kept).
 */
const saveTracking = {
  version: integer("version").notNull().default(1),
  updated_by: text("updated_by"),
};

export const ministries = sqliteTable(
  "ministries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    short_description: text("short_description").notNull(),
    full_description: text("full_description").notNull(),
    image_url: text("image_url"),
    image_alt: text("image_alt"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    sort_order: integer("sort_order").notNull().default(0),
    ...timestamps,
    ...saveTracking,
  },
  (t) => [index("ministries_active_sort_idx").on(t.active, t.sort_order)],
);

export const churchevents = sqliteTable(
  "churchevents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** The start as an ISO-8601 UTC instant, or null when the date is not set yet. */
    date: text("date"),
    /** The end as an ISO-8601 UTC instant, after the start; null when it is not known (decision 051). */
    ends_at: text("ends_at"),
    location: text("location"),
    description: text("description"),
    image_url: text("image_url"),
    image_alt: text("image_alt"),
    registration_enabled: integer("registration_enabled", { mode: "boolean" }).notNull().default(true),
    /** How many people can have a confirmed place; null means no limit. */
    capacity: integer("capacity"),
    /** When full, new registrations join a waiting list (true) or are refused (false). */
    waitlist_enabled: integer("waitlist_enabled", { mode: "boolean" }).notNull().default(true),
    /** When registration closes, as an ISO-8601 UTC instant; null: when the event starts. */
    registration_closes_at: text("registration_closes_at"),
    /**
     * What the events address (settings) hears of registrations made on the website: nothing, an
     * e-mail for each one, or a daily summary (app/features/events/registration-notifications.ts).
     */
    registration_notifications: text("registration_notifications", { enum: REGISTRATION_NOTIFICATIONS }).notNull().default("none"),
    /** The end of the time the last daily summary covered: the next covers registrations from then. */
    registration_summary_until: text("registration_summary_until"),
    /** The fee in whole kwacha; null or 0: free (app/features/payments, decision 021). */
    price: integer("price"),
    /** Hours an unpaid registration keeps its place before it is cancelled ("not paid"); null: never released. */
    payment_hold_hours: integer("payment_hold_hours"),
    /**
     * When "Hours to pay" were last set or changed on the saved event: no man's time to pay runs from
     * before it (payBySql, decision 021). Null: as they were when the event was made.
     */
    payment_hold_since: text("payment_hold_since"),
    /** When confirmed registrants are reminded by SMS and e-mail (issue 24): none, day_before or two_hours. */
    reminder: text("reminder", { enum: EVENT_REMINDERS }).notNull().default("day_before"),
    /** The event date the last reminder was written for: a reminder goes once, and again only if the date moves. */
    reminder_sent_for: text("reminder_sent_for"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
    ...saveTracking,
  },
  (t) => [
    index("churchevents_active_date_idx").on(t.active, t.date),
    index("churchevents_date_idx").on(t.date),
  ],
);

export const church_testimonies = sqliteTable(
  "church_testimonies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    content: text("content").notNull(),
    author: text("author").notNull(),
    role: text("role"),
    image_url: text("image_url"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
    ...saveTracking,
  },
  (t) => [
    index("church_testimonies_active_created_idx").on(t.active, t.created_at),
    index("church_testimonies_created_idx").on(t.created_at),
  ],
);

export const leadership_positions = sqliteTable(
  "leadership_positions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** 'nec' or 'regional'; anything else reads as unknown. */
    type: text("type").notNull(),
    rank: integer("rank").notNull(),
    ...timestamps,
  },
  (t) => [index("leadership_positions_rank_idx").on(t.rank)],
);

export const leadership_members = sqliteTable(
  "leadership_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    full_name: text("full_name").notNull(),
    title: text("title"),
    bio: text("bio"),
    email: text("email"),
    phone: text("phone"),
    image_url: text("image_url"),
    region: text("region"),
    /** A member whose position is removed stays, reading as 'Unknown Position'. */
    position_id: integer("position_id").references(() => leadership_positions.id, { onDelete: "set null" }),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
    ...saveTracking,
  },
  (t) => [
    index("leadership_members_active_idx").on(t.active),
    index("leadership_members_position_idx").on(t.position_id),
  ],
);

export const blog_categories = sqliteTable("blog_categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
});

export const churchblogs = sqliteTable(
  "churchblogs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** Publication date as YYYY-MM-DD (a calendar date in Malawi, not an instant). */
    date: text("date").notNull(),
    author: text("author").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    image_url: text("image_url"),
    image_alt: text("image_alt"),
    category_id: integer("category_id").references(() => blog_categories.id, { onDelete: "set null" }),
    /** 'published', 'draft' or 'scheduled' (app/features/publishing/post-status.ts); rows from before drafts existed are published. */
    status: text("status", { enum: POST_STATUSES }).notNull().default("published"),
    /** An ISO-8601 UTC instant: when a scheduled post goes live, or when a published one went live; null for a draft. */
    publish_at: text("publish_at"),
    ...timestamps,
    ...saveTracking,
  },
  (t) => [
    index("churchblogs_date_idx").on(t.date),
    index("churchblogs_created_idx").on(t.created_at),
    index("churchblogs_category_idx").on(t.category_id),
  ],
);

export { REGISTRATION_STATUSES };
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const event_registrations = sqliteTable(
  "event_registrations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    event_id: integer("event_id")
      .notNull()
      .references(() => churchevents.id, { onDelete: "cascade" }),
    full_name: text("full_name").notNull(),
    /** In international form (+265991234567), or as typed when it could not be read as a number. */
    phone_number: text("phone_number").notNull(),
    email: text("email"),
    /**
     * The phone number that may register only once per event (while not cancelled); null for a
     * second person sharing a family phone, added by staff at the desk.
     */
    dedupe_key: text("dedupe_key"),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull().default("confirmed"),
    /** The reference code people quote: 6 characters of REGISTRATION_CODE_ALPHABET, unique per event. */
    code: text("code").notNull(),
    /** The secret of the private link /registrations/{token}: 128 random bits, base64url. */
    token: text("token").notNull(),
    /** The island's random id for one attempt: a retry after a lost reply gets the first answer. */
    request_id: text("request_id"),
    /** 'public' (the site's form) or 'desk' (added by staff, who is in added_by). */
    source: text("source", { enum: ["public", "desk"] }).notNull().default("public"),
    added_by: text("added_by"),
    /** Staff chose to add this person although the event was full. */
    over_capacity: integer("over_capacity", { mode: "boolean" }).notNull().default(false),
    /** The waiting list's order: when the person (last) joined it. */
    queued_at: text("queued_at").notNull().default(nowIso),
    /** Moved up from the waiting list; told_at: staff have told them (null: not told yet). */
    promoted_at: text("promoted_at"),
    told_at: text("told_at"),
    cancelled_at: text("cancelled_at"),
    /** Restored at the desk after a cancellation: its "Hours to pay" run from then (payBySql). */
    restored_at: text("restored_at"),
    /** 'registrant' (from the private link) or the staff member's e-mail. */
    cancelled_by: text("cancelled_by"),
    /** Why it was cancelled when not one by one: "not paid" (the payment hold ran out), "burst" (staff's "Cancel a burst"). */
    cancel_reason: text("cancel_reason"),
    /** Where the fee stands (events with a price): unpaid, paid online, cash, waived or refunded. */
    payment_status: text("payment_status", { enum: PAYMENT_STATES }).notNull().default("unpaid"),
    checked_in_at: text("checked_in_at"),
    checked_in_by: text("checked_in_by"),
    /** Let in at the door although not confirmed (waitlisted or cancelled). */
    admitted_unconfirmed: integer("admitted_unconfirmed", { mode: "boolean" }).notNull().default(false),
    /** The group a leader registered this person in (registration_groups), or null. */
    group_id: integer("group_id"),
    /** The registrant pressed "Stop SMS about this event" on the private page: no SMS about it from then on. */
    sms_stopped_at: text("sms_stopped_at"),
    /**
     * Which network the registration came from, as a keyed hash (8 hex characters) of the client
     * address's /24 (IPv4) or /48 (IPv6), never the address itself (app/server/abuse.server.ts):
     * lets staff cancel a burst from one network. Null for staff's additions and older registrations.
     */
    address_group: text("address_group"),
    created_at: text("created_at").notNull().default(nowIso),
    updated_at: text("updated_at").notNull().default(nowIso),
  },
  (t) => [
    index("event_registrations_event_created_idx").on(t.event_id, t.created_at),
    index("event_registrations_event_status_idx").on(t.event_id, t.status, t.queued_at),
    uniqueIndex("event_registrations_token_idx").on(t.token),
    uniqueIndex("event_registrations_event_code_idx").on(t.event_id, t.code),
    uniqueIndex("event_registrations_event_phone_idx")
      .on(t.event_id, t.dedupe_key)
      .where(sql`status <> 'cancelled'`),
  ],
);

export const contact_messages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    full_name: text("full_name").notNull(),
    /** At least one of the e-mail address and the phone number (a visitor without e-mail gives a phone). */
    email: text("email"),
    /** As typed into the form's Phone Number, in international form when it is a possible number. */
    phone_number: text("phone_number"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    read_at: text("read_at"),
    created_at: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("contact_messages_created_idx").on(t.created_at)],
);

export const newsletter_subscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Stored lower-cased, so one address is one subscriber. */
  email: text("email").notNull().unique(),
  created_at: text("created_at").notNull().default(nowIso),
  /**
   * When the address confirmed through the link e-mailed to it (double opt-in); null until then.
   * Newsletters go to confirmed addresses only. Subscribers from before double opt-in count as
   * confirmed (the migration set it to when they subscribed).
   */
  confirmed_at: text("confirmed_at"),
  /** The link of the latest confirmation e-mail; a new e-mail (at most one a day) gets a new one. */
  confirm_token: text("confirm_token").unique(),
  /** When the latest confirmation e-mail was written: its link lasts 7 days, and the next waits 24 hours. */
  confirm_sent_at: text("confirm_sent_at"),
  /** In every newsletter's unsubscribe link. */
  unsubscribe_token: text("unsubscribe_token").unique(),
  /** When the e-mail provider refused the address (it bounced or complained): newsletters skip it. */
  suppressed_at: text("suppressed_at"),
});

export { ADMIN_ROLES };
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * Every newsletter sent from /admin/newsletter: what the composer held, and the e-mail as sent, with
 * UNSUBSCRIBE_PLACEHOLDER where each reader's own unsubscribe link goes. Each recipient is one row of
 * email_outbox (`newsletter_id`), snapshotted when Send was pressed.
 */
export const newsletters = sqliteTable("newsletters", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /**
   * Made when the composer was opened and posted with Send: a second press (a double click, a
   * resubmitted form) finds the newsletter already there and sends nothing more. The deliveries'
   * snapshot finds its newsletter by it within the same batch.
   */
  send_key: text("send_key").notNull().unique(),
  subject: text("subject").notNull(),
  intro: text("intro").notNull(),
  /** The posts and events chosen, as the e-mail shows them (JSON). */
  items: text("items").notNull(),
  body_text: text("body_text").notNull(),
  body_html: text("body_html").notNull(),
  /** The admin who pressed Send. */
  sent_by: text("sent_by").notNull(),
  /** How many confirmed subscribers the send was snapshotted to. */
  recipients: integer("recipients").notNull(),
  created_at: text("created_at").notNull().default(nowIso),
});

/**
 * A message staff sent to an event's registrants by status (issue 24, /admin/events/{id}/message):
 * what they wrote, to whom and how, snapshotted into one outbox row per recipient and channel
 * (kind 'event-message', about_id this row) in the batch that writes it.
 */
export const event_messages = sqliteTable(
  "event_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Made when the composer showed its preview: a second Send of the same preview sends nothing more. */
    send_key: text("send_key").notNull().unique(),
    event_id: integer("event_id")
      .notNull()
      .references(() => churchevents.id, { onDelete: "cascade" }),
    /** confirmed, waitlisted, checked_in, not_checked_in or everyone (app/lib/stored-choices.ts). */
    audience: text("audience").notNull(),
    /** sms, email or both. */
    channel: text("channel").notNull(),
    body: text("body").notNull(),
    urgent: integer("urgent", { mode: "boolean" }).notNull().default(false),
    sent_by: text("sent_by").notNull(),
    /** How many outbox rows the send wrote. */
    recipients: integer("recipients").notNull(),
    created_at: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("event_messages_event_idx").on(t.event_id, t.id)],
);

/**
 * Every e-mail the site sends, one row per recipient: written in the same batch as whatever causes
 * it (a contact message, a subscription, a newsletter's Send), as intent (kind, recipient, about_id:
 * no text), rendered and sent afterwards (after the response,
 * from the queue, or by the outbox cron) and kept so admins can see what went out (/admin/outbox).
 * status: queued (waiting; not before next_attempt_at), sending (claimed by a sender at claimed_at;
 * next_attempt_at null once it is handed to the provider, decision 028), sent, or failed
 * (last_error says why; next_attempt_at, when set, is the automatic retry).
 */
export const email_outbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What the message is (app/features/messaging/email-kinds.ts), e.g. contact-notification, newsletter. */
    kind: text("kind").notNull(),
    /** How it goes out: 'email', or 'sms' to a phone number (issue 24, decision 022). */
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull().default("email"),
    /** An SMS staff marked urgent: sent at night too (others wait for 07:00 in Malawi). */
    urgent: integer("urgent", { mode: "boolean" }).notNull().default(false),
    recipient: text("recipient").notNull(),
    /**
     * What the message is about: the id of a stored row, which table by `kind` (a registration,
     * a contact message, a subscriber, a newsletter, an event for its daily summary). The text is
     * rendered from it when the message is sent (the kind's feature renders it).
     */
    about_id: integer("about_id"),
    /** Parameters that are not a row (JSON, small): a summary's period, an account change. */
    about: text("about"),
    /**
     * What was sent, stored when it is sent (or attempted): null until then, except for rows written
     * already rendered (before migration 0007, and a newsletter test), which are sent as stored.
     */
    from_name: text("from_name"),
    subject: text("subject"),
    /** The message itself; null for a newsletter delivery, whose body is its newsletter's. */
    body_text: text("body_text"),
    body_html: text("body_html"),
    reply_to: text("reply_to"),
    /** Extra headers (JSON object), only the kinds app/server/email checks allow. */
    headers: text("headers"),
    /** Attachments (JSON list of { filename, type, content } with text content, e.g. an .ics file). */
    attachments: text("attachments"),
    newsletter_id: integer("newsletter_id").references(() => newsletters.id, { onDelete: "cascade" }),
    /** A newsletter reader's own unsubscribe link (the body's and the List-Unsubscribe header's). */
    unsubscribe_url: text("unsubscribe_url"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    next_attempt_at: text("next_attempt_at").default(nowIso),
    claimed_at: text("claimed_at"),
    sent_at: text("sent_at"),
    /** The provider's Message-ID for a sent message. */
    provider_message_id: text("provider_message_id"),
    ...timestamps,
  },
  (t) => [
    index("email_outbox_status_next_idx").on(t.status, t.next_attempt_at),
    index("email_outbox_created_idx").on(t.created_at),
    index("email_outbox_newsletter_status_idx").on(t.newsletter_id, t.status),
    index("email_outbox_provider_message_idx").on(t.provider_message_id),
    // What was sent about a record (a registration's "A place opened", for the desk's "told").
    index("email_outbox_about_idx").on(t.about_id, t.kind),
    index("email_outbox_kind_about_idx").on(t.kind, t.about_id),
  ],
);

export const admin_users = sqliteTable("admin_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Stored lower-cased. */
  email: text("email").notNull().unique(),
  /** Administrator, editor or door volunteer (app/features/accounts/roles.ts says what each may do). */
  role: text("role", { enum: ADMIN_ROLES }).notNull().default("admin"),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`: algorithm and parameters travel with the hash. */
  password_hash: text("password_hash").notNull(),
  /** Part of every session token; bumping it signs the admin out everywhere. */
  session_version: integer("session_version").notNull().default(1),
  last_login_at: text("last_login_at"),
  /**
   * The authenticator app's shared secret (RFC 6238), encrypted with a key derived from
   * SESSION_SECRET (app/features/accounts/secret-box.server.ts); null when two-step sign-in is off.
   */
  totp_secret: text("totp_secret"),
  /** The last 30-second step whose code was accepted: a code is never accepted twice. */
  totp_last_step: integer("totp_last_step").notNull().default(0),
  ...timestamps,
});

/** One-time recovery codes of two-step sign-in, stored as SHA-256 hashes; a used one is deleted. */
export const admin_recovery_codes = sqliteTable(
  "admin_recovery_codes",
  {
    admin_id: integer("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.admin_id, t.code_hash] })],
);

/**
 * Signed-in sessions, one row per sign-in: what the sessions list shows, and what "Sign out" ends.
 * A session token names its row (`sid`); a token whose row is ended or gone is refused.
 */
export const admin_sessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    admin_id: integer("admin_id")
      .notNull()
      .references(() => admin_users.id, { onDelete: "cascade" }),
    created_at: text("created_at").notNull().default(nowIso),
    last_seen_at: text("last_seen_at").notNull().default(nowIso),
    /** The browser's User-Agent, cut to 200 characters, for "Chrome on Android". */
    user_agent: text("user_agent").notNull().default(""),
    address: text("address"),
    /** Where the address is, as Cloudflare says (city, country); null locally. */
    place: text("place"),
    ended_at: text("ended_at"),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.admin_id, t.ended_at)],
);

/**
 * Who did what, and when: every admin write, sign-ins (and failed ones) and sign-outs, account
 * changes, every export of personal data, and every page or API a role was refused. Nothing on the site edits it; a daily job deletes
 * rows older than 13 months.
 */
export const activity_log = sqliteTable(
  "activity_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull().default(nowIso),
    /** The admin's e-mail as it was then (kept when the account is removed); for a failed sign-in, the e-mail tried. */
    actor: text("actor").notNull(),
    kind: text("kind", { enum: ["write", "sign-in", "sign-in-failed", "sign-out", "account", "export", "refused"] }).notNull(),
    /** What was done, e.g. 'Updated event', 'Checked in', 'Exported registrations (CSV)'. */
    action: text("action").notNull(),
    /** Which record, e.g. 'event 4 “Lake Malawi Men's Retreat”'; empty when none. */
    target: text("target").notNull().default(""),
    /** A short summary of the change (the fields changed, the new role...). */
    summary: text("summary").notNull().default(""),
    /** The client's address (sign-ins). */
    address: text("address"),
  },
  (t) => [index("activity_log_at_idx").on(t.at), index("activity_log_actor_at_idx").on(t.actor, t.at), index("activity_log_kind_at_idx").on(t.kind, t.at)],
);

/**
 * A form an admin sent after their session had ended, or to a record deleted meanwhile
 * (app/features/accounts/unsaved-forms.server.ts): what they typed, kept for the browser that sent it (its cookie holds the id) until they sign in
 * and save it or discard it. A daily job deletes rows older than a day.
 */
export const unsaved_forms = sqliteTable(
  "unsaved_forms",
  {
    /** A random id, the value of the browser's cookie. */
    id: text("id").primaryKey(),
    /** The admin it is kept for (their e-mail): only they are shown it. */
    owner: text("owner").notNull(),
    /** The page the form was sent to (its path and query). */
    path: text("path").notNull(),
    /** The form's text fields as JSON, [[name, value], ...] in their order. */
    fields: text("fields").notNull(),
    /** Why it was not saved: the session had ended, or the record was deleted while it was being edited (then `path` is the form for a new one). */
    reason: text("reason", { enum: ["signed-out", "deleted"] }).notNull().default("signed-out"),
    /** Whether a picture was lost: one chosen in the form (not kept), or a deleted record's upload. */
    had_file: integer("had_file", { mode: "boolean" }).notNull().default(false),
    created_at: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("unsaved_forms_created_idx").on(t.created_at)],
);

/** Fixed-window counters for rate limits, keyed by purpose and client (e.g. `login-ip:1.2.3.4`). */
export const rate_limits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  window_start: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Small key/value facts about the site, e.g. the content version that keys the edge cache. */
export const site_meta = sqliteTable("site_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * What the ministry's staff set for the whole site, one row per section of /admin/settings and of
 * the editable page copy (organisation, contact, social, hero, conference, about, mission). `value`
 * is the section as JSON, checked by its form's schema when read; a missing or unreadable row
 * reads as the defaults (app/content). `version` grows with each save: a save from a form opened
 * before someone else's is refused rather than silently overwriting it.
 */
export const site_settings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  version: integer("version").notNull().default(1),
  updated_at: text("updated_at").notNull().default(nowIso),
  /** The e-mail of the admin who saved it last; null for the defaults loaded at setup. */
  updated_by: text("updated_by"),
});

/**
 * Earlier versions of what staff edit (issue 15): each save of a post, a ministry or a page's copy
 * keeps the version it replaces here, the last HISTORY_KEPT of each record. A version is its
 * form's fields as JSON (not whether visitors see it: restoring never publishes or hides anything).
 */
export const history = sqliteTable(
  "history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** 'blog', 'ministry' or 'page'. */
    entity: text("entity").notNull(),
    /** Which one: the record's id, or the page section's key ('about'). */
    record_key: text("record_key").notNull(),
    data: text("data").notNull(),
    /** The version's picture, which is not deleted while this row exists. */
    image_url: text("image_url"),
    /** When and by whom this version was saved (by: null for versions from before it was kept). */
    saved_at: text("saved_at").notNull(),
    saved_by: text("saved_by"),
  },
  (t) => [index("history_record_idx").on(t.entity, t.record_key, t.id), index("history_image_idx").on(t.image_url)],
);

/**
 * The associations directory (issue 25): where men meet near them. A region is plain text: the three
 * of Malawi (ASSOCIATION_REGIONS in app/features/associations) come first, and staff add any other by
 * typing it (docs/decisions/020-associations.md).
 */
export const associations = sqliteTable(
  "associations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    region: text("region").notNull(),
    district: text("district").notNull(),
    contact_name: text("contact_name"),
    /** As typed; the page normalises it (+265) for its call and WhatsApp links. */
    contact_phone: text("contact_phone"),
    /** Free text: "Saturdays 2 pm, Area 25 Baptist Church". */
    meeting: text("meeting"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
    ...saveTracking,
  },
  (t) => [index("associations_active_region_idx").on(t.active, t.region, t.name)],
);

/**
 * An event's registration questions (issue 25, part 2; docs/decisions/023-questions-and-groups.md).
 * A removed question keeps its row (removed_at), so answers never lose what they answered.
 * `choices`: the choice type's list as a JSON array of strings.
 */
export const event_questions = sqliteTable(
  "event_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    event_id: integer("event_id")
      .notNull()
      .references(() => churchevents.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUESTION_KINDS }).notNull(),
    label: text("label").notNull(),
    choices: text("choices"),
    required: integer("required", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    removed_at: text("removed_at"),
    ...timestamps,
  },
  (t) => [index("event_questions_event_idx").on(t.event_id, t.position)],
);

/**
 * One answer of one registration: the question's id and its label as it was asked (a snapshot, so
 * the export keeps a removed or renamed question's answers). For the Association question, the
 * association's id too (null for "Other / not listed"), for the counts by association and region.
 */
export const registration_answers = sqliteTable(
  "registration_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    registration_id: integer("registration_id")
      .notNull()
      .references(() => event_registrations.id, { onDelete: "cascade" }),
    event_id: integer("event_id").notNull(),
    question_id: integer("question_id").notNull(),
    label: text("label").notNull(),
    value: text("value").notNull(),
    association_id: integer("association_id"),
  },
  (t) => [
    uniqueIndex("registration_answers_registration_question_idx").on(t.registration_id, t.question_id),
    index("registration_answers_event_question_idx").on(t.event_id, t.question_id),
  ],
);

/**
 * A group registered at once by its leader (issue 25, part 4): his private page /groups/{token}
 * lists every man's code. The men are ordinary registrations with group_id set.
 */
export const registration_groups = sqliteTable(
  "registration_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    event_id: integer("event_id")
      .notNull()
      .references(() => churchevents.id, { onDelete: "cascade" }),
    leader_name: text("leader_name").notNull(),
    leader_phone: text("leader_phone").notNull(),
    leader_email: text("leader_email"),
    mode: text("mode", { enum: GROUP_MODES }).notNull(),
    /** The secret of the leader's private page: 128 random bits, base64url. */
    token: text("token").notNull(),
    cancelled_at: text("cancelled_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("registration_groups_token_idx").on(t.token), index("registration_groups_event_idx").on(t.event_id)],
);

/**
 * Money in and out (app/features/payments, decision 021): an online payment through the provider
 * (pending until its verify call confirms it), cash taken at the desk or door, a fee waived, a
 * refund. Amounts are whole kwacha. Each is for a registration or a gift.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Ours, sent to the provider as its charge id: unique, so one charge is one row. */
    reference: text("reference").notNull(),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    registration_id: integer("registration_id").references(() => event_registrations.id, { onDelete: "set null" }),
    gift_id: integer("gift_id").references(() => gifts.id, { onDelete: "set null" }),
    event_id: integer("event_id").references(() => churchevents.id, { onDelete: "set null" }),
    /** What was asked (online) or taken (cash, refund); whole kwacha. */
    amount: integer("amount").notNull(),
    /** What the provider's verify call confirmed (online). */
    amount_received: integer("amount_received"),
    currency: text("currency").notNull().default("MWK"),
    /** 'paychangu', or 'simulator' in local runs; null for cash, waivers and refunds. */
    provider: text("provider"),
    operator: text("operator", { enum: PAYMENT_OPERATORS }),
    phone_number: text("phone_number"),
    /** The provider's own reference for the charge (shown to the payer with ours). */
    provider_reference: text("provider_reference"),
    /** Something is wrong that staff must look at (an amount that differs from what is owed). */
    flagged: integer("flagged", { mode: "boolean" }).notNull().default(false),
    flag_reason: text("flag_reason"),
    /** Paid for a registration that was already paid: staff should refund it. */
    refund_due: integer("refund_due", { mode: "boolean" }).notNull().default(false),
    /** A refund of one payment (the second of a man who paid twice), not of his fee: that payment's id. */
    refund_of: integer("refund_of").references((): AnySQLiteColumn => payments.id, { onDelete: "set null" }),
    /** The paper receipt's number (cash). */
    receipt_number: text("receipt_number"),
    /** The staff member's e-mail (cash, waivers, refunds). */
    recorded_by: text("recorded_by"),
    failure_reason: text("failure_reason"),
    paid_at: text("paid_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payments_reference_idx").on(t.reference),
    // One refund for each extra payment (NULLs, every other row, do not collide).
    uniqueIndex("payments_refund_of_idx").on(t.refund_of),
    index("payments_registration_idx").on(t.registration_id),
    index("payments_event_idx").on(t.event_id, t.kind, t.status),
    index("payments_paid_at_idx").on(t.status, t.paid_at),
  ],
);

/** A gift from /give: the fund, the giver (or anonymous), and the receipt number shown and e-mailed. */
export const gifts = sqliteTable(
  "gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    receipt_number: text("receipt_number").notNull(),
    amount: integer("amount").notNull(),
    fund: text("fund").notNull(),
    phone_number: text("phone_number").notNull(),
    donor_name: text("donor_name"),
    email: text("email"),
    anonymous: integer("anonymous", { mode: "boolean" }).notNull().default(false),
    /** The private link of the thank-you page: 128 random bits. */
    token: text("token").notNull(),
    /**
     * The network it was given from, as a keyed hash (decision 026; never the address): Give sent
     * twice is answered with the first gift's page only from the same network (decision 038).
     */
    address_group: text("address_group"),
    ...timestamps,
  },
  (t) => [uniqueIndex("gifts_receipt_idx").on(t.receipt_number), uniqueIndex("gifts_token_idx").on(t.token)],
);

/**
 * The local payment simulator's own record of the charges it was asked for, standing in for
 * PayChangu's side in dev, preview and tests (never used in production: decision 021).
 */
export const payment_simulator_charges = sqliteTable("payment_simulator_charges", {
  charge_id: text("charge_id").primaryKey(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull().default("MWK"),
  mobile: text("mobile").notNull(),
  operator_ref_id: text("operator_ref_id").notNull(),
  status: text("status", { enum: ["pending", "success", "failed"] }).notNull().default("pending"),
  ref_id: text("ref_id").notNull(),
  created_at: text("created_at").notNull().default(nowIso),
  completed_at: text("completed_at"),
});

/**
 * An event receiving registrations from the website at more than 10 times its usual rate
 * (docs/decisions/026-registration-bursts.md): written by the registration that tips it, at most one
 * per event in 6 hours (a guarded insert in that registration's batch), with what was counted then.
 * Every Administrator is e-mailed about it, and the dashboard shows it for a day.
 */
export const registration_bursts = sqliteTable(
  "registration_bursts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    event_id: integer("event_id")
      .notNull()
      .references(() => churchevents.id, { onDelete: "cascade" }),
    detected_at: text("detected_at").notNull(),
    /** Registrations from the website's form in the hour up to detected_at. */
    last_hour: integer("last_hour").notNull(),
    /** Registrations from the website's form in the 7 days before that hour (the usual rate is this / 168 an hour). */
    previous_week: integer("previous_week").notNull(),
    /** The registration that tipped it (its batch writes the e-mails by it). */
    registration_id: integer("registration_id").notNull(),
    /** When staff said the registrations were real people ("Dismiss" on the dashboard's card): the card is gone for everyone. */
    dismissed_at: text("dismissed_at"),
    /** The e-mail of the staff member who dismissed it. */
    dismissed_by: text("dismissed_by"),
  },
  (t) => [index("registration_bursts_event_detected_idx").on(t.event_id, t.detected_at), index("registration_bursts_detected_idx").on(t.detected_at)],
);

/**
 * The door's actions sent from a phone (issue 26, docs/decisions/024-offline-door.md): a check-in,
 * an "admit anyway" or a walk-in, taken offline and sent later, keyed by the id the phone made for
 * it. A resent action finds its row and changes nothing. `outcome` is what the first send did:
 * 'checked-in', 'already-checked-in' (someone else was first), 'walk-in' or 'not-found'.
 */
export const door_actions = sqliteTable(
  "door_actions",
  {
    id: text("id").primaryKey(),
    event_id: integer("event_id")
      .notNull()
      .references(() => churchevents.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DOOR_ACTION_KINDS }).notNull(),
    /** The person checked in, or the walk-in the action added (null when not found). */
    registration_id: integer("registration_id"),
    outcome: text("outcome").notNull(),
    /** When the volunteer tapped (the phone's clock, never later than received_at), and who. */
    done_at: text("done_at").notNull(),
    done_by: text("done_by").notNull(),
    received_at: text("received_at").notNull().default(nowIso),
  },
  (t) => [index("door_actions_event_idx").on(t.event_id)],
);
