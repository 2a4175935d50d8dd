// 'Add to calendar' (issue: calendars): each dated, active event offers an .ics file that phones and
// Outlook import at the right Malawi time, and a Google Calendar link with the same times.
import { beforeEach, describe, expect, it } from "vitest";
import { request, runSql, seedDemo } from "./helpers";

/** Demo event dates are relative to the moment of seeding: event 1 is on 4 December 2026, 06:30 in Malawi. */
const SEEDED_AT = new Date("2026-11-22T09:00:00Z");

beforeEach(async () => {
  await seedDemo(SEEDED_AT);
});

const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");

async function ics(path: string) {
  const response = await request(path);
  const body = await response.text();
  return { response, body, lines: unfold(body) };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'" };
const decode = (text: string) => text.replace(/&(#x27|amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name]!);

/** The hrefs of links on a page whose href starts with a prefix. */
async function hrefsOn(path: string, prefix: string): Promise<string[]> {
  const html = await (await request(path)).text();
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => decode(m[1]!)).filter((href) => href.startsWith(prefix));
}

describe("/events/{id}/calendar.ics", () => {
  it("downloads as a text/calendar attachment named after the event", async () => {
    const { response, body } = await ics("/events/1/calendar.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="central-region-mens-prayer-breakfast.ics"');
    expect(body.startsWith("BEGIN:VCALENDAR\r\nPRODID:")).toBe(true);
  });

  it("is valid iCalendar: CRLF lines of at most 75 octets, VERSION 2.0, PRODID, Gregorian, published", async () => {
    const { body, lines } = await ics("/events/2/calendar.ics");
    expect(body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of body.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines).toEqual(expect.arrayContaining(["VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]));
    expect(lines.find((l) => l.startsWith("PRODID:"))).toBeTruthy();
    const order = ["BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "END:VTIMEZONE", "BEGIN:VEVENT", "END:VEVENT", "END:VCALENDAR"].map((l) => lines.indexOf(l));
    expect(order.every((n, i) => n >= 0 && (i === 0 || n > order[i - 1]!))).toBe(true);
  });

  it("puts the start in Africa/Blantyre time with its VTIMEZONE, and an end two hours later", async () => {
    const { lines } = await ics("/events/1/calendar.ics");
    expect(lines).toContain("DTSTART;TZID=Africa/Blantyre:20261204T063000");
    expect(lines).toContain("DTEND;TZID=Africa/Blantyre:20261204T083000");
    const zone = lines.slice(lines.indexOf("BEGIN:VTIMEZONE"), lines.indexOf("END:VTIMEZONE") + 1);
    expect(zone).toEqual(expect.arrayContaining(["TZID:Africa/Blantyre", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0200", "TZNAME:CAT"]));
    expect(lines.find((l) => l.startsWith("DTSTAMP:"))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it("ends at the event's end when it has one (the demo retreat's three days), and two hours after the start when not", async () => {
    const retreat = (await ics("/events/2/calendar.ics")).lines;
    expect(retreat).toContain("DTSTART;TZID=Africa/Blantyre:20270101T140000");
    expect(retreat).toContain("DTEND;TZID=Africa/Blantyre:20270103T120000");
    // Its end moved by hand: the file follows it.
    await runSql(["UPDATE churchevents SET ends_at = '2027-01-01T17:30:00.000Z' WHERE id = 2"]);
    expect((await ics("/events/2/calendar.ics")).lines).toContain("DTEND;TZID=Africa/Blantyre:20270101T193000");
    await runSql(["UPDATE churchevents SET ends_at = NULL WHERE id = 2"]);
    expect((await ics("/events/2/calendar.ics")).lines).toContain("DTEND;TZID=Africa/Blantyre:20270101T160000");
  });

  it("keeps the same UID on every download, so a second import updates rather than duplicates", async () => {
    const first = (await ics("/events/1/calendar.ics")).lines.filter((l) => l.startsWith("UID:"));
    const second = (await ics("/events/1/calendar.ics")).lines.filter((l) => l.startsWith("UID:"));
    expect(first).toEqual(["UID:event-1@localhost"]);
    expect(second).toEqual(first);
    expect((await ics("/events/2/calendar.ics")).lines).toContain("UID:event-2@localhost");
  });

  it("escapes commas, semicolons and line breaks, and folds a long description", async () => {
    const description = `Day one: worship, teaching; prayer.\nDay two: ${"workshops on fatherhood, work and leadership; ".repeat(4)}`;
    await runSql([`UPDATE churchevents SET description = '${description}', location = 'Senga Bay; Salima, Malawi' WHERE id = 2`]);
    const { body, lines } = await ics("/events/2/calendar.ics");
    expect(lines).toContain("SUMMARY:Lake Malawi Men's Retreat");
    expect(lines).toContain("LOCATION:Senga Bay\\; Salima\\, Malawi");
    const line = lines.find((l) => l.startsWith("DESCRIPTION:"))!;
    expect(line.startsWith("DESCRIPTION:Day one: worship\\, teaching\\; prayer.\\nDay two: workshops on fatherhood\\, work")).toBe(true);
    expect(line.endsWith("\\n\\nDetails and registration: http://localhost/events/2")).toBe(true);
    const physical = body.split("\r\n");
    const start = physical.findIndex((l) => l.startsWith("DESCRIPTION:"));
    expect(physical[start]).toHaveLength(75);
    expect(physical[start + 1]!.startsWith(" ")).toBe(true);
    expect(lines).toContain("URL:http://localhost/events/2");
  });

  it("is not found for a hidden, unknown, undated or malformed event", async () => {
    for (const path of ["/events/6/calendar.ics", "/events/999/calendar.ics", "/events/5/calendar.ics", "/events/abc/calendar.ics"]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("BEGIN:VCALENDAR");
    }
  });
});

describe("the 'Add to calendar' links", () => {
  it("on the event page: the .ics file and a Google Calendar link with the event's UTC times", async () => {
    expect(await hrefsOn("/events/1", "/events/1/calendar.ics")).toEqual(["/events/1/calendar.ics"]);
    const [google] = await hrefsOn("/events/1", "https://calendar.google.com/");
    const url = new URL(google!);
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Central Region Men's Prayer Breakfast");
    // 06:30-08:30 in Malawi is 04:30-06:30 UTC.
    expect(url.searchParams.get("dates")).toBe("20261204T043000Z/20261204T063000Z");
    expect(url.searchParams.get("location")).toBe("Lilongwe Baptist Church, Area 47, Lilongwe");
    expect(url.searchParams.get("ctz")).toBe("Africa/Blantyre");
    expect(url.searchParams.get("details")).toMatch(/^Start the day in prayer[\s\S]*Details and registration: http:\/\/localhost\/events\/1$/);
  });

  it("on the /events cards: for every dated event, none for the undated one", async () => {
    const files = await hrefsOn("/events", "/events/");
    expect(files.filter((href) => href.endsWith(".ics"))).toEqual([1, 2, 3, 4].map((id) => `/events/${id}/calendar.ics`));
    const google = await hrefsOn("/events", "https://calendar.google.com/");
    expect(google).toHaveLength(4);
    // The retreat runs from 1 January 2027, 14:00, to 3 January, 12:00 in Malawi: to its end, not two hours.
    expect(new URL(google[1]!).searchParams.get("dates")).toBe("20270101T120000Z/20270103T100000Z");
  });

  it("not on an undated event's page", async () => {
    const html = await (await request("/events/5")).text();
    expect(html).not.toContain("Add to calendar");
    expect(html).not.toContain("calendar.ics");
    expect(html).not.toContain("calendar.google.com");
  });
});
