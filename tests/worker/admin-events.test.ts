// The events manager: the list on /admin?tab=events, the create/edit form (Malawi time, images,
// switches, validation), delete with its registrations, and the failures an admin may meet.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, FIXTURE_CODE, FIXTURE_TOKEN, postForm, postMultipart, request, runSql, signIn, toastOf, formVersion } from "./helpers";
import { textOf } from "./public-helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

type EventRow = {
  id: number;
  name: string;
  date: string | null;
  location: string | null;
  description: string | null;
  image_url: string | null;
  image_alt: string | null;
  active: number;
  registration_enabled: number;
};

async function events(): Promise<EventRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, name, date, location, description, image_url, image_alt, active, registration_enabled FROM churchevents ORDER BY id",
  ).all<EventRow>();
  return results;
}

async function registrationCount(eventId: number): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM event_registrations WHERE event_id = ?1").bind(eventId).first<{ n: number }>())!.n;
}

/** Whether the form's <input name=...> (with that value, for radios) renders checked. */
function isChecked(page: string, name: string, value?: string): boolean {
  const tag = [...page.matchAll(/<input[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => t.includes(`name="${name}"`) && (value === undefined || t.includes(`value="${value}"`)));
  if (!tag) throw new Error(`no input ${name}`);
  return tag.includes('checked=""');
}

/** Inserts `n` registrations for an event in one statement. */
function registrationsSql(eventId: number, n: number): string {
  return `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token)
    WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n})
    SELECT ${eventId}, 'Person ' || i, '0999' || i, 'key-${eventId}-' || i, ${FIXTURE_CODE}, ${FIXTURE_TOKEN} FROM seq`;
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
}

/** The list row (<li>) that shows `name`. */
function rowOf(page: string, name: string): string {
  const row = page.split("<li").find((chunk) => chunk.includes(`>${escapeHtml(name)}<`));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function eventsTab(query = "") {
  return (await request(`/admin?tab=events${query}`, { cookie })).text();
}

const valid = {
  intent: "save",
  name: "Northern Region Men's Rally",
  date: "2037-03-05T09:30",
  location: "Mzuzu Baptist Church",
  description: "A day of worship and teaching.",
  image_alt: "",
  active: "on",
  registration_enabled: "on",
};

describe("events tab", () => {
  it("says when there are no events", async () => {
    const page = await eventsTab();
    expect(page).toContain("No events have been created yet.");
    expect(page).toContain('href="/admin/events/new"');
  });

  it("lists undated events first, then by date descending, dated in Malawi time, with their markers and links", async () => {
    await runSql([
      `INSERT INTO churchevents (id, name, date, location, active, registration_enabled) VALUES
        (1, 'Older Breakfast', '2026-05-01T06:00:00.000Z', 'Blantyre', 1, 0),
        (2, 'Undated Retreat', NULL, NULL, 0, 1),
        (3, 'Late Night Vigil', '2027-03-04T22:30:00.000Z', 'Zomba', 1, 1)`,
    ]);
    const page = await eventsTab();
    const order = ["Undated Retreat", "Late Night Vigil", "Older Breakfast"].map((name) => page.indexOf(`>${name}<`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // 22:30 UTC on March 4 is already March 5 in Malawi (UTC+2).
    const vigil = rowOf(page, "Late Night Vigil");
    expect(vigil).toContain("Mar 5, 2027 · Zomba · 0 registrations");
    expect(vigil).toMatch(/>Active</);
    expect(vigil).toMatch(/>Registration Open</);
    expect(vigil).toContain('href="/admin/events/edit/3"');
    expect(vigil).toContain('href="/admin/events/registrations/3"');
    expect(vigil).toMatch(/href="\/events\/3" target="_blank" rel="noopener" aria-label="View Late Night Vigil on the website \(opens in a new tab\)"/);

    const undated = rowOf(page, "Undated Retreat");
    expect(undated).toContain("No date set");
    expect(undated).toMatch(/>Hidden</);
    expect(undated).not.toMatch(/>Active</);
    expect(undated).toMatch(/>Registration Open</);
    // A hidden event has no public page to link to.
    expect(undated).not.toContain('href="/events/2"');

    const older = rowOf(page, "Older Breakfast");
    expect(older).toContain("May 1, 2026");
    expect(older).not.toMatch(/>Registration Open</);
    expect(vigil).not.toContain("Date passed");
    expect(undated).not.toContain("Date passed");
  });

  it("gives an event that ends on another day both days, and one that ends the day it starts its day alone", async () => {
    await runSql([
      `INSERT INTO churchevents (id, name, date, ends_at, location, active, registration_enabled) VALUES
        (1, 'Lake Conference', '2027-03-05T16:00:00.000Z', '2027-03-07T10:00:00.000Z', 'Mangochi', 1, 1),
        (2, 'Evening Prayer', '2027-04-02T16:00:00.000Z', '2027-04-02T19:00:00.000Z', 'Zomba', 1, 1)`,
    ]);
    const page = await eventsTab();
    expect(rowOf(page, "Lake Conference")).toContain("Mar 5, 2027 – Mar 7, 2027 · Mangochi");
    expect(rowOf(page, "Evening Prayer")).toContain("Apr 2, 2027 · Zomba");
    expect(rowOf(page, "Evening Prayer")).not.toContain("–");
  });

  it("says of an event whose date has passed, registration still switched on, that it is closed to visitors", async () => {
    await runSql(["INSERT INTO churchevents (id, name, date, active, registration_enabled) VALUES (1, 'Past Rally', '2026-01-10T06:00:00.000Z', 1, 1)"]);
    const past = rowOf(await eventsTab(), "Past Rally");
    expect(past).toMatch(/>Registration Open</);
    expect(past).toMatch(/>Date passed: closed to visitors</);
  });

  it("shows the spec's message when the events cannot be read", async () => {
    await runSql(["DROP TABLE event_registrations", "DROP TABLE churchevents"]);
    const response = await request("/admin?tab=events", { cookie });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toMatch(/role="alert"[^>]*>.*Failed to load events\. Please try again\./s);
    expect(page).not.toContain("No events have been created yet.");
  });

  it("says in the delete dialog how many registrations go with the event", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (1, 'Big Conference'), (2, 'Small Breakfast'), (3, 'New Retreat')",
      registrationsSql(1, 12),
      registrationsSql(2, 1),
    ]);
    const page = await eventsTab("&delete=1");
    expect(page).toMatch(/<dialog[^>]*open=""/);
    expect(rowOf(page, "Big Conference")).toContain("This will also delete 12 registrations.");
    expect(rowOf(page, "Big Conference")).toContain("12 registrations");
    expect(rowOf(page, "Small Breakfast")).toContain("This will also delete 1 registration.");
    expect(rowOf(page, "New Retreat")).toContain("It has no registrations.");
    // The list counts those coming; the dialog, every registration the delete takes with it.
    await runSql(["UPDATE event_registrations SET status = 'cancelled' WHERE id IN (SELECT id FROM event_registrations WHERE event_id = 1 LIMIT 2)"]);
    const after = await eventsTab("&delete=1");
    expect(rowOf(after, "Big Conference")).toContain("10 registrations");
    expect(rowOf(after, "Big Conference")).toContain("This will also delete 12 registrations.");
  });
});

describe("event form", () => {
  it("shows the create form with the spec's labels, hints, sample images and both switches on", async () => {
    const page = await (await request("/admin/events/new", { cookie })).text();
    for (const text of [
      "Create New Event",
      "Event Name",
      "Date and Time",
      "Location",
      "Description",
      "Event Image",
      "Recommended size: 1200x630",
      "No image selected",
      "Active events are visible to the public",
      "Allow Registration",
      "Enable people to register for this event",
      "Create Event",
      "Cancel",
      "Back",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toMatch(/type="datetime-local"[^>]*name="date"|name="date"[^>]*type="datetime-local"/);
    for (const sample of ["sample-conference", "sample-retreat", "sample-outreach"]) {
      expect(page).toContain(`value="/media/events/${sample}-1600w.webp"`);
    }
    // The spec's two switches, and the waiting list's (issue: registration desk), all on; then
    // "Answer required" on each of the three blank registration-question rows (issue 25), off.
    expect(page.match(/role="switch"/g)).toHaveLength(6);
    expect(page.match(/name="questions\[\d\]\.required"/g)).toHaveLength(3);
    expect(isChecked(page, "active")).toBe(true);
    expect(isChecked(page, "registration_enabled")).toBe(true);
    expect(isChecked(page, "waitlist_enabled")).toBe(true);
    for (const text of ["Capacity", "Waiting list", "Registration closes", "leave empty for no limit"]) expect(page).toContain(text);
    expect(page).toContain('href="/admin?tab=events"');
  });

  it("creates an event, reading the date as Malawi time, and returns to the list with the spec's toast", async () => {
    const response = await postForm("/admin/events/new", valid, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=events");
    expect(await toastOf(response)).toEqual({ title: "Event created", description: "The new event has been successfully created." });
    expect(await events()).toEqual([
      {
        id: 1,
        name: valid.name,
        date: "2037-03-05T07:30:00.000Z",
        location: valid.location,
        description: valid.description,
        image_url: null,
        image_alt: null,
        active: 1,
        registration_enabled: 1,
      },
    ]);
    expect(rowOf(await eventsTab(), valid.name)).toContain("Mar 5, 2037");

    const edit = await (await request("/admin/events/edit/1", { cookie })).text();
    expect(edit).toContain("Edit Event");
    expect(edit).toContain('value="2037-03-05T09:30"');
    expect(edit).toContain("Update Event");
  });

  it("says when a saved event's registration is already closed by a past date or closing time, or stays open after the start", async () => {
    const cases = [
      [{ date: "2020-03-05T09:30" }, "Its date has passed, so registration is closed."],
      [{ registration_closes_at: "2020-03-01T18:00" }, "Its registration closing time has passed, so registration is closed."],
      [{ registration_closes_at: "2037-03-06T18:00" }, "Registration stays open after the event starts, until its closing time."],
    ] as const;
    for (const [index, [fields, notice]] of cases.entries()) {
      const saved = await postForm("/admin/events/new", { ...valid, ...fields }, { cookie });
      expect(await toastOf(saved)).toEqual({ title: "Event created", description: `The new event has been successfully created. ${notice}` });
      expect(textOf(await (await request(`/admin/events/edit/${index + 1}`, { cookie })).text())).toContain(notice);
    }
    // With registration switched off, or closing before the start, there is nothing to say.
    const quiet: Record<string, string>[] = [{ date: "2020-03-05T09:30", registration_enabled: "" }, { registration_closes_at: "2037-03-04T18:00" }];
    for (const fields of quiet) expect(await toastOf(await postForm("/admin/events/new", { ...valid, ...fields }, { cookie }))).toEqual({ title: "Event created", description: "The new event has been successfully created." });
  });

  it("stores an empty date as no date and unchecked switches as off", async () => {
    await postForm("/admin/events/new", { intent: "save", name: "Date To Be Announced", date: "", location: "", description: "", image_alt: "" }, { cookie });
    expect(await events()).toEqual([
      { id: 1, name: "Date To Be Announced", date: null, location: null, description: null, image_url: null, image_alt: null, active: 0, registration_enabled: 0 },
    ]);
    const row = rowOf(await eventsTab(), "Date To Be Announced");
    expect(row).toContain("No date set");
    expect(row).toMatch(/>Hidden</);
    expect(row).not.toMatch(/>Registration Open</);
    const edit = await (await request("/admin/events/edit/1", { cookie })).text();
    expect(isChecked(edit, "active")).toBe(false);
    expect(isChecked(edit, "registration_enabled")).toBe(false);
  });

  it("updates an event with the spec's toast, and turns its switches off", async () => {
    await postForm("/admin/events/new", valid, { cookie });
    const response = await postForm(
      "/admin/events/edit/1",
      { version: await formVersion("churchevents", 1), intent: "save", name: "Renamed Rally", date: "2027-12-31T23:45", location: "Karonga", description: "", image_alt: "Men singing" },
      { cookie },
    );
    expect(response.headers.get("Location")).toBe("/admin?tab=events");
    expect(await toastOf(response)).toEqual({ title: "Event updated", description: "The event has been successfully updated." });
    expect((await events())[0]).toMatchObject({
      name: "Renamed Rally",
      date: "2027-12-31T21:45:00.000Z",
      location: "Karonga",
      description: null,
      image_alt: "Men singing",
      active: 0,
      registration_enabled: 0,
    });
  });

  it("refuses a missing name with the spec's message and keeps everything typed", async () => {
    const response = await postForm("/admin/events/new", { ...valid, name: "   ", active: "", registration_enabled: "on" }, { cookie });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Event name is required");
    expect(page).toContain('value="2037-03-05T09:30"');
    expect(page).toContain('value="Mzuzu Baptist Church"');
    expect(page).toContain(">A day of worship and teaching.</textarea>");
    expect(isChecked(page, "active")).toBe(false);
    expect(isChecked(page, "registration_enabled")).toBe(true);
    expect(await events()).toEqual([]);
  });

  it("refuses a date and time that does not exist with a clear message", async () => {
    for (const date of ["2027-02-30T09:30", "2027-03-05T25:00", "next friday", "0999-01-01T10:00"]) {
      const response = await postForm("/admin/events/new", { ...valid, date }, { cookie });
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain("Please enter a valid date and time, for example 2027-03-05 09:30");
      expect(page).toContain(`value="${date}"`);
    }
    expect(await events()).toEqual([]);
    // A browser without a date picker may send a space instead of the T.
    await postForm("/admin/events/new", { ...valid, date: "2037-03-05 09:30" }, { cookie });
    expect((await events())[0]!.date).toBe("2037-03-05T07:30:00.000Z");
  });

  /** The message shown at the field named `name`: the element its input says describes its error. */
  function fieldErrorOf(page: string, name: string): string | null {
    const input = [...page.matchAll(/<input[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`name="${name}"`));
    const errorId = input && /aria-describedby="[^"]*?([^" ]+-error)"/.exec(input)?.[1];
    return errorId ? textOf(new RegExp(`<p id="${errorId}"[^>]*>([\\s\\S]*?)</p>`).exec(page)?.[1] ?? "") : null;
  }

  it("offers an optional end, labelled Ends, right after the start, typed in Malawi time", async () => {
    const page = await (await request("/admin/events/new", { cookie })).text();
    const start = page.indexOf('name="date"');
    const end = page.indexOf('name="ends_at"');
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    expect(page.indexOf('name="location"')).toBeGreaterThan(end);
    expect(page).toMatch(/type="datetime-local"[^>]*name="ends_at"|name="ends_at"[^>]*type="datetime-local"/);
    expect(textOf(page.slice(start, end + 400))).toContain("Ends");
    expect(textOf(page)).toContain("For an event of more than one day, or to give its closing time. Leave empty if it is not known.");
  });

  it("says the most a fee, the places and the hours to pay may be, rather than that a whole number is not one", async () => {
    const cases = [
      ["price", "6000000", "The fee can be at most MK 5,000,000"],
      ["capacity", "1000001", "An event can have at most 1,000,000 places"],
      ["payment_hold_hours", "100000", "Hours to pay can be at most 8,760 (a year)"],
    ] as const;
    for (const [name, value, message] of cases) {
      const response = await postForm("/admin/events/new", { ...valid, [name]: value }, { cookie });
      expect(response.status, name).toBe(400);
      const page = await response.text();
      expect(fieldErrorOf(page, name), name).toBe(message);
      expect(page).toContain(`value="${value}"`);
    }
    // The largest of each is saved.
    const most = await postForm("/admin/events/new", { ...valid, price: "5000000", capacity: "1000000", payment_hold_hours: "8760" }, { cookie });
    expect(most.status).toBe(302);
  });

  it("refuses an end that is not after the start, or one without a start, at the field, keeping what was typed", async () => {
    const cases = [
      [{ date: "2037-03-05T18:00", ends_at: "2037-03-05T17:59" }, "The end must be after the start"],
      [{ date: "2037-03-05T18:00", ends_at: "2037-03-05T18:00" }, "The end must be after the start"],
      [{ date: "", ends_at: "2037-03-07T12:00" }, "An end needs a start: please fill in Date and Time too, or leave Ends empty"],
      [{ date: "2037-03-05T18:00", ends_at: "2037-02-30T12:00" }, "Please enter a valid date and time, for example 2027-03-05 09:30"],
    ] as const;
    for (const [fields, message] of cases) {
      const response = await postForm("/admin/events/new", { ...valid, ...fields }, { cookie });
      expect(response.status, fields.ends_at).toBe(400);
      const page = await response.text();
      expect(fieldErrorOf(page, "ends_at"), fields.ends_at).toBe(message);
      expect(page).toContain(`value="${fields.ends_at}"`);
      if (fields.date) expect(page).toContain(`value="${fields.date}"`);
      expect(page).toContain('value="Mzuzu Baptist Church"');
    }
    // Both wrong at once: each field says its own.
    const both = await (await postForm("/admin/events/new", { ...valid, name: "", date: "2037-03-05T18:00", ends_at: "2037-03-04T18:00" }, { cookie })).text();
    expect(fieldErrorOf(both, "name")).toBe("Event name is required");
    expect(fieldErrorOf(both, "ends_at")).toBe("The end must be after the start");
    expect(await events()).toEqual([]);
  });

  it("saving an event that has started and runs on says it has started, not that its date has passed", async () => {
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString().slice(0, 16);
    // Typed in Malawi time (UTC+2): the instant 24 hours ago, to 48 hours on, is in progress whatever the hour.
    const malawi = (hours: number) => new Date(Date.parse(`${hoursFromNow(hours)}Z`) + 2 * 3600_000).toISOString().slice(0, 16);
    const saved = await postForm("/admin/events/new", { ...valid, date: malawi(-24), ends_at: malawi(48) }, { cookie });
    expect((await toastOf(saved))?.description).toContain("It has started, so registration is closed.");
    const over = await postForm("/admin/events/new", { ...valid, name: "Over Already", date: malawi(-48), ends_at: malawi(-24) }, { cookie });
    expect((await toastOf(over))?.description).toContain("Its date has passed, so registration is closed.");
  });

  it("a moved end of an event people hold places at leads on to telling them, as a moved date or place does", async () => {
    expect((await postForm("/admin/events/new", { ...valid, date: "2037-03-06T18:00", ends_at: "2037-03-08T12:00" }, { cookie })).status).toBe(302);
    await runSql(["INSERT INTO event_registrations (event_id, full_name, phone_number, status, code, token) VALUES (1, 'Held Place', '+265991000001', 'confirmed', 'HELD22', 'token-HELD22-0123456789')"]);
    const moved = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, date: "2037-03-06T18:00", ends_at: "2037-03-07T12:00" }, { cookie });
    expect(moved.headers.get("Location")).toBe("/admin/events/1/message?about=change");
    // The message page: to everyone registered (a man waiting who moves up must know too), its text
    // not naming the event again (every SMS starts with it), and how much more fits in one SMS.
    const composer = await (await request("/admin/events/1/message?about=change", { cookie })).text();
    expect(composer).toMatch(/<textarea[^>]*>Change: <\/textarea>/);
    expect(composer).toMatch(/<input type="radio"[^>]*name="audience" checked="" value="everyone"/);
    expect(textOf(composer)).toMatch(/Each SMS as sent \(with the sender, event and link\): \d+ characters, 1 SMS \(\d+ more characters fit in one SMS\)/);
    // Saved again unchanged: nothing to tell.
    const same = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, date: "2037-03-06T18:00", ends_at: "2037-03-07T12:00" }, { cookie });
    expect(same.headers.get("Location")).not.toContain("/message");
  });

  it("saves an end in Malawi time, shows it again in the form, and gives it to visitors with the start", async () => {
    const created = await postForm("/admin/events/new", { ...valid, date: "2037-03-06T18:00", ends_at: "2037-03-08T12:00" }, { cookie });
    expect(created.status).toBe(302);
    const stored = () => env.DB.prepare("SELECT date, ends_at FROM churchevents WHERE id = 1").first();
    expect(await stored()).toEqual({ date: "2037-03-06T16:00:00.000Z", ends_at: "2037-03-08T10:00:00.000Z" });
    expect(await (await request("/admin/events/edit/1", { cookie })).text()).toContain('value="2037-03-08T12:00"');

    const publicPage = await (await request("/events/1")).text();
    // The start in the spec's formats, then its end.
    expect(textOf(publicPage)).toContain("Friday, March 6, 2037 6:00 PM (Malawi time) Until Sunday, March 8, 2037 at 12:00 PM");
    expect(publicPage).toContain('"endDate":"2037-03-08T12:00:00+02:00"');
    expect(textOf(await (await request("/events")).text())).toContain("Friday, March 6, 2037 6:00 PM (Malawi time) Until Sunday, March 8, 2037 at 12:00 PM");

    // Moved to the same evening: the day is said once. The log names the change.
    const sameDay = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, date: "2037-03-06T18:00", ends_at: "2037-03-06T21:00" }, { cookie });
    expect(sameDay.status).toBe(302);
    expect(textOf(await (await request("/events/1")).text())).toContain("Friday, March 6, 2037 6:00 PM (Malawi time) Until 9:00 PM");
    const log = await env.DB.prepare("SELECT summary FROM activity_log WHERE action LIKE 'Updated%' ORDER BY id DESC").first<{ summary: string }>();
    expect(log?.summary).toContain("Changed: end");

    // Emptied: no end, as before the field existed.
    await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, date: "2037-03-06T18:00", ends_at: "" }, { cookie });
    expect(await stored()).toEqual({ date: "2037-03-06T16:00:00.000Z", ends_at: null });
    expect(textOf(await (await request("/events/1")).text())).not.toContain("Until");
  });

  it("uses a bundled sample image, and never a URL that is not ours", async () => {
    await postForm("/admin/events/new", { ...valid, image_sample: "/media/events/sample-retreat-1600w.webp" }, { cookie });
    expect((await events())[0]!.image_url).toBe("/media/events/sample-retreat-1600w.webp");
    const edit = await (await request("/admin/events/edit/1", { cookie })).text();
    expect(isChecked(edit, "image_sample", "/media/events/sample-retreat-1600w.webp")).toBe(true);
    expect(isChecked(edit, "image_sample", "/media/events/sample-outreach-1600w.webp")).toBe(false);

    await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, image_url: "https://evil.example/x.png" }, { cookie });
    expect((await events())[0]!.image_url).toBe("/media/events/sample-retreat-1600w.webp");
    await postForm("/admin/events/new", { ...valid, name: "Other", image_url: "https://evil.example/x.png" }, { cookie });
    expect((await events())[1]!.image_url).toBeNull();
  });

  it("shows the event's name as the picture's description on the public page when none was given", async () => {
    await postForm("/admin/events/new", { ...valid, image_sample: "/media/events/sample-outreach-1600w.webp" }, { cookie });
    const page = await (await request("/events/1")).text();
    expect(page).toMatch(/<img[^>]*alt="Northern Region Men&#x27;s Rally"/);
  });

  it("stores a file posted without JavaScript in R2, and keeps it when a later file is refused", async () => {
    const jpeg = new File([fixtureBytes("jpeg")], "rally.jpg", { type: "image/jpeg" });
    const created = await postMultipart("/admin/events/new", { ...valid, image_file: jpeg }, { cookie });
    expect(await toastOf(created)).toMatchObject({ title: "Event created" });
    const [first] = await events();
    expect(first!.image_url).toMatch(/^\/images\/event-images\/[a-f0-9]{32}\.jpg$/);
    const stored = await env.IMAGES.get(first!.image_url!.slice("/images/".length));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(fixtureBytes("jpeg"));

    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "poster.png", { type: "image/png" });
    const refused = await postMultipart("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, name: "Renamed", image_url: first!.image_url!, image_file: svg }, { cookie });
    expect(await toastOf(refused)).toMatchObject({ title: "Upload Error", variant: "destructive" });
    expect((await toastOf(refused))!.description).toMatch(/^Failed to upload image\. Please try again\. .*The rest was saved/);
    expect((await events())[0]).toMatchObject({ name: "Renamed", image_url: first!.image_url });
    expect((await env.IMAGES.list()).objects).toHaveLength(1);
  });

  it("deletes an event with its registrations and its uploaded image, asking first", async () => {
    await postMultipart("/admin/events/new", { ...valid, image_file: new File([fixtureBytes("png")], "a.png", { type: "image/png" }) }, { cookie });
    await runSql(["INSERT INTO churchevents (id, name) VALUES (2, 'Stays')", registrationsSql(1, 3), registrationsSql(2, 2)]);
    expect((await env.IMAGES.list()).objects).toHaveLength(1);

    const dialog = await eventsTab("&delete=1");
    expect(dialog).toContain("Delete event?");
    expect(dialog).toContain("This will also delete 3 registrations.");

    const response = await postForm("/admin/events/edit/1", { intent: "delete" }, { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=events");
    expect(await toastOf(response)).toEqual({ title: "Event deleted" });
    expect((await events()).map((e) => e.name)).toEqual(["Stays"]);
    expect(await registrationCount(1)).toBe(0);
    expect(await registrationCount(2)).toBe(2);
    expect((await env.IMAGES.list()).objects).toHaveLength(0);

    const again = await postForm("/admin/events/edit/1", { intent: "delete" }, { cookie });
    expect(await toastOf(again)).toEqual({ title: "Error", description: "Failed to delete event: it no longer exists.", variant: "destructive" });
  });

  it("does not delete an event with money recorded for its registrations: the dialog says why and leads to hiding it; a failed charge does not count", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, price) VALUES (1, 'Paid Retreat', 15000), (2, 'Tried Once', 15000)",
      registrationsSql(1, 2),
      registrationsSql(2, 1),
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, paid_at) SELECT 'BMM-PAID1', 'online', 'paid', id, 1, 15000, '2030-01-02T10:00:00.000Z' FROM event_registrations WHERE event_id = 1 LIMIT 1",
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount) SELECT 'BMM-FAILED2', 'online', 'failed', id, 2, 15000 FROM event_registrations WHERE event_id = 2",
    ]);
    const dialog = textOf(await eventsTab("&delete=1"));
    expect(dialog).toContain('"Paid Retreat": Payments are recorded for its registrations, so it cannot be deleted: the accounts must keep who paid. To take it off the website, edit it and switch off Active.');
    const html = await eventsTab("&delete=1");
    const open = html.split("</dialog>").find((part) => part.includes("&quot;Paid Retreat&quot;:"))!;
    expect(open).toContain('href="/admin/events/edit/1"');
    expect(open).toContain(">Edit the event<");
    expect(open).not.toContain('value="delete"');

    // Posted anyway (an old page, or a payment recorded since the dialog opened): refused, nothing lost.
    const refused = await postForm("/admin/events/edit/1", { intent: "delete" }, { cookie });
    expect(await toastOf(refused)).toEqual({
      title: "Error",
      description: "Failed to delete event: a payment is recorded for its registrations, and the accounts must keep who paid. To take it off the website, edit it and switch off Active.",
      variant: "destructive",
    });
    expect((await events()).map((e) => e.name).sort()).toEqual(["Paid Retreat", "Tried Once"]);
    expect(await registrationCount(1)).toBe(2);
    expect(await env.DB.prepare("SELECT event_id, registration_id IS NOT NULL AS linked FROM payments WHERE reference = 'BMM-PAID1'").first()).toEqual({ event_id: 1, linked: 1 });

    // A charge that failed moved no money: that event goes as any other.
    expect(await toastOf(await postForm("/admin/events/edit/2", { intent: "delete" }, { cookie }))).toEqual({ title: "Event deleted" });
    expect((await events()).map((e) => e.name)).toEqual(["Paid Retreat"]);
  });

  it("keeps the fee of an event men have paid: emptying it is refused on the field, what was typed kept; without payments it goes", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, price) VALUES (1, 'Paid Retreat', 15000), (2, 'Unpaid Retreat', 15000)",
      registrationsSql(1, 1),
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, paid_at) SELECT 'BMM-PAID1', 'online', 'paid', id, 1, 15000, '2030-01-02T10:00:00.000Z' FROM event_registrations WHERE event_id = 1",
    ]);
    for (const price of ["", "0"]) {
      const refused = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, name: "Paid Retreat Renamed", price }, { cookie });
      expect(refused.status, price).toBe(400);
      const html = await refused.text();
      expect(textOf(html)).toContain("Payments are recorded for this fee, so it cannot be removed");
      expect(html).toContain('value="Paid Retreat Renamed"');
      expect(await env.DB.prepare("SELECT name, price FROM churchevents WHERE id = 1").first(), price).toEqual({ name: "Paid Retreat", price: 15000 });
    }
    // A new amount is a fee still: saved.
    const changed = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...valid, name: "Paid Retreat", price: "12000" }, { cookie });
    expect(changed.status).toBe(302);
    const free = await postForm("/admin/events/edit/2", { version: await formVersion("churchevents", 2), ...valid, name: "Unpaid Retreat", price: "" }, { cookie });
    expect(free.status).toBe(302);
    expect(await env.DB.prepare("SELECT id, price FROM churchevents ORDER BY id").all().then((r) => r.results)).toEqual([{ id: 1, price: 12000 }, { id: 2, price: null }]);
    // An event whose fee was emptied before this rule, its money recorded, is still saved (nothing is removed now).
    await runSql([
      "INSERT INTO churchevents (id, name, price) VALUES (3, 'Emptied Before', NULL)",
      "INSERT INTO payments (reference, kind, status, event_id, amount, paid_at) VALUES ('BMM-PAID3', 'cash', 'paid', 3, 15000, '2030-01-02T10:00:00.000Z')",
    ]);
    const before = await postForm("/admin/events/edit/3", { version: await formVersion("churchevents", 3), ...valid, name: "Emptied Before, Renamed", price: "" }, { cookie });
    expect(before.status).toBe(302);
    expect(await env.DB.prepare("SELECT name FROM churchevents WHERE id = 3").first()).toEqual({ name: "Emptied Before, Renamed" });
  });

  it("a delete and cash taken at the same moment: either the event stays with its payment, or it goes and no payment is left without its event", async () => {
    for (let round = 0; round < 5; round++) {
      await runSql([
        "DELETE FROM payments",
        "DELETE FROM event_registrations",
        "DELETE FROM churchevents",
        "INSERT INTO churchevents (id, name, price, date) VALUES (1, 'Raced', 15000, '2030-06-12T06:00:00.000Z')",
        registrationsSql(1, 1),
        "UPDATE event_registrations SET status = 'confirmed'",
      ]);
      const { id } = (await env.DB.prepare("SELECT id FROM event_registrations").first<{ id: number }>())!;
      await Promise.all([
        postForm("/admin/events/edit/1", { intent: "delete" }, { cookie }),
        postForm("/admin/events/registrations/1", { intent: "record-cash", registration_id: String(id), amount: "15000", receipt_number: `R-${round}` }, { cookie }),
      ]);
      const event = await env.DB.prepare("SELECT count(*) AS n FROM churchevents").first<{ n: number }>();
      const orphans = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE event_id IS NULL OR registration_id IS NULL").first<{ n: number }>();
      expect(orphans!.n, `round ${round}`).toBe(0);
      if (event!.n === 1) expect(await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE kind = 'cash'").first(), `round ${round}`).toEqual({ n: 1 });
    }
  });

  it("says so when a delete fails, and keeps the event", async () => {
    await runSql(["INSERT INTO churchevents (id, name) VALUES (1, 'Kept')", "DROP TABLE event_registrations"]);
    const response = await postForm("/admin/events/edit/1", { intent: "delete" }, { cookie });
    expect(await toastOf(response)).toEqual({ title: "Error", description: "Failed to delete event. Please try again.", variant: "destructive" });
    expect((await events()).map((e) => e.name)).toEqual(["Kept"]);
  });

  it("a save refused because someone saved first keeps the picture it brought, stored and in the form; saving again shows it", async () => {
    await postForm("/admin/events/new", valid, { cookie });
    await postForm("/admin/events/edit/1", { ...valid, version: "1", location: "Changed first" }, { cookie });
    const stale = await postMultipart("/admin/events/edit/1", { ...valid, version: "1", image_file: new File([fixtureBytes("png")], "a.png", { type: "image/png" }) }, { cookie });
    expect(stale.status).toBe(409);
    const picture = (await stale.text()).match(/name="image_url"[^>]*value="(\/images\/[^"]+)"/)?.[1];
    expect(picture).toMatch(/^\/images\//);
    // The clean-up a refused save used to run after its answer would have deleted it by now.
    for (let look = 0; look < 10; look++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await request(picture!)).status, `after ${look * 20} ms`).toBe(200);
    }
    expect((await postForm("/admin/events/edit/1", { ...valid, version: "2", image_url: picture! }, { cookie })).status).toBe(302);
    expect((await events())[0]).toMatchObject({ image_url: picture });
    expect((await request(picture!)).status).toBe(200);
  });

  it("fails cleanly when saving an event that was deleted meanwhile, leaving no stray image", async () => {
    const response = await postMultipart(
      "/admin/events/edit/42",
      { version: await formVersion("churchevents", 42), ...valid, image_file: new File([fixtureBytes("png")], "a.png", { type: "image/png" }) },
      { cookie },
    );
    expect(response.headers.get("Location")).toBe("/admin/account/unsaved"); // what was typed is kept there (decision 037)
    expect(await toastOf(response)).toEqual({ title: "Error", description: "Failed to save event: this record no longer exists.", variant: "destructive" });
    expect(await events()).toEqual([]);
    expect((await env.IMAGES.list()).objects).toHaveLength(0);
  });

  it("keeps what was typed with the spec's toast when the database refuses the save", async () => {
    await runSql(["DROP TABLE event_registrations", "DROP TABLE churchevents"]);
    const response = await postForm("/admin/events/new", valid, { cookie });
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain("Failed to save event. Please try again.");
    expect(page).toContain(`value="Mzuzu Baptist Church"`);
    expect(page).toContain('value="2037-03-05T09:30"');
  });

  it("sends a failed load back to the events list with the spec's toast", async () => {
    for (const id of ["42", "abc"]) {
      const response = await request(`/admin/events/edit/${id}`, { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin?tab=events");
      expect(await toastOf(response)).toEqual({ title: "Error", description: "Failed to load event data. Please try again.", variant: "destructive" });
    }
  });

  it("is only for signed-in admins", async () => {
    expect((await request("/admin/events/new")).headers.get("Location")).toMatch(/^\/auth/);
    const post = await postForm("/admin/events/new", valid);
    expect(post.status).toBeGreaterThanOrEqual(300);
    expect(await events()).toEqual([]);
  });
});
