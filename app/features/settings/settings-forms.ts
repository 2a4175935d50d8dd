// The site's settings and editable page copy (/admin/settings, /admin/pages): one schema per
// section. Each is also the shape the section is stored in (site_settings, as JSON), and reading a
// stored section back through its schema gives the same value, so the one schema checks the form
// and what the database holds. Empty optional text is "" here, not null: these are texts to show.
import { z } from "zod";
import { siteLocalInputToIso } from "~/lib/time";
import { aboutNumber, ALWAYS, emailAddress, optionalId, PHONE_TEXT_INVALID, requiredText, tooLong } from "../../lib/schema-fields";
import { isPhoneText } from "../../lib/phone-text";

/** The sections, each saved on its own with its own version. */
export const SETTINGS_SECTIONS = ["organisation", "contact", "social", "hero", "conference", "about", "mission", "registrations", "giving"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Text that may be left empty (""). */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((value) => value ?? "");

/**
 * A textarea of one entry per line (address lines, office hours), stored as the list of non-empty
 * lines. The stored list reads back the same.
 */
const lines = ({ required, most, max, once }: { required?: string; most: number; max: number; once?: (line: string) => string }) =>
  z
    .preprocess((value) => (Array.isArray(value) ? value.join("\n") : value), z.string().optional())
    .transform((value, ctx) => {
      const list = (value ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (required && list.length === 0) ctx.addIssue({ code: "custom", message: required });
      if (list.length > most) ctx.addIssue({ code: "custom", message: `Please use at most ${most} lines` });
      if (list.some((line) => line.length > max)) ctx.addIssue({ code: "custom", message: `Please keep each line under ${max} characters` });
      // A list whose lines must differ (`once`: the message naming the line listed twice).
      const twice = list.find((line, i) => list.findIndex((other) => other.toLowerCase() === line.toLowerCase()) !== i);
      if (once && twice) ctx.addIssue({ code: "custom", message: once(twice) });
      return list;
    });

export const HTTPS_LINK_INVALID = "Please enter a full link that starts with https://";

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An https link, or "" for none. */
const httpsLink = () =>
  optionalLine(300).refine((value) => value === "" || isHttpsUrl(value), HTTPS_LINK_INVALID);

export const ORGANISATION_LIMITS = { name: 120, shortName: 40 } as const;

export const organisationSchema = z.object({
  name: requiredText("Please enter the organisation's name", ORGANISATION_LIMITS.name),
  short_name: requiredText("Please enter a short name, for example Baptist Men", ORGANISATION_LIMITS.shortName),
  tagline: requiredText("Please enter a tagline", 160),
  footer_text: requiredText("Please enter the footer text", 400),
  parent_body: requiredText("Please enter the parent body", 120),
});

const latitude = z.number({ error: "Please enter the latitude, for example -13.9626" }).min(-90, "A latitude is between -90 and 90").max(90, "A latitude is between -90 and 90");
const longitude = z.number({ error: "Please enter the longitude, for example 33.7741" }).min(-180, "A longitude is between -180 and 180").max(180, "A longitude is between -180 and 180");

export const contactSettingsSchema = z.object({
  address_lines: lines({ required: "Please enter the address", most: 6, max: 120 }),
  /** The first phone number, shown first everywhere. */
  contact_phone: requiredText("Please enter a phone number", 40).refine(isPhoneText, PHONE_TEXT_INVALID),
  more_phones: lines({ most: 5, max: 40 }).superRefine((phones, context) => {
    const wrong = phones.find((phone) => !isPhoneText(phone));
    if (wrong !== undefined) context.addIssue({ code: "custom", message: aboutNumber(wrong, PHONE_TEXT_INVALID) });
  }),
  president_email: emailAddress(),
  events_email: emailAddress(),
  office_hours: lines({ required: "Please enter the office hours", most: 6, max: 120 }),
  map_latitude: latitude,
  map_longitude: longitude,
  /** The map picture: the stored image's URL (set by the picture field, not typed). */
  map_image: optionalLine(300),
});

export const socialSchema = z.object({
  facebook_url: httpsLink(),
  whatsapp_url: httpsLink(),
  youtube_url: httpsLink(),
});

const verse = z.object({
  text: requiredText("Please enter the verse, or remove it", 400),
  reference: requiredText("Please enter the verse's reference, for example Joshua 1:9", 80),
});

const heroTestimonial = z.object({
  quote: requiredText("Please enter the quote, or remove it", 400),
  name: requiredText("Please enter who said it", 80),
  role: optionalLine(80),
});

export const HERO_LIST_MOST = 12;

export const heroSchema = z.object({
  verses: z.array(verse).max(HERO_LIST_MOST, `Please keep at most ${HERO_LIST_MOST} verses`).default([]),
  testimonials: z.array(heroTestimonial).max(HERO_LIST_MOST, `Please keep at most ${HERO_LIST_MOST} testimonials`).default([]),
});

export const CONFERENCE_MODES = ["auto", "event", "custom", "hidden"] as const;
export type ConferenceMode = (typeof CONFERENCE_MODES)[number];

export const CONFERENCE_MESSAGES = {
  eventRequired: "Please choose the event the card shows",
  eventUnknown: "That event is not upcoming any more. Please choose another one.",
  titleRequired: "Please enter the conference's title",
  dateRequired: "Please enter the date and time the conference starts",
  dateInvalid: "Please enter a valid date and time, for example 2027-06-10 08:00",
  linkInvalid: "Please enter an address on this site, such as /events, or a full link starting with https://",
} as const;

/** A Malawi date and time as the datetime-local input sends it (stored as typed, read as Malawi time). */
const localDateTime = () =>
  optionalLine(20).refine(
    (value) => value === "" || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && siteLocalInputToIso(value) !== null),
    CONFERENCE_MESSAGES.dateInvalid,
  );

/** Where 'Register Now' goes: a page of this site, or an https link. */
const cardLink = () =>
  optionalLine(300).refine(
    (value) => value === "" || (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) || isHttpsUrl(value),
    CONFERENCE_MESSAGES.linkInvalid,
  );

export const conferenceSchema = z
  .object({
    conference_mode: z.enum(CONFERENCE_MODES, { error: "Please choose what the card shows" }),
    /** The event the card shows in 'event' mode (the select is always in the form). */
    conference_event_id: optionalId(CONFERENCE_MESSAGES.eventUnknown),
    // 'custom' mode: the card as typed.
    eyebrow: optionalLine(80),
    title: optionalLine(120),
    starts_at: localDateTime(),
    venue: optionalLine(120),
    link: cardLink(),
  })
  .superRefine((card, ctx) => {
    if (card.conference_mode === "event" && !card.conference_event_id) {
      ctx.addIssue({ code: "custom", path: ["conference_event_id"], message: CONFERENCE_MESSAGES.eventRequired });
    }
    if (card.conference_mode === "custom") {
      if (!card.title) ctx.addIssue({ code: "custom", path: ["title"], message: CONFERENCE_MESSAGES.titleRequired });
      if (!card.starts_at) ctx.addIssue({ code: "custom", path: ["starts_at"], message: CONFERENCE_MESSAGES.dateRequired });
    }
  }, ALWAYS);

/** The action's check: the card, plus that a chosen event is one the select offered (upcoming). */
export function conferenceSchemaWithEvents(upcomingIds: ReadonlySet<number> | null) {
  if (upcomingIds === null) return conferenceSchema;
  return conferenceSchema.superRefine((card, ctx) => {
    if (card.conference_mode === "event" && typeof card.conference_event_id === "number" && !upcomingIds.has(card.conference_event_id)) {
      ctx.addIssue({ code: "custom", path: ["conference_event_id"], message: CONFERENCE_MESSAGES.eventUnknown });
    }
  }, ALWAYS);
}

const titledText = (what: string) =>
  z.object({
    title: requiredText(`Please enter the ${what}'s title, or remove it`, 80),
    text: requiredText(`Please enter the ${what}'s text, or remove it`, 1500),
  });

export const PAGE_LIST_MOST = 20;

export const aboutPageSchema = z.object({
  intro: requiredText("Please enter the page's introduction", 600),
  /** Paragraphs, one per line. */
  mission_summary: requiredText("Please enter the mission summary", 3000),
  history: z
    .array(
      z.object({
        period: requiredText("Please enter the period, for example 1990s, or remove the entry", 40),
        title: requiredText("Please enter the entry's title, or remove it", 80),
        text: requiredText("Please enter the entry's text, or remove it", 1500),
      }),
    )
    .max(PAGE_LIST_MOST, `Please keep at most ${PAGE_LIST_MOST} entries`)
    .default([]),
});

export const missionPageSchema = z.object({
  statement: requiredText("Please enter the mission statement", 600),
  /** Paragraphs, one per line. */
  purpose: requiredText("Please enter the purpose", 3000),
  vision: requiredText("Please enter the vision", 1000),
  core_values: z.array(titledText("value")).max(PAGE_LIST_MOST).default([]),
  focus_areas: z.array(titledText("focus area")).max(PAGE_LIST_MOST).default([]),
});

const PER_ADDRESS_MESSAGE = "Enter a whole number from 1 to 1000";

/** Limits on public registration that keep a script from filling an event (issue 28, finding 1). */
const SMS_PRICE_MESSAGE = "Enter the price of one SMS in kwacha, from 0 to 1000";

export const registrationLimitsSchema = z.object({
  registrations_per_address_per_hour: z.number({ error: PER_ADDRESS_MESSAGE }).int(PER_ADDRESS_MESSAGE).min(1, PER_ADDRESS_MESSAGE).max(1000, PER_ADDRESS_MESSAGE),
  /** What one SMS segment costs, in kwacha: the message composer's estimate (issue 24). */
  sms_price_mwk: z.number({ error: SMS_PRICE_MESSAGE }).min(0, SMS_PRICE_MESSAGE).max(1000, SMS_PRICE_MESSAGE),
});

/** The funds /give offers (issue 23): one per line. */
export const givingSchema = z.object({
  giving_funds: lines({ required: "Please enter at least one fund", most: 20, max: 80, once: (fund) => `“${fund}” is listed twice: please list each fund once` }),
});

/** Each section's schema, by the key it is stored under. */
export const SECTION_SCHEMAS = {
  organisation: organisationSchema,
  contact: contactSettingsSchema,
  social: socialSchema,
  hero: heroSchema,
  conference: conferenceSchema,
  about: aboutPageSchema,
  mission: missionPageSchema,
  registrations: registrationLimitsSchema,
  giving: givingSchema,
} as const satisfies Record<SettingsSection, z.ZodType>;

export type SettingsValues = { [K in SettingsSection]: z.output<(typeof SECTION_SCHEMAS)[K]> };

/** What each section's form says: its button, and the toast once saved. */
export const SECTION_FORMS = {
  organisation: { heading: "Organisation", submit: "Save organisation details", saved: "Organisation details saved" },
  contact: { heading: "Contact", submit: "Save contact details", saved: "Contact details saved" },
  social: { heading: "Social links", submit: "Save social links", saved: "Social links saved" },
  hero: { heading: "Home hero", submit: "Save home hero", saved: "Home hero saved" },
  conference: { heading: "Conference card", submit: "Save conference card", saved: "Conference card saved" },
  about: { heading: "About page", submit: "Save About page", saved: "About page saved" },
  mission: { heading: "Mission & Vision page", submit: "Save Mission & Vision page", saved: "Mission & Vision page saved" },
  registrations: { heading: "Registrations and SMS", submit: "Save registrations and SMS", saved: "Registrations and SMS saved" },
  giving: { heading: "Giving", submit: "Save giving", saved: "Giving saved" },
} as const satisfies Record<SettingsSection, { heading: string; submit: string; saved: string }>;
