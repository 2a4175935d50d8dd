// The registration e-mails (issue 16, parts 2 and 3), through the real Worker and D1 with a fake
// Email Service binding: a registrant who gave an address gets the confirmation (or their number on
// the waiting list) with code, private link and the event's .ics, a note when they move up (every
// way a place frees: cancelling on the private page or at the desk, Move up, more places in the
// event form) and one when they are cancelled; phone-only registrants and refused registrations
// write nothing. Staff hear of website registrations as each event chooses: each one, or a daily
// summary from the daily cron covering only what came since the last one.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CONTACT_DEFAULTS, ORGANISATION_DEFAULTS } from "~/features/settings/organisation";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { DAILY_CRON } from "../../workers/scheduled-jobs";
import { allSettled, expectNoRemoteContent, fakeSender, outboxRows, runCron, SITE_URL, waitForOutbox, withEmailSetUp, type StoredRow } from "./email-helpers";
import { createAdmin, postForm, postGroupForm, request, runSql, seedReference, signIn, formVersion } from "./helpers";

withEmailSetUp();

const FUTURE = "2030-06-12T06:00:00.000Z";
const EVENTS = CONTACT_DEFAULTS.events_email;
let nextPhone = 200000;

beforeEach(async () => {
  await seedReference();
});

async function event(id: number, columns: Record<string, string | number | null> = {}) {
  const values = { id, name: `Event ${id}`, date: FUTURE, location: "Capital Hill Baptist Church, Lilongwe", capacity: null, ...columns };
  const names = Object.keys(values);
  await env.DB.prepare(`INSERT INTO churchevents (${names.join(", ")}) VALUES (${names.map((_, i) => `?${i + 1}`).join(", ")})`)
    .bind(...Object.values(values))
    .run();
}

/** A registration as the island sends it, each from its own phone. */
async function register(eventId: number, fields: { full_name?: string; email?: string } = {}) {
  const phone = `0991 ${nextPhone++}`;
  // Each from its own address, as phones are (one address may register only so many: registration-limits.test.ts).
  const response = await postForm("/api/registrations", { event_id: String(eventId), full_name: `Brother ${phone}`, phone_number: phone, email: "", ...fields }, { ip: `198.51.100.${nextPhone % 250}` });
  const answer = await response.json<RegistrationAnswer>();
  const registration = answer.registration ?? null;
  return { status: response.status, registration, token: registration?.privateUrl.split("/registrations/")[1] ?? null };
}

/** Waits until every e-mail written so far has been sent (or failed), then answers them. */
async function settled(count: number): Promise<StoredRow[]> {
  await waitForOutbox((rows) => rows.length === count && allSettled(rows));
  return outboxRows();
}

/** Forgets the e-mails written so far, once they are sent (nothing is left sending into the next step or test). */
async function clearOutbox() {
  await waitForOutbox((rows) => rows.every((row) => row.status === "sent" || row.status === "failed"));
  await runSql(["DELETE FROM email_outbox"]);
}

const decode = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

describe("to the registrant", () => {
  it("confirms a place: their name, code, private link from SITE_URL, when and where, replies to the events address, and the event's .ics", async () => {
    const sender = fakeSender();
    await event(1, { name: "National Men's Conference", description: "Three days of teaching." });
    const { registration, token } = await register(1, { full_name: "Kondwani O'Phiri & Sons <b>", email: "kondwani@example.mw" });
    expect(registration!.status).toBe("confirmed");

    const [row] = await settled(1);
    expect(row).toMatchObject({ kind: "registration-confirmed", recipient: "kondwani@example.mw", subject: "Your place is confirmed: National Men's Conference", status: "sent" });
    const text = row!.body_text!;
    for (const part of [
      "Hello Kondwani O'Phiri & Sons <b>,",
      "Your place at National Men's Conference is confirmed.",
      `Your code: ${registration!.code}`,
      "When: Wednesday, June 12, 2030 at 8:00 AM",
      "Where: Capital Hill Baptist Church, Lilongwe",
      `${SITE_URL}/registrations/${token}`,
      ORGANISATION_DEFAULTS.name,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain("%%");
    // What the visitor typed is escaped in the HTML, filled in by the database as the page would.
    const html = row!.body_html!;
    expect(html).toContain("Hello Kondwani O&#39;Phiri &amp; Sons &lt;b&gt;,");
    expect(html).not.toContain("<b>,");
    expect(html).toContain(`href="${SITE_URL}/registrations/${token}"`);
    expect(html).not.toContain("%%");
    expectNoRemoteContent(html);

    const sent = sender.accepted[0]!;
    expect(sent.to).toBe("kondwani@example.mw");
    expect(sent.replyTo).toEqual({ email: EVENTS, name: ORGANISATION_DEFAULTS.name });
    const [attachment] = sent.attachments!;
    expect(attachment).toMatchObject({ filename: "national-mens-conference.ics", type: "text/calendar; method=PUBLISH", disposition: "attachment" });
    // The same file as the event page's 'Add to calendar' (but for the time it was made).
    const ics = decode(attachment!.content as string);
    const download = await (await request("/events/1/calendar.ics")).text();
    const withoutStamp = (file: string) => file.replace(/DTSTAMP:\d+T\d+Z\r\n/, "");
    expect(withoutStamp(ics)).toBe(withoutStamp(download.replace("http://localhost", SITE_URL)));
    expect(ics).toContain("SUMMARY:National Men's Conference");
    expect(ics).toContain(`UID:event-1@baptistmen.example`);
  });

  it("tells someone on the waiting list their number on it, with the same link and calendar file", async () => {
    fakeSender();
    await event(1, { capacity: 1 });
    await register(1);
    await register(1);
    const { registration, token } = await register(1, { full_name: "Third Man", email: "third@example.mw" });
    expect(registration!.status).toBe("waitlisted");

    const [row] = await settled(1);
    expect(row).toMatchObject({ kind: "registration-waitlisted", recipient: "third@example.mw", subject: "You are on the waiting list: Event 1" });
    expect(row!.body_text).toContain("Event 1 is full, so you are number 2 on the waiting list.");
    expect(row!.body_text).toContain(`${SITE_URL}/registrations/${token}`);
    expect(JSON.parse(row!.attachments!)[0].filename).toBe("event-1.ics");
  });

  it("an event with a fee: the confirmation, and the note of moving up, say the fee and where to pay it; the waiting list's does not, nor a free event's", async () => {
    fakeSender();
    await event(1, { price: 15000, capacity: 1 });
    await event(2);
    const first = await register(1, { full_name: "First Man", email: "first@example.mw" });
    await register(1, { full_name: "Second Man", email: "second@example.mw" });
    await register(2, { full_name: "Free Man", email: "free@example.mw" });
    const howToPay = "Fee: MK 15,000, still to pay. Your registration's page (the button below) says how to pay it.";
    const sent = await settled(3);
    const textFor = (recipient: string, rows: StoredRow[]) => rows.find((row) => row.recipient === recipient)!.body_text!;
    expect(textFor("first@example.mw", sent)).toContain(howToPay);
    expect(textFor("second@example.mw", sent)).toContain("waiting list");
    expect(textFor("second@example.mw", sent)).not.toContain("Fee:");
    expect(textFor("free@example.mw", sent)).not.toContain("Fee:");
    // The first cancels: the second moves up, and now has the fee to pay.
    await postForm(`/registrations/${first.token}`, {});
    const movedUp = (await settled(5)).slice(3).find((row) => row.kind === "registration-moved-up")!;
    expect(movedUp.recipient).toBe("second@example.mw");
    expect(movedUp.body_text).toContain(howToPay);
  });

  it("an event without a date: the confirmation says so and has no calendar file", async () => {
    fakeSender();
    await event(1, { date: null });
    await register(1, { email: "early@example.mw" });
    const [row] = await settled(1);
    expect(row!.body_text).toContain("When: Date to be announced");
    expect(row!.attachments).toBeNull();
  });

  it("writes nothing for a phone-only registrant, nor for a registration refused (full, closed, already registered)", async () => {
    fakeSender();
    await event(1, { registration_notifications: "each" });
    await event(2, { capacity: 1, waitlist_enabled: 0, registration_notifications: "each" });
    await event(3, { registration_enabled: 0, registration_notifications: "each" });
    await register(2);
    await clearOutbox();

    expect((await register(1)).status).toBe(200);
    // Staff hear of the phone-only registrant; the registrant has no address to hear at.
    expect((await outboxRows()).map((row) => row.kind)).toEqual(["registration-notification"]);
    await clearOutbox();

    expect((await register(2, { email: "late@example.mw" })).status).toBe(409);
    expect((await register(3, { email: "late@example.mw" })).status).toBe(409);
    const phone = "0991 777 001";
    await postForm("/api/registrations", { event_id: "1", full_name: "Once", phone_number: phone, email: "" });
    await clearOutbox();
    const again = await postForm("/api/registrations", { event_id: "1", full_name: "Twice", phone_number: phone, email: "twice@example.mw" });
    expect(again.status).toBe(409);
    expect(await outboxRows()).toEqual([]);
  });

  it("a sender that throws fails the e-mail with its reason; the registration stands", async () => {
    fakeSender(() => new Error("connection reset"));
    await event(1);
    const { status, token } = await register(1, { email: "unlucky@example.mw" });
    expect(status).toBe(200);
    const [row] = await settled(1);
    expect(row).toMatchObject({ status: "failed", last_error: expect.stringContaining("connection reset") });
    expect(await env.DB.prepare("SELECT status FROM event_registrations WHERE token = ?1").bind(token).first()).toEqual({ status: "confirmed" });
  });
});

describe("moving up and cancelling", () => {
  it("cancelling on the private page: the canceller hears it is cancelled, the first waiting that they moved up", async () => {
    fakeSender();
    await event(1, { capacity: 1 });
    const first = await register(1, { full_name: "First Man", email: "first@example.mw" });
    const second = await register(1, { full_name: "Second Man", email: "second@example.mw" });
    await register(1, { full_name: "Third Man" });
    await settled(2);

    const cancel = await postForm(`/registrations/${first.token}`, {});
    expect(cancel.status).toBe(303);
    const rows = (await settled(4)).slice(2);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ["registration-cancelled", "first@example.mw"],
      ["registration-moved-up", "second@example.mw"],
    ]);
    expect(rows[0]!.subject).toBe("Registration cancelled: Event 1");
    expect(rows[0]!.body_text).toContain(`Hello First Man,`);
    expect(rows[0]!.body_text).toContain(`Your registration for Event 1 (code ${first.registration!.code}) is cancelled.`);
    // He cancelled it himself: his page (linked) restores it, as that page offers; not "register again".
    expect(rows[0]!.body_text).toContain("If this is a mistake, your registration's page restores it, with the same code, while the event takes registrations.");
    expect(rows[0]!.body_text).toContain(`${SITE_URL}/registrations/${first.token}`);
    expect(rows[0]!.body_text).not.toContain("register again");
    expect(rows[1]!.subject).toBe("A place opened: you are confirmed for Event 1");
    expect(rows[1]!.body_text).toContain("Hello Second Man,");
    expect(rows[1]!.body_text).toContain(`Your code: ${second.registration!.code}`);
    expect(rows[1]!.body_text).toContain(`${SITE_URL}/registrations/${second.token}`);

    // Cancelling again changes nothing and writes nothing.
    await postForm(`/registrations/${first.token}`, {});
    expect(await outboxRows()).toHaveLength(4);
  });

  it("many cancelling at once: each person moved up hears exactly once, nobody else does", async () => {
    fakeSender();
    await event(1, { capacity: 10 });
    const cancellers = [];
    for (let i = 0; i < 10; i++) cancellers.push(await register(1));
    const waiting = [];
    for (let i = 0; i < 15; i++) waiting.push(await register(1, { full_name: `Waiting ${i}`, email: `waiting${i}@example.mw` }));
    await settled(15);
    await clearOutbox();

    await Promise.all(cancellers.map(({ token }) => postForm(`/registrations/${token}`, {})));
    const rows = await settled(10);
    expect(rows.every((row) => row.kind === "registration-moved-up")).toBe(true);
    expect(rows.map((row) => row.recipient).sort()).toEqual(waiting.slice(0, 10).map((_, i) => `waiting${i}@example.mw`).sort());
  });

  it("the desk: an addition with an e-mail is confirmed to them, a walk-in is not; cancel, restore and Move up each tell the registrant", async () => {
    fakeSender();
    await createAdmin();
    const cookie = await signIn();
    await event(1, { capacity: 2 });
    const desk = (fields: Record<string, string>) => postForm("/admin/events/registrations/1", fields, { cookie });
    const add = (name: string, phone: string, email: string) => desk({ intent: "add", full_name: name, phone_number: phone, email });
    await add("Desk One", "0881 000 001", "one@example.mw");
    await add("Desk Two", "0881 000 002", "");
    await add("Desk Three", "0881 000 003", "three@example.mw");
    let rows = await settled(2);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ["registration-confirmed", "one@example.mw"],
      ["registration-waitlisted", "three@example.mw"],
    ]);
    expect(rows[1]!.body_text).toContain("you are number 1 on the waiting list");
    const idOf = async (name: string) => (await env.DB.prepare("SELECT id FROM event_registrations WHERE full_name = ?1").bind(name).first<{ id: number }>())!.id;

    await desk({ intent: "cancel", registration_id: String(await idOf("Desk One")) });
    rows = (await settled(4)).slice(2);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ["registration-cancelled", "one@example.mw"],
      ["registration-moved-up", "three@example.mw"],
    ]);

    // Restored while full: back on the waiting list, and told so again.
    await desk({ intent: "restore", registration_id: String(await idOf("Desk One")) });
    rows = (await settled(5)).slice(4);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([["registration-waitlisted", "one@example.mw"]]);
    expect(rows[0]!.body_text).toContain("you are number 1 on the waiting list");

    await desk({ intent: "promote-over", registration_id: String(await idOf("Desk One")) });
    rows = (await settled(6)).slice(5);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([["registration-moved-up", "one@example.mw"]]);

    const walkIn = await postForm("/admin/events/1/check-in", { intent: "walk-in", full_name: "Walk In", phone_number: "0881 000 009", email: "walk@example.mw", over_capacity: "on" }, { cookie });
    expect(walkIn.status).toBeLessThan(400);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE full_name = 'Walk In'").first()).toEqual({ n: 1 });
    expect(await outboxRows()).toHaveLength(6);
  });

  it("more places in the event form: everyone moved up with an address hears of it", async () => {
    fakeSender();
    await createAdmin();
    const cookie = await signIn();
    await event(1, { name: "Hall Rally", capacity: 1 });
    await register(1);
    await register(1, { full_name: "Waiting A", email: "a@example.mw" });
    await register(1, { full_name: "Waiting B" });
    await register(1, { full_name: "Waiting C", email: "c@example.mw" });
    await settled(2);
    await clearOutbox();

    const form = { intent: "save", name: "Hall Rally", date: "2030-06-12T08:00", location: "", description: "", image_alt: "", active: "on", registration_enabled: "on", waitlist_enabled: "on", registration_closes_at: "", registration_notifications: "none" };
    expect((await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, capacity: "3" }, { cookie })).status).toBe(302);
    const rows = await settled(1);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([["registration-moved-up", "a@example.mw"]]);
    expect(rows[0]!.body_text).toContain("Hello Waiting A,");
    // Waiting C is still waiting, and hears nothing.
    expect(await env.DB.prepare("SELECT status FROM event_registrations WHERE full_name = 'Waiting C'").first()).toEqual({ status: "waitlisted" });
  });
});

describe("to staff, as each event chooses", () => {
  it("'Each registration' e-mails one notice for a group, naming its leader and every man, replying to the leader", async () => {
    const sender = fakeSender();
    await event(1, { name: "Youth Camp", capacity: 2, waitlist_enabled: 1, registration_notifications: "each" });
    const response = await postGroupForm(
      1,
      { name: "Moses Zgambo", phone: "0885 555 666", email: "moses@example.mw" },
      [{ name: "Peter Zgambo" }, { name: "John Zgambo" }, { name: "Paul Zgambo", phone: "0991 555 667" }],
      { ip: "198.51.100.60", mode: "rest-waitlisted" },
    );
    expect(response.status).toBe(303);
    await waitForOutbox(allSettled);
    const notices = (await outboxRows()).filter((row) => row.kind === "registration-notification");
    expect(notices.map((row) => [row.recipient, row.subject])).toEqual([[EVENTS, "New group registration: Youth Camp"]]);
    const text = notices[0]!.body_text!;
    expect(text).toContain("Moses Zgambo registered a group of 3 men on the website for Youth Camp.");
    expect(text).toContain("Leader's phone: +265885555666\nLeader's e-mail: moses@example.mw");
    expect(text).toMatch(/Peter Zgambo: confirmed, code \w{6}\nJohn Zgambo: confirmed, code \w{6}\nPaul Zgambo: number 1 on the waiting list, code \w{6}/);
    expect(sender.accepted.find((payload) => payload.to === EVENTS)!.replyTo).toEqual({ email: "moses@example.mw", name: "Moses Zgambo" });
  });


  it("'Each registration' e-mails the events address with each one from the website, replying to the registrant; 'None' does not", async () => {
    const sender = fakeSender();
    await event(1, { name: "Youth Camp", capacity: 1, registration_notifications: "each" });
    await event(2, { registration_notifications: "none" });
    await event(3, { registration_notifications: "daily" });
    const first = await register(1, { full_name: "Chikondi Banda", email: "chikondi@example.mw" });
    const second = await register(1, { full_name: "Phone Only" });
    await register(2, { email: "none@example.mw" });
    await register(3);

    const rows = (await settled(4)).filter((row) => row.kind === "registration-notification");
    expect(rows.map((row) => [row.recipient, row.subject])).toEqual([
      [EVENTS, "New registration: Youth Camp"],
      [EVENTS, "New registration: Youth Camp"],
    ]);
    expect(rows[0]!.body_text).toContain("Chikondi Banda registered on the website for Youth Camp.");
    expect(rows[0]!.body_text).toContain(`Status: confirmed\nCode: ${first.registration!.code}\nPhone: +265991`);
    expect(rows[0]!.body_text).toContain("E-mail: chikondi@example.mw");
    expect(rows[0]!.body_text).toContain(`${SITE_URL}/admin/events/registrations/1`);
    expect(rows[1]!.body_text).toContain(`Status: number 1 on the waiting list\nCode: ${second.registration!.code}`);
    expect(rows[1]!.body_text).toContain("E-mail: none given");
    const toStaff = sender.accepted.filter((payload) => payload.to === EVENTS);
    expect(toStaff[0]!.replyTo).toEqual({ email: "chikondi@example.mw", name: "Chikondi Banda" });
    expect(toStaff[1]!.replyTo).toBeUndefined();
  });

  it("the event form saves the choice", async () => {
    await createAdmin();
    const cookie = await signIn();
    await event(1, { name: "Hall Rally" });
    const form = { intent: "save", name: "Hall Rally", date: "2030-06-12T08:00", location: "", description: "", image_alt: "", active: "on", registration_enabled: "on", waitlist_enabled: "on", registration_closes_at: "", capacity: "" };
    expect((await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, registration_notifications: "daily" }, { cookie })).status).toBe(302);
    expect(await env.DB.prepare("SELECT registration_notifications FROM churchevents WHERE id = 1").first()).toEqual({ registration_notifications: "daily" });
    const page = await (await request("/admin/events/edit/1", { cookie })).text();
    expect(page.match(/<input[^>]*name="registration_notifications"[^>]*>/g)!.filter((input) => input.includes("checked"))).toEqual([
      expect.stringContaining('value="daily"'),
    ]);
    expect((await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, registration_notifications: "hourly" }, { cookie })).status).toBe(400);
    expect((await postForm("/admin/events/new", { ...form, name: "New Rally" }, { cookie })).status).toBe(302);
    expect(await env.DB.prepare("SELECT registration_notifications FROM churchevents WHERE name = 'New Rally'").first()).toEqual({ registration_notifications: "none" });
  });

  it("'Daily summary': the daily cron e-mails each such event's registrations since its last summary, and nothing when there are none", async () => {
    fakeSender();
    await event(1, { name: "Men's Conference", capacity: 1, registration_notifications: "daily" });
    await event(2, { name: "Quiet Day", registration_notifications: "daily" });
    await event(3, { name: "Other Rally", registration_notifications: "each" });
    // Before the first summary's day: never listed.
    await runSql([
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, created_at)
       VALUES (1, 'Long Ago', '+265990000001', '+265990000001', 'cancelled', 'OLD222', 'token-long-ago-0000000000', '2020-01-01T00:00:00.000Z')`,
    ]);
    const first = await register(1, { full_name: "Mphatso Gondwe", email: "mphatso@example.mw" });
    await register(1, { full_name: "Second Man" });
    await register(3, { full_name: "Elsewhere" });
    await settled(2);

    // At 03:00 UTC (05:00 in Malawi), after the registrations above.
    const morning = Date.now() + 5 * 60_000;
    await runCron(DAILY_CRON, morning);
    let summaries = await outboxRows("kind = 'registration-summary'");
    expect(summaries.map((row) => [row.recipient, row.subject, row.status])).toEqual([[EVENTS, "2 new registrations: Men's Conference", "sent"]]);
    const text = summaries[0]!.body_text!;
    expect(text).toContain("2 people registered on the website for Men's Conference since the last summary.");
    expect(text).toContain(`Mphatso Gondwe: +265991`);
    expect(text).toContain(`, mphatso@example.mw (confirmed, code ${first.registration!.code})`);
    expect(text).toMatch(/Second Man: \+265991\d+ \(waiting list, number 1, code [A-Z0-9]{6}\)/);
    expect(text).toContain("Now: 1 confirmed of 1 places, 1 on the waiting list.");
    expect(text).toContain(`${SITE_URL}/admin/events/registrations/1`);
    expect(text).not.toContain("Long Ago");
    expect(text).not.toContain("Elsewhere");

    // The cron run again (a retry): nothing new, nothing sent.
    await runCron(DAILY_CRON, morning);
    expect(await outboxRows("kind = 'registration-summary'")).toHaveLength(1);

    // The next morning lists only the one who came since (an hour after the first summary).
    await register(1, { full_name: "Third Man" });
    await runSql([`UPDATE event_registrations SET created_at = '${new Date(morning + 60 * 60_000).toISOString()}' WHERE full_name = 'Third Man'`]);
    await runCron(DAILY_CRON, morning + 24 * 60 * 60_000);
    summaries = await outboxRows("kind = 'registration-summary'");
    expect(summaries).toHaveLength(2);
    expect(summaries[1]!.subject).toBe("1 new registration: Men's Conference");
    expect(summaries[1]!.body_text).toContain("Third Man");
    expect(summaries[1]!.body_text).not.toContain("Mphatso");

    // A morning with nothing new sends nothing.
    await runCron(DAILY_CRON, morning + 2 * 24 * 60 * 60_000);
    expect(await outboxRows("kind = 'registration-summary'")).toHaveLength(2);
  });
});
