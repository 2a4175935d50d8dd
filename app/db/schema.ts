// The D1 schema. Table and column names follow SPEC section 3 so the spec reads straight onto the
// database. `drizzle-kit generate` turns changes here into SQL migrations under drizzle/.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ADMIN_ROLES, DOOR_ACTION_KINDS, POST_STATUSES, REGISTRATION_NOTIFICATIONS, REGISTRATION_STATUSES } from "../lib/stored-choices";

/** ISO-8601 UTC with milliseconds, e.g. 2026-11-22T15:04:05.123Z: sorts as text, parses in JS. */
const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const timestamps = {
  created_at: text("created_at").notNull().default(nowIso),
  updated_at: text("updated_at").notNull().default(nowIso),
};

/**
 * For records whose saves are kept in `history` (posts, ministries): `version` grows with each
 * save, so a save from a form opened before someone else's is refused rather than overwriting it,
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
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
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
    /** 'registrant' (from the private link) or the staff member's e-mail. */
    cancelled_by: text("cancelled_by"),
    checked_in_at: text("checked_in_at"),
    checked_in_by: text("checked_in_by"),
    /** Let in at the door although not confirmed (waitlisted or cancelled). */
    admitted_unconfirmed: integer("admitted_unconfirmed", { mode: "boolean" }).notNull().default(false),
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
    email: text("email").notNull(),
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
 * Every e-mail the site sends, one row per recipient: written in the same batch as whatever causes
 * it (a contact message, a subscription, a newsletter's Send), as intent (kind, recipient, about_id:
 * no text), rendered and sent afterwards (after the response,
 * from the queue, or by the outbox cron) and kept so admins can see what went out (/admin/outbox).
 * status: queued (waiting; not before next_attempt_at), sending (claimed by a sender at claimed_at),
 * sent, or failed (last_error says why; next_attempt_at, when set, is the automatic retry).
 */
export const email_outbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What the message is (app/features/messaging/email-kinds.ts), e.g. contact-notification, newsletter. */
    kind: text("kind").notNull(),
    /** How it goes out: 'email' (the only one sent so far; an SMS of the same row may follow). */
    channel: text("channel").notNull().default("email"),
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
  ...timestamps,
});

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
  },
  (t) => [index("associations_active_region_idx").on(t.active, t.region, t.name)],
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
