// 'Add to calendar' for an event: an iCalendar file (RFC 5545) for phones, Outlook and Apple Calendar,
// and a Google Calendar link. Used by loaders only, so none of it reaches the browser.
import { SITE_NAME, SITE_TIME_ZONE } from "../../lib/constants";
import { slugify } from "~/lib/slug";
import { formatInSiteZone } from "../../lib/time";

/** Calendars need an end: an event whose end is not known is shown as lasting two hours. */
export const ASSUMED_EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

/** Google's URL limit is generous but not endless: long descriptions are cut. */
const GOOGLE_DETAILS_MAX_LENGTH = 1000;

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

export type CalendarEvent = {
  /** Globally unique and stable for this event, e.g. event-1@baptistmen.mw. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string | null;
  /** The event's page. */
  url: string;
  /** When the event was last edited, if known. */
  lastModified?: Date | null;
  /** Who organises it: the ministry's name and its events address, from the settings. */
  organizer?: { name: string; email: string };
};

/** The fields of an event row this module reads. */
export type DatedEventSource = {
  id: number;
  name: string;
  date: string | null;
  /** The end, or null when it is not known (the calendar then assumes two hours). */
  ends_at: string | null;
  location: string | null;
  description: string | null;
  updated_at?: string | null;
};

/** TEXT values (RFC 5545 section 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line (RFC 5545 section 3.1): no line longer than 75 octets of UTF-8; each
 * continuation starts with one space. A multi-byte character is never split.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines give one of their 75 octets to the leading space.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 20261204T043000Z */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** 20261204T063000, wall-clock time in the site's zone (to pair with TZID). */
function siteLocalStamp(date: Date): string {
  return formatInSiteZone(date, "yyyyMMdd'T'HHmmss")!;
}

/**
 * Malawi keeps Central Africa Time (UTC+2) all year and has no daylight saving, so one STANDARD
 * rule describes the zone completely.
 */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${SITE_TIME_ZONE}`,
  `X-LIC-LOCATION:${SITE_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0200",
  "TZNAME:CAT",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A complete VCALENDAR with one VEVENT, CRLF line endings and folded lines. */
export function buildICalendar(event: CalendarEvent, now: Date = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:-//${SITE_NAME}//Events//EN`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    ...(event.lastModified ? [`LAST-MODIFIED:${utcStamp(event.lastModified)}`] : []),
    `DTSTART;TZID=${SITE_TIME_ZONE}:${siteLocalStamp(event.start)}`,
    `DTEND;TZID=${SITE_TIME_ZONE}:${siteLocalStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(describe(event))}`,
    `URL:${event.url}`,
    ...(event.organizer ? [`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A parameter value (RFC 5545 section 3.2): quoted, and a double quote may not appear in it. */
function paramValue(text: string): string {
  return `"${text.replace(/["\r\n]/g, "'")}"`;
}

/** The description with the event page's address, which many calendars show instead of URL. */
function describe(event: Pick<CalendarEvent, "description" | "url">): string {
  const more = `Details and registration: ${event.url}`;
  return event.description ? `${event.description}\n\n${more}` : more;
}

/** A pre-filled 'Create event' page of Google Calendar (times in UTC, shown in Malawi time). */
export function googleCalendarUrl(event: Omit<CalendarEvent, "uid" | "lastModified">): string {
  let details = describe(event);
  if (details.length > GOOGLE_DETAILS_MAX_LENGTH) {
    const more = `\n\nDetails and registration: ${event.url}`;
    details = `${event.description!.slice(0, GOOGLE_DETAILS_MAX_LENGTH - more.length - 1).trimEnd()}…${more}`;
  }
  const params = [
    "action=TEMPLATE",
    `text=${encodeURIComponent(event.summary)}`,
    `dates=${utcStamp(event.start)}/${utcStamp(event.end)}`,
    `details=${encodeURIComponent(details)}`,
    ...(event.location ? [`location=${encodeURIComponent(event.location)}`] : []),
    `ctz=${SITE_TIME_ZONE}`,
  ];
  return `https://calendar.google.com/calendar/render?${params.join("&")}`;
}

/** The calendar view of an event row; null when it has no (valid) date yet. */
export function calendarEventOf(row: DatedEventSource, origin: string): CalendarEvent | null {
  if (!row.date) return null;
  const start = new Date(row.date);
  if (Number.isNaN(start.getTime())) return null;
  const lastModified = row.updated_at ? new Date(row.updated_at) : null;
  const end = row.ends_at ? new Date(row.ends_at) : null;
  return {
    uid: `event-${row.id}@${new URL(origin).hostname}`,
    start,
    end: end && end > start ? end : new Date(start.getTime() + ASSUMED_EVENT_DURATION_MS),
    summary: row.name,
    location: row.location?.trim() || null,
    description: row.description?.trim() || null,
    url: `${origin}/events/${row.id}`,
    lastModified: lastModified && !Number.isNaN(lastModified.getTime()) ? lastModified : null,
  };
}

/**
 * An event row's .ics file, as 'Add to calendar' downloads it and registration e-mails attach it,
 * organised by the ministry (its name and events address); null when the event has no date.
 */
export function eventCalendarFile(row: DatedEventSource, origin: string, organizer: { name: string; email: string }): { filename: string; content: string } | null {
  const event = calendarEventOf(row, origin);
  if (!event) return null;
  return { filename: `${slugify(row.name) || `event-${row.id}`}.ics`, content: buildICalendar({ ...event, organizer }) };
}

export type CalendarLinks = { icsHref: string; googleHref: string };

/** The two 'Add to calendar' links of an event, or null for an event without a date. */
export function calendarLinksOf(row: DatedEventSource, origin: string): CalendarLinks | null {
  const event = calendarEventOf(row, origin);
  if (!event) return null;
  return { icsHref: `/events/${row.id}/calendar.ics`, googleHref: googleCalendarUrl(event) };
}
