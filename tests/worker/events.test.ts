// /events and /events/{id} as a visitor receives them from the server (before any JavaScript runs).
import { describe, expect, it } from "vitest";
import { EVENTS_MESSAGES } from "~/features/events/event-messages";
import { REGISTRATION_MESSAGES } from "~/features/events/registration-form";
import { request, runSql, seedDemo } from "./helpers";
import { textOf } from "./public-helpers";

const ACTIVE_IN_DATE_ORDER = [
  "Central Region Men&#x27;s Prayer Breakfast",
  "Lake Malawi Men&#x27;s Retreat",
  "Fathers and Sons Outreach Day",
  "National Men&#x27;s Conference 2027",
  "Northern Region Leadership Training",
];

async function page(path: string) {
  const response = await request(path);
  return { status: response.status, body: await response.text() };
}

/** The HTML of the <article> card whose heading links to /events/{id}. */
function card(body: string, id: number): string {
  const articles = body.match(/<article[\s\S]*?<\/article>/g) ?? [];
  const found = articles.find((a) => a.includes(`href="/events/${id}"`));
  if (!found) throw new Error(`no card for event ${id}`);
  return found;
}

function insertEvent(fields: { id: number; name: string; date: string | null; active?: boolean; registration_enabled?: boolean }) {
  const date = fields.date === null ? "NULL" : `'${fields.date}'`;
  return runSql([
    `INSERT INTO churchevents (id, name, date, location, description, active, registration_enabled)
     VALUES (${fields.id}, '${fields.name}', ${date}, 'Somewhere', 'About it', ${fields.active === false ? 0 : 1}, ${fields.registration_enabled === false ? 0 : 1})`,
  ]);
}

describe("/events", () => {
  it("lists only active events, soonest first, undated last", async () => {
    await seedDemo();
    const { status, body } = await page("/events");
    expect(status).toBe(200);
    expect(body).toMatch(/<h1[^>]*>Upcoming Events<\/h1>/);
    const positions = ACTIVE_IN_DATE_ORDER.map((name) => body.indexOf(name));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(body).not.toContain("Executive Committee Planning Meeting");
  });

  it("orders by the instant, not by the text a visitor sees", async () => {
    await insertEvent({ id: 1, name: "Later", date: "2031-03-02T08:00:00.000Z" });
    await insertEvent({ id: 2, name: "Undated", date: null });
    await insertEvent({ id: 3, name: "Sooner", date: "2031-03-01T22:30:00.000Z" });
    const { body } = await page("/events");
    expect(body.indexOf(">Sooner<")).toBeLessThan(body.indexOf(">Later<"));
    expect(body.indexOf(">Later<")).toBeLessThan(body.indexOf(">Undated<"));
  });

  it("shows dates and times in Malawi time, whatever the server's zone", async () => {
    // 22:30 UTC on 1 March is 00:30 on Sunday 2 March in Blantyre (UTC+2).
    await insertEvent({ id: 3, name: "Midnight Vigil", date: "2031-03-01T22:30:00.000Z" });
    const article = card((await page("/events")).body, 3);
    expect(article).toContain("Sunday, March 2, 2031");
    expect(article).toContain("12:30 AM");
    expect(article).toContain('dateTime="2031-03-01T22:30:00.000Z"');
  });

  it("keeps a multi-day event while it runs, with its start and end, its registration closed since the start (decision 051)", async () => {
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    await runSql([
      `INSERT INTO churchevents (id, name, date, ends_at, location, active, registration_enabled)
        VALUES (1, 'Running Conference', '${hoursFromNow(-30)}', '${hoursFromNow(40)}', 'Mzuzu', 1, 1), (2, 'Next Breakfast', '${hoursFromNow(100)}', NULL, 'Zomba', 1, 1)`,
    ]);
    const { body } = await page("/events");
    const running = card(body, 1);
    expect(textOf(running)).toMatch(/\w+day, \w+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M \(Malawi time\) Until \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
    expect(running).toContain(EVENTS_MESSAGES.registrationClosed);
    expect(body.indexOf("Running Conference")).toBeLessThan(body.indexOf("Next Breakfast"));
    const home = await (await request("/")).text();
    expect(home).toContain("Running Conference");
  });

  it("shows the demo prayer breakfast at 6:30 AM with its image in a 16:9 box", async () => {
    await seedDemo();
    const article = card((await page("/events")).body, 1);
    expect(article).toContain("6:30 AM");
    expect(article).toMatch(/aspect-video/);
    expect(article).toMatch(/<img[^>]*srcSet="[^"]*480w/);
    expect(article).toMatch(/<img[^>]*sizes="/);
    expect(article).toContain("Lilongwe Baptist Church, Area 47, Lilongwe");
    expect(article).toContain("Start the day in prayer");
  });

  it("offers Register Now as a link where registration is open, and a plain 'Registration Closed' where it is not", async () => {
    await seedDemo();
    const { body } = await page("/events");
    const open = card(body, 2);
    expect(open).toMatch(/<a[^>]*href="\/events\?register=2"[^>]*>Register Now/);
    const closed = card(body, 3);
    expect(closed).toContain("Registration Closed");
    expect(closed).not.toContain("register=3");
    expect(closed).not.toMatch(/<(a|button)[^>]*>Registration Closed/);
  });

  it("says when there is no date or location yet, and shows an icon instead of a missing image", async () => {
    await seedDemo();
    const article = card((await page("/events")).body, 5);
    expect(article).toContain(EVENTS_MESSAGES.dateToBeAnnounced);
    expect(article).toContain(EVENTS_MESSAGES.locationToBeAnnounced);
    expect(article).not.toContain("<img");
    expect(article).toContain("<svg");
  });

  it("shows the empty state when there is no active event", async () => {
    await insertEvent({ id: 1, name: "Hidden", date: null, active: false });
    const { status, body } = await page("/events");
    expect(status).toBe(200);
    expect(body).toContain(EVENTS_MESSAGES.empty);
    expect(body).not.toContain("Hidden");
  });

  it("shows the spec's failure message when the events cannot be loaded", async () => {
    await runSql(["DROP TABLE event_registrations", "DROP TABLE churchevents"]);
    const { status, body } = await page("/events");
    expect(status).toBe(503);
    expect(body).toContain(EVENTS_MESSAGES.loadFailed);
    expect(body).not.toContain("Oops! Page not found");
  });

  it("links every card to the event's own page", async () => {
    await seedDemo();
    const { body } = await page("/events");
    for (const id of [1, 2, 3, 4, 5]) expect(body).toContain(`href="/events/${id}"`);
    expect(body).not.toContain('href="/events/6"');
  });
});

describe("/events?register={id}", () => {
  it("is rendered by the server with the dialog open for that event and its form", async () => {
    await seedDemo();
    const { status, body } = await page("/events?register=2");
    expect(status).toBe(200);
    const dialog = body.match(/<dialog[\s\S]*?<\/dialog>/)?.[0] ?? "";
    expect(dialog).toMatch(/<dialog[^>]*\sopen=""/);
    expect(dialog).toContain("Register for Lake Malawi Men&#x27;s Retreat");
    // The preview a chat app shows for the shared link names the event.
    expect(body).toContain('<meta property="og:title" content="Register for Lake Malawi Men&#x27;s Retreat"/>');
    expect(body).toMatch(/<meta property="og:image" content="http:\/\/localhost\/media\/events\/sample-retreat-share\.jpg"\/>/);
    expect(dialog).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/events")[^>]*>/);
    expect(dialog).toMatch(/<input(?=[^>]*name="event_id")(?=[^>]*value="2")[^>]*>/);
    expect(dialog).toMatch(/<input(?=[^>]*name="full_name")(?=[^>]*required)[^>]*>/);
    expect(dialog).toMatch(/<input(?=[^>]*name="phone_number")(?=[^>]*type="tel")(?=[^>]*inputMode="tel")(?=[^>]*autoComplete="tel")(?=[^>]*required)[^>]*>/);
    expect(dialog).toMatch(/<input(?=[^>]*name="email")(?=[^>]*type="email")(?![^>]*required)[^>]*>/);
    expect(dialog).toContain(REGISTRATION_MESSAGES.emailHint);
    expect(dialog).toMatch(/<a[^>]*href="\/events"[^>]*aria-label="Close"/);
    // Labels for every field.
    for (const label of ["Full Name", "Phone Number", "Email"]) expect(dialog).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label}`));
  });

  it("opens no dialog for a closed, hidden, unknown or malformed event, and says why", async () => {
    await seedDemo();
    for (const [query, notice] of [
      ["3", REGISTRATION_MESSAGES.closed],
      ["6", REGISTRATION_MESSAGES.eventNotFound],
      ["999", REGISTRATION_MESSAGES.eventNotFound],
      ["abc", REGISTRATION_MESSAGES.eventNotFound],
    ] as const) {
      const { status, body } = await page(`/events?register=${query}`);
      expect(status).toBe(200);
      expect(body).not.toMatch(/<dialog[^>]*\sopen=""/);
      expect(body).toContain(notice);
    }
  });

  it("also opens the dialog on the event's own page", async () => {
    await seedDemo();
    const { body } = await page("/events/4?register=4");
    expect(body).toMatch(/<dialog[^>]*\sopen=""/);
    expect(body).toContain("Register for National Men&#x27;s Conference 2027");
    expect(body).toMatch(/<form(?=[^>]*action="\/events\/4")[^>]*>/);
  });
});

describe("/events/{id}", () => {
  it("shows an active event with its details, paragraphs, title and meta description", async () => {
    await seedDemo();
    const { status, body } = await page("/events/1");
    expect(status).toBe(200);
    expect(body).toMatch(/<h1[^>]*>Central Region Men&#x27;s Prayer Breakfast<\/h1>/);
    expect(body).toContain("<title>Central Region Men&#x27;s Prayer Breakfast | Baptist Men Malawi</title>");
    expect(body).toMatch(/<meta name="description" content="\w+day, [^"]* at 6:30 AM · Lilongwe Baptist Church, Area 47, Lilongwe\. Start the day in prayer/);
    expect(body).toContain('<meta property="og:image" content="http://localhost/media/events/prayer-breakfast-share.jpg"/>');
    expect(body).toContain("6:30 AM");
    expect(body).toContain("Lilongwe Baptist Church, Area 47, Lilongwe");
    expect(body).toMatch(/<img(?=[^>]*fetchPriority="high")(?=[^>]*loading="eager")[^>]*>/);
    expect(body).toMatch(/<a[^>]*href="\/events"[^>]*>[\s\S]*?Back to Events/);
    expect(body).toMatch(/<a[^>]*href="\/events\/1\?register=1"[^>]*>Register Now/);
    expect(body).not.toMatch(/<dialog[^>]*\sopen=""/);
  });

  it("splits the description into paragraphs at line breaks", async () => {
    await runSql([
      `INSERT INTO churchevents (id, name, description) VALUES (7, 'Two Parts', 'First part.' || char(10) || char(10) || 'Second part.')`,
    ]);
    const { body } = await page("/events/7");
    expect(body).toContain("<p>First part.</p>");
    expect(body).toContain("<p>Second part.</p>");
    expect(body).toContain(EVENTS_MESSAGES.dateToBeAnnounced);
  });

  it("shows 'Registration Closed' instead of the button when registration is off", async () => {
    await seedDemo();
    const { status, body } = await page("/events/3");
    expect(status).toBe(200);
    expect(body).toContain("Registration Closed");
    expect(body).not.toContain("register=3");
    expect(body).not.toMatch(/<dialog[^>]*\sopen=""/);
  });

  it.each(["/events/6", "/events/999", "/events/abc", "/events/1.5", "/events/0", "/events/-1"])(
    "answers 404 with the not-found page for %s (hidden, unknown or not an id)",
    async (path) => {
      await seedDemo();
      const { status, body } = await page(path);
      expect(status).toBe(404);
      expect(body).toContain("Oops! Page not found");
    },
  );
});
