// The iCalendar file and Google Calendar link an event offers under 'Add to calendar' (RFC 5545).
import { describe, expect, it } from "vitest";
import {
  buildICalendar,
  calendarEventOf,
  calendarLinksOf,
  escapeText,
  foldLine,
  googleCalendarUrl,
  type CalendarEvent,
  type DatedEventSource,
} from "~/features/events/icalendar";

const ORIGIN = "https://baptistmen.mw";

/** 4 December 2026, 06:30 in Malawi (UTC+2) is 04:30 UTC. */
const ROW: DatedEventSource = {
  id: 7,
  name: "Central Region Men's Prayer Breakfast",
  date: "2026-12-04T04:30:00.000Z",
  ends_at: null,
  location: "Lilongwe Baptist Church, Area 47; Lilongwe",
  description: "Prayer, then breakfast.\nBring a friend, a neighbour, a colleague.",
  updated_at: "2026-11-01T10:00:00.000Z",
};

const NOW = new Date("2026-11-20T12:34:56.789Z");

function eventOf(row = ROW): CalendarEvent {
  const event = calendarEventOf(row, ORIGIN);
  if (!event) throw new Error("expected a dated event");
  return event;
}

/** The unfolded content lines of an iCalendar text. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, "").split("\r\n");
}

describe("escapeText", () => {
  it("escapes backslashes, semicolons and commas, and writes line breaks as \\n", () => {
    expect(escapeText("a\\b; c, d\r\ne\nf\rg")).toBe("a\\\\b\\; c\\, d\\ne\\nf\\ng");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone", () => {
    const line = "x".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds longer lines so that no physical line exceeds 75 octets, continuations starting with a space", () => {
    const line = `DESCRIPTION:${"abcdefghij".repeat(20)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBe(3);
    expect(physical[0]).toHaveLength(75);
    for (const part of physical.slice(1)) {
      expect(part.startsWith(" ")).toBe(true);
      expect(part.length).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("counts UTF-8 octets and never splits a character", () => {
    const line = `SUMMARY:${"Chichewa “moni” ✝ ".repeat(10)}`;
    const physical = foldLine(line).split("\r\n");
    const encoder = new TextEncoder();
    for (const part of physical) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(physical.join("\r\n").replace(/\r\n /g, "")).toBe(line);
    expect(physical.join("")).not.toContain("\uFFFD");
  });
});

describe("buildICalendar", () => {
  const ics = buildICalendar(eventOf(), NOW);
  const lines = unfold(ics);

  it("uses CRLF line endings throughout and ends with one", () => {
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("is a published Gregorian VERSION 2.0 calendar with a PRODID", () => {
    expect(lines.slice(0, 5)).toEqual([
      "BEGIN:VCALENDAR",
      "PRODID:-//Baptist Men's Ministry Malawi//Events//EN",
      "VERSION:2.0",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
    ]);
  });

  it("describes Africa/Blantyre: CAT, UTC+2 all year, no daylight saving", () => {
    const zone = lines.slice(lines.indexOf("BEGIN:VTIMEZONE"), lines.indexOf("END:VTIMEZONE") + 1);
    expect(zone).toContain("TZID:Africa/Blantyre");
    expect(zone).toContain("TZOFFSETFROM:+0200");
    expect(zone).toContain("TZOFFSETTO:+0200");
    expect(zone).toContain("TZNAME:CAT");
    expect(zone.join("\n")).not.toContain("DAYLIGHT");
  });

  it("has one VEVENT with a stable UID, a UTC DTSTAMP, and start and end in Malawi time (two hours)", () => {
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain("UID:event-7@baptistmen.mw");
    expect(lines).toContain("DTSTAMP:20261120T123456Z");
    expect(lines).toContain("LAST-MODIFIED:20261101T100000Z");
    expect(lines).toContain("DTSTART;TZID=Africa/Blantyre:20261204T063000");
    expect(lines).toContain("DTEND;TZID=Africa/Blantyre:20261204T083000");
    expect(buildICalendar(eventOf(), new Date())).toContain("UID:event-7@baptistmen.mw");
  });

  it("escapes the summary, location and description, and links the event page", () => {
    expect(lines).toContain("SUMMARY:Central Region Men's Prayer Breakfast");
    expect(lines).toContain("LOCATION:Lilongwe Baptist Church\\, Area 47\\; Lilongwe");
    expect(lines).toContain(
      "DESCRIPTION:Prayer\\, then breakfast.\\nBring a friend\\, a neighbour\\, a colleague.\\n\\nDetails and registration: https://baptistmen.mw/events/7",
    );
    expect(lines).toContain("URL:https://baptistmen.mw/events/7");
  });

  it("folds a long description at 75 octets", () => {
    const long = buildICalendar(eventOf({ ...ROW, description: "Worship and teaching, ".repeat(30) }), NOW);
    const physical = long.split("\r\n");
    expect(physical.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const start = physical.findIndex((line) => line.startsWith("DESCRIPTION:"));
    expect(physical[start + 1]!.startsWith(" ")).toBe(true);
    expect(unfold(long).find((l) => l.startsWith("DESCRIPTION:"))).toContain("Worship and teaching\\, Worship");
  });

  it("leaves LOCATION out when the event has none", () => {
    expect(unfold(buildICalendar(eventOf({ ...ROW, location: null }), NOW)).some((l) => l.startsWith("LOCATION"))).toBe(false);
  });
});

describe("calendarEventOf and calendarLinksOf", () => {
  it("give nothing for an event without a date", () => {
    expect(calendarEventOf({ ...ROW, date: null }, ORIGIN)).toBeNull();
    expect(calendarLinksOf({ ...ROW, date: null }, ORIGIN)).toBeNull();
  });

  it("link the event's .ics file and Google Calendar", () => {
    const links = calendarLinksOf(ROW, ORIGIN)!;
    expect(links.icsHref).toBe("/events/7/calendar.ics");
    expect(links.googleHref.startsWith("https://calendar.google.com/calendar/render?action=TEMPLATE&")).toBe(true);
  });
});

describe("googleCalendarUrl", () => {
  it("pre-fills the title, the UTC start and end, details, location and the Malawi time zone", () => {
    const url = new URL(googleCalendarUrl(eventOf()));
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Central Region Men's Prayer Breakfast");
    expect(url.searchParams.get("dates")).toBe("20261204T043000Z/20261204T063000Z");
    expect(url.searchParams.get("location")).toBe("Lilongwe Baptist Church, Area 47; Lilongwe");
    expect(url.searchParams.get("ctz")).toBe("Africa/Blantyre");
    expect(url.searchParams.get("details")).toBe(
      "Prayer, then breakfast.\nBring a friend, a neighbour, a colleague.\n\nDetails and registration: https://baptistmen.mw/events/7",
    );
  });

  it("shortens a very long description but keeps the link to the event", () => {
    const details = new URL(googleCalendarUrl(eventOf({ ...ROW, description: "x".repeat(5000) }))).searchParams.get("details")!;
    expect(details.length).toBeLessThanOrEqual(1000);
    expect(details.endsWith("…\n\nDetails and registration: https://baptistmen.mw/events/7")).toBe(true);
  });
});
