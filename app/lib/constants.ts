// Limits, timings and formats from SPEC section 9, named once so every module reads the same value.

/** The product's own name, for identifiers such as the calendar files' PRODID (what pages show is in the settings). */
export const SITE_NAME = "Baptist Men's Ministry Malawi";

/** All event times are shown in Malawi time, whatever the visitor's or the server's zone. */
export const SITE_TIME_ZONE = "Africa/Blantyre";

// Home page
export const HOME_MINISTRIES_LIMIT = 3;
export const HOME_EVENTS_LIMIT = 3;
export const HOME_TESTIMONIES_LIMIT = 5;
export const HERO_ROTATION_MS = 8000;
export const HERO_FADE_MS = 500;
export const COUNTDOWN_TICK_MS = 1000;
export const CAROUSEL_FADE_MS = 300;

/** The national conference the home page counts down to: 12 June 2025, 08:00 in Malawi (UTC+2). */
export const CONFERENCE_START_ISO = "2025-06-12T06:00:00.000Z";

// Leadership
export const UNKNOWN_POSITION_NAME = "Unknown Position";
export const UNKNOWN_POSITION_RANK = 999;
export const POSITION_TYPES = ["nec", "regional"] as const;
export type PositionType = (typeof POSITION_TYPES)[number];

// Validation
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const TESTIMONY_CONTENT_MIN_LENGTH = 10;

// Date formats (date-fns patterns)
export const HOME_EVENT_DATE_FORMAT = "MMMM d, yyyy - h:mm a";
export const EVENT_DATE_FORMAT = "EEEE, MMMM d, yyyy";
export const EVENT_TIME_FORMAT = "h:mm a";
export const ADMIN_EVENT_DATE_FORMAT = "MMM d, yyyy";
/** When an unpaid place is released ("Saturday, November 28 at 2:00 PM"): a man's page and his leader's say it alike. */
export const PAY_BY_FORMAT = "EEEE, MMMM d 'at' h:mm a";
export const ADMIN_BLOG_DATE_FORMAT = "MMM d, yyyy";
export const REGISTRATION_DATE_FORMAT = "MMM d, yyyy HH:mm";
export const BLOG_DATE_FORMAT = "MMMM d, yyyy";
/** When a post went live, and when each kept version was saved, in the admin. */
export const ADMIN_DATE_TIME_FORMAT = "MMM d, yyyy, h:mm a";

// Images
export const EVENT_IMAGE_RECOMMENDED_SIZE = "1200x630";
export const PROFILE_IMAGE_HINT = "PNG, JPG or GIF, max 2MB";

// Toasts
export const TOAST_DURATION_MS = 5000;

// Sessions
/**
 * The session cookie's name over https: `__Host-` pins it to this host, with Path=/ and Secure (the
 * browser refuses it otherwise). Plain-http local runs cannot use the prefix and use the bare name.
 */
export const SESSION_COOKIE_NAME = "__Host-session";
export const LOCAL_SESSION_COOKIE_NAME = "session";
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 8;
/** A token older than this is re-issued on the next admin request, so an active admin stays signed in. */
export const SESSION_RENEW_AFTER_SECONDS = 60 * 30;
/** However active, a session ends this long after the sign-in that began it (OWASP ASVS 3.3.2, level 2). */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 60 * 60 * 12;

// E-mail and the newsletter (issue 16)
/** A confirmation link works this long; an address still unconfirmed then is deleted. */
export const CONFIRMATION_LINK_DAYS = 7;
/** An address gets at most one confirmation e-mail in this many hours. */
export const CONFIRMATION_EMAIL_INTERVAL_HOURS = 24;
/** A message still unsent this long after it was written is given up (e.g. e-mail was never set up). */
export const OUTBOX_EXPIRY_DAYS = 7;
/** A row claimed by a sender that did not finish within this long is sent again if it never reached the provider, else failed as "may have gone out". */
export const STUCK_SENDING_MINUTES = 15;
/** Attempts before a message that keeps failing is given up (an admin can still retry it). */
export const MAX_SEND_ATTEMPTS = 5;
/** Rows per queue message of a newsletter's fan-out. */
export const ROWS_PER_QUEUE_MESSAGE = 25;
/** How many recent posts and upcoming events the newsletter composer offers. */
export const NEWSLETTER_PICKER_LIMIT = 10;
/** An event's date in the newsletter (and its WhatsApp text). */
export const NEWSLETTER_EVENT_DATE_FORMAT = "EEEE, MMMM d, yyyy 'at' h:mm a";

/** How long the same message (to an event's registrants, or a newsletter) counts as sent already: two staff, two tabs. */
export const SENT_ALREADY_WINDOW_MS = 60 * 60 * 1000;

/** How long the very same record created again by the same account is the first one (decision 049), and logged once. */
export const SAME_CREATE_MINUTES = 2;
