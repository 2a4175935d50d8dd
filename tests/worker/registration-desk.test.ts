// The registration desk (/admin/events/registrations/{id}) and its exports, through the real Worker:
// the counts, the filter, the search and paging; adding someone by hand (capacity, going over it, a
// shared family phone); cancel, restore, move up and 'told'; the call and WhatsApp links; the CSV
// (the spec's columns first, phones a spreadsheet keeps, every registration whatever the filter,
// formulas neutralised) and the contacts file. Only signed-in staff get any of it.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, FIXTURE_CODE, FIXTURE_TOKEN, postForm, request, runSql, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

async function page(path: string) {
  const response = await request(path, { cookie });
  const body = await response.text();
  return { status: response.status, body, text: textOf(body) };
}

/** The body's text with the BOM kept. */
async function csvText(response: Response) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

const DESK = "/admin/events/registrations/1";

function row(id: number, name: string, phone: string, status: string, code: string, created: string, extra: Record<string, string> = {}) {
  const columns = { id: String(id), event_id: "1", full_name: name, phone_number: phone, dedupe_key: phone, status, code, token: `token-${code}-0123456789`, created_at: created, queued_at: created, ...extra };
  return `INSERT INTO event_registrations (${Object.keys(columns).join(", ")}) VALUES (${Object.values(columns).map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")})`;
}

async function statusOf(id: number) {
  return (await env.DB.prepare("SELECT status, promoted_at, told_at, over_capacity, cancelled_by FROM event_registrations WHERE id = ?1").bind(id).first())!;
}

describe("the desk's list", () => {
  beforeEach(async () => {
    await runSql([
      // 22:30 UTC on Thursday March 4 is Friday March 5 in Malawi.
      "INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Men''s Conference', '2027-03-04T22:30:00.000Z', 3), (2, 'Quiet Retreat', NULL, NULL)",
      row(1, "Early Bird", "+265991000111", "confirmed", "EARLY2", "2027-01-10T06:05:00.000Z", { email: "early@example.mw" }),
      row(2, "Late Comer", "+265888123456", "confirmed", "LATE22", "2027-02-01T22:59:00.000Z", { checked_in_at: "2027-03-05T06:00:00.000Z" }),
      row(3, "Middle Man", "+265999555444", "confirmed", "MIDDLE", "2027-01-20T12:00:00.000Z", { promoted_at: "2027-01-21T00:00:00.000Z" }),
      row(4, "Waiting Walter", "+265995000001", "waitlisted", "WAIT22", "2027-02-02T10:00:00.000Z"),
      row(5, "Gone Gerald", "+265995000002", "cancelled", "GONE22", "2027-01-05T10:00:00.000Z"),
    ]);
  });

  it("shows the counts, every registration newest first in Malawi time, codes, statuses and the way to the door", async () => {
    const { status, body, text } = await page(DESK);
    expect(status).toBe(200);
    expect(body).toContain('href="/admin?tab=events"');
    expect(text).toContain("Back to Events");
    expect(text).toContain("Men's Conference Registrations");
    // The date in the long weekday form, with its time, as the door page gives it (Malawi time).
    expect(text).toContain("Friday, March 5, 2027 · 12:30 AM");
    expect(text).toMatch(/Confirmed 3 \/ 3 Waiting list 1 Cancelled 1 Checked in 1 of 3/);
    // The table is named for a screen reader's list of tables.
    expect(body).toMatch(/<table[^>]*><caption class="sr-only">Registrations for Men(&#x27;|')s Conference<\/caption>/);
    const headers = [...body.matchAll(/<th [^>]*scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(["Name", "Code", "Contact", "Registration Date", "Actions"]);
    const order = ["Waiting Walter", "Late Comer", "Middle Man", "Early Bird", "Gone Gerald"].map((name) => text.indexOf(name));
    for (const index of order) expect(index).toBeGreaterThanOrEqual(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // 22:59 UTC on Feb 1 is 00:59 on Feb 2 in Malawi.
    expect(text).toContain("Feb 2, 2027 00:59");
    expect(text).toContain("+265 991 00 01 11");
    for (const label of ["Waiting list #1", "Cancelled", "Moved up – not told yet", "Checked in 08:00", "EARLY2"]) expect(text).toContain(label);
    expect(body).toContain('href="/admin/events/1/check-in"');
    expect(body).toContain('href="/admin/events/1/door-list"');
    expect(body).toContain('href="/api/admin/events/1/contacts.vcf"');
    expect(body).toMatch(/<a href="\/api\/admin\/events\/1\/registrations.csv" download="Mens Conference-registrations.csv"/);
    expect(text).toContain("1 person has moved up from the waiting list and not been told yet.");
  });

  it("tells two men of the same name apart to a screen reader: each row's controls are described by its man's code and phone", async () => {
    await runSql([
      row(6, "John Banda", "+265991000006", "confirmed", "BANDA6", "2027-02-03T10:00:00.000Z"),
      row(7, "John Banda", "+265991000007", "waitlisted", "BANDA7", "2027-02-04T10:00:00.000Z"),
    ]);
    const { body } = await page(DESK);
    const described = (id: number) => {
      const who = body.match(new RegExp(`<span(?=[^>]*\\bid="desk-who-${id}")(?=[^>]*\\bhidden)[^>]*>([^<]*)</span>`));
      expect(who, `row ${id}`).not.toBeNull();
      // Every control that names him points at it: a link, a button or the summary that opens a question.
      const controls = [...body.matchAll(new RegExp(`<(a|button|summary)\\b[^>]*aria-describedby="desk-who-${id}"[^>]*>`, "g"))].map((m) => m[1]);
      return { who: textOf(who![1]!), controls };
    };
    const first = described(6);
    const second = described(7);
    expect(first.who).toBe("Code BANDA6, +265 991 00 00 06");
    expect(second.who).toBe("Code BANDA7, +265 991 00 00 07");
    // Call, WhatsApp and Edit; "Cancel John Banda" and its "Yes, cancel"; the waiting man's "Move up".
    expect(first.controls.sort()).toEqual(["a", "a", "a", "button", "summary"]);
    expect(second.controls.sort()).toEqual(["a", "a", "a", "button", "button", "summary"]);
  });

  it("says '(not confirmed)' of someone let in without a place only while he still has none", async () => {
    await runSql(["UPDATE event_registrations SET checked_in_at = '2027-03-05T06:10:00.000Z', admitted_unconfirmed = 1 WHERE id = 4"]);
    const before = (await page(DESK)).text;
    expect(before).toContain("Checked in 08:10 (not confirmed)");
    // The count says him apart from the confirmed, as the door does: not "everyone is in".
    expect(before).toMatch(/Checked in 1 of 3 and 1 more admitted anyway/);
    // He moved up since: now he is simply in.
    await runSql(["UPDATE event_registrations SET status = 'confirmed', promoted_at = '2027-03-05T06:20:00.000Z' WHERE id = 4"]);
    const { text } = await page(DESK);
    expect(text).toContain("Checked in 08:10");
    expect(text).not.toContain("(not confirmed)");
  });

  it("warns, in the question before cancelling, that a man checked in is at the event; not of one who is not", async () => {
    const { text } = await page(DESK);
    const questionOf = (name: string) => {
      const [start, end] = [text.indexOf(`Cancel ${name}'s registration?`), text.indexOf(`Yes, cancel ${name}`)];
      expect(start, name).toBeGreaterThanOrEqual(0);
      expect(end, name).toBeGreaterThan(start);
      return text.slice(start, end);
    };
    expect(questionOf("Late Comer")).toContain("Late Comer was checked in at the door (08:00): he is at the event. Cancel only if he has left.");
    expect(questionOf("Early Bird")).not.toContain("checked in");
  });

  it("gives each person a call link and a WhatsApp link prefilled with their code and private link", async () => {
    const { body } = await page(DESK);
    expect(body).toContain('href="tel:+265991000111"');
    const link = [...body.matchAll(/href="(https:\/\/wa\.me\/265999555444\?text=[^"]+)"/g)][0]![1]!.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
    const message = new URL(link).searchParams.get("text")!;
    expect(message).toContain("Hello Middle Man,");
    expect(message).toContain("a place has opened and you are now confirmed for Men's Conference");
    expect(message).toContain("Your code: MIDDLE");
    expect(message).toContain("http://localhost/registrations/token-MIDDLE-0123456789");
  });

  it("filters by status and searches by name, phone (with or without its 0) or code", async () => {
    const names = async (query: string) => {
      const { text } = await page(`${DESK}${query}`);
      return ["Early Bird", "Late Comer", "Middle Man", "Waiting Walter", "Gone Gerald"].filter((name) => text.includes(name));
    };
    expect(await names("?status=waitlisted")).toEqual(["Waiting Walter"]);
    expect(await names("?status=cancelled")).toEqual(["Gone Gerald"]);
    expect(await names("?status=confirmed")).toEqual(["Early Bird", "Late Comer", "Middle Man"]);
    expect(await names("?q=walter")).toEqual(["Waiting Walter"]);
    expect(await names("?q=0888%20123%20456")).toEqual(["Late Comer"]);
    expect(await names("?q=555444")).toEqual(["Middle Man"]);
    expect(await names("?q=early2")).toEqual(["Early Bird"]);
    expect(await names("?q=%25")).toEqual([]);
    expect(await names("?status=confirmed&q=walter")).toEqual([]);
    // Said to a screen reader too, whose focus stays in the search field.
    expect((await page(`${DESK}?status=confirmed`)).body).toContain('<p role="status" class="sr-only">3 registrations found.</p>');
    expect((await page(`${DESK}?q=walter`)).body).toContain('<p role="status" class="sr-only">1 registration found.</p>');
    expect((await page(`${DESK}?q=nobody`)).body).toContain('<p role="status" class="sr-only">Nobody matches this filter or search.</p>');
    // Long searches (a pasted paragraph, a run of digits) answer the page: D1 refuses LIKE patterns over 50 bytes.
    for (const long of ["Walter ".repeat(20), "0888123456".repeat(10)]) {
      const answer = await page(`${DESK}?q=${encodeURIComponent(long)}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain("Nobody matches this filter or search.");
    }
    expect((await page(`${DESK}?q=nobody`)).text).toContain("Nobody matches this filter or search.");
  });

  it("gives an event's end beside its start in the heading, as the door does", async () => {
    await runSql(["UPDATE churchevents SET ends_at = '2027-03-07T10:00:00.000Z' WHERE id = 1"]);
    const { text } = await page(DESK);
    expect(text).toContain("Friday, March 5, 2027 · 12:30 AM – Sunday, March 7, 2027 · 12:00 PM");
  });

  it("says when nobody has registered, and cannot export nothing", async () => {
    const { body, text } = await page("/admin/events/registrations/2");
    expect(text).toContain("Quiet Retreat Registrations");
    expect(text).toContain("No date set");
    expect(text).toContain("No registrations found for this event.");
    expect(body).not.toContain("/api/admin/events/2/registrations.csv");
    expect(body).toMatch(/<button type="button" disabled="" aria-disabled="true"[^>]*>.*Export CSV<\/button>/s);
  });

  it("answers an unknown event with the not-found page, and a broken table with the spec's message", async () => {
    for (const id of ["99", "abc"]) {
      const { status, body } = await page(`/admin/events/registrations/${id}`);
      expect(status).toBe(404);
      expect(body).toContain("Oops! Page not found");
    }
    await runSql(["DROP TABLE event_registrations"]);
    const { status, body } = await page(DESK);
    expect(status).toBe(200);
    expect(body).toMatch(/role="alert".*Failed to load data\. Please try again\./s);
  });

  it("is only for signed-in staff", async () => {
    for (const path of [DESK, "/admin/events/1/check-in", "/admin/events/1/door-list", "/admin/check-in"]) {
      const response = await request(path);
      expect(response.headers.get("Location"), path).toMatch(/^\/auth/);
    }
    const post = await postForm(DESK, { intent: "cancel", registration_id: "1" });
    expect(post.headers.get("Location")).toMatch(/^\/auth/);
    expect((await statusOf(1)).status).toBe("confirmed");
  });
});

describe("the desk's actions", () => {
  beforeEach(async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Rally', '2030-03-04T08:00:00.000Z', 2)",
      row(1, "First Confirmed", "+265991000001", "confirmed", "AAAAA2", "2026-01-01T00:00:00.000Z"),
      row(2, "Second Confirmed", "+265991000002", "confirmed", "BBBBB2", "2026-01-02T00:00:00.000Z"),
      row(3, "First Waiting", "+265991000003", "waitlisted", "CCCCC2", "2026-01-03T00:00:00.000Z"),
      row(4, "Second Waiting", "+265991000004", "waitlisted", "DDDDD2", "2026-01-04T00:00:00.000Z"),
    ]);
  });

  const act = (intent: string, id: number, query = "") => postForm(`${DESK}${query}`, { intent, registration_id: String(id) }, { cookie });

  it("cancelling moves the first person waiting up, says who, and returns to the same filtered page", async () => {
    const response = await act("cancel", 1, "?status=confirmed");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${DESK}?status=confirmed`);
    // He gave no e-mail (and SMS is not set up): nobody told him, so staff are asked to.
    expect(await toastOf(response)).toMatchObject({ title: "Registration cancelled", description: "Moved up from the waiting list: First Waiting. Tell First Waiting with the WhatsApp link." });
    expect(await statusOf(1)).toMatchObject({ status: "cancelled", cancelled_by: "admin@example.org" });
    expect(await statusOf(3)).toMatchObject({ status: "confirmed", told_at: null });
    expect((await statusOf(3)).promoted_at).toBeTruthy();
    // Cancelling again changes nothing and says so.
    expect(await toastOf(await act("cancel", 1))).toMatchObject({ variant: "destructive", description: "This registration was already cancelled." });
    expect(await statusOf(4)).toMatchObject({ status: "waitlisted" });
  });

  it("'Mark as told' clears the 'not told yet' mark", async () => {
    await act("cancel", 1);
    expect((await page(DESK)).text).toContain("Moved up – not told yet");
    await act("told", 3);
    expect((await statusOf(3)).told_at).toBeTruthy();
    expect((await page(DESK)).text).not.toContain("Moved up – not told yet");
  });

  it("two staff cancelling the same man at once cancel him once and move up one man waiting, not two; restoring him at once restores him once", async () => {
    const other = await signIn();
    const both = (intent: string, id: number) => Promise.all([act(intent, id), postForm(DESK, { intent, registration_id: String(id) }, { cookie: other })]);
    const cancels = await Promise.all((await both("cancel", 1)).map((answer) => toastOf(answer)));
    expect(cancels.map((toast) => toast?.description).sort()).toEqual([
      "Moved up from the waiting list: First Waiting. Tell First Waiting with the WhatsApp link.",
      "This registration was already cancelled.",
    ]);
    expect(await statusOf(3)).toMatchObject({ status: "confirmed" });
    expect(await statusOf(4)).toMatchObject({ status: "waitlisted" });
    const restores = await Promise.all((await both("restore", 1)).map((answer) => toastOf(answer)));
    expect(restores.filter((toast) => toast?.variant === "destructive")).toHaveLength(1);
    const counts = await env.DB.prepare("SELECT count(*) FILTER (WHERE status = 'confirmed') AS confirmed, count(*) FILTER (WHERE status = 'waitlisted') AS waiting FROM event_registrations WHERE event_id = 1").first<{ confirmed: number; waiting: number }>();
    // He comes back to the waiting list (the event is full again): one row, never two places.
    expect(counts).toEqual({ confirmed: 2, waiting: 2 });
  });

  it("two staff moving the same man up at once move him once", async () => {
    await runSql(["UPDATE churchevents SET capacity = 3 WHERE id = 1"]);
    const other = await signIn();
    const answers = await Promise.all([act("promote", 3), postForm(DESK, { intent: "promote", registration_id: "3" }, { cookie: other })]);
    const toasts = await Promise.all(answers.map((answer) => toastOf(answer)));
    expect(toasts.filter((toast) => toast?.variant === "destructive").map((toast) => toast?.description)).toEqual(["This person is no longer on the waiting list."]);
    expect(await statusOf(3)).toMatchObject({ status: "confirmed" });
    expect(await statusOf(4)).toMatchObject({ status: "waitlisted" });
  });

  it("'Mark as told' pressed by two staff at once marks him once: the second hears it was done already, and one log line", async () => {
    await act("cancel", 1);
    const other = await signIn();
    const answers = await Promise.all([act("told", 3), postForm(DESK, { intent: "told", registration_id: "3" }, { cookie: other })]);
    const toasts = (await Promise.all(answers.map((answer) => toastOf(answer)))).map((toast) => toast?.title).sort();
    expect(toasts).toEqual(["Already marked as told", "Marked as told"]);
    const logged = await env.DB.prepare("SELECT count(*) AS n FROM activity_log WHERE action = 'Marked as told'").first<{ n: number }>();
    expect(logged!.n).toBe(1);
  });

  it("counts someone moved up as told once the site's own 'A place opened' message was sent, and not before", async () => {
    await act("cancel", 1);
    expect((await page(DESK)).text).toContain("Moved up – not told yet");
    const promoted = (await env.DB.prepare("SELECT id, promoted_at FROM event_registrations WHERE status = 'confirmed' AND promoted_at IS NOT NULL AND told_at IS NULL ORDER BY id DESC LIMIT 1").first<{ id: number; promoted_at: string }>())!;
    const message = (sentAt: string, status: string) =>
      `INSERT INTO email_outbox (kind, channel, recipient, about_id, status, sent_at) VALUES ('registration-moved-up', 'sms', '+265995000001', ${promoted.id}, '${status}', '${sentAt}')`;
    // Written but not sent yet (or failed): staff still have to tell him.
    await runSql([message(new Date().toISOString(), "queued"), message(new Date().toISOString(), "failed")]);
    expect((await page(DESK)).text).toContain("Moved up – not told yet");
    // A message about an earlier move does not count for this one.
    await runSql([message("2020-01-01T00:00:00.000Z", "sent")]);
    expect((await page(DESK)).text).toContain("Moved up – not told yet");
    await runSql([message(new Date(Date.parse(promoted.promoted_at) + 1000).toISOString(), "sent")]);
    const { text } = await page(DESK);
    expect(text).not.toContain("Moved up – not told yet");
    expect(text).not.toContain("not been told yet");
  });

  it("restores a cancellation to a free place, or else to the end of the waiting list", async () => {
    await act("cancel", 1); // First Waiting moves up: full again
    expect(await toastOf(await act("restore", 1))).toMatchObject({ title: "Registration restored", description: expect.stringContaining("end of the waiting list") });
    expect(await statusOf(1)).toMatchObject({ status: "waitlisted" });
    const { text } = await page(`${DESK}?status=waitlisted`);
    expect(text.indexOf("Second Waiting")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("First Confirmed")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("Second Waiting")).toBeLessThan(text.indexOf("First Confirmed"));
    expect(await toastOf(await act("restore", 2))).toMatchObject({ variant: "destructive", description: "This registration is not cancelled." });
  });

  it("refuses to restore someone whose phone has registered again since", async () => {
    await act("cancel", 4);
    await runSql([row(5, "Same Phone", "+265991000004", "waitlisted", "EEEEE2", "2026-01-05T00:00:00.000Z")]);
    const toast = await toastOf(await act("restore", 4));
    expect(toast).toMatchObject({ variant: "destructive", description: "This phone number has registered again since (Same Phone, code EEEEE2)." });
    expect(await statusOf(4)).toMatchObject({ status: "cancelled" });
  });

  it("says a man moved up is being sent a message when the site can send him one, so staff do not tell him twice; while e-mail is not set up, asks staff to", async () => {
    await runSql(["UPDATE event_registrations SET email = 'waiting' || id || '@example.mw' WHERE id IN (3, 4)"]);
    const saved = env.MAIL_FROM;
    try {
      // This deploy cannot send e-mail (no MAIL_FROM): his e-mail waits in the outbox, so staff must tell him.
      env.MAIL_FROM = "";
      expect(await toastOf(await act("cancel", 1))).toMatchObject({ description: "Moved up from the waiting list: First Waiting. Tell First Waiting with the WhatsApp link." });
      env.MAIL_FROM = "news@example.mw";
      expect(await toastOf(await act("cancel", 2))).toMatchObject({ description: "Moved up from the waiting list: Second Waiting. Second Waiting: being sent a message (SMS or e-mail)." });
      await runSql([
        "UPDATE churchevents SET capacity = 3 WHERE id = 1",
        "INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, email) VALUES (1, 'Third Waiting', '+265991000005', '+265991000005', 'waitlisted', 'EEEEE3', 'token-EEEEE3-0123456789', 'third@example.mw')",
      ]);
      expect(await toastOf(await act("promote", 5))).toMatchObject({ title: "Moved up", description: "They have a place now. They are being sent a message (SMS or e-mail)." });
    } finally {
      env.MAIL_FROM = saved;
    }
  });

  it("moves someone up only into a free place, or over the capacity when staff choose it (recorded)", async () => {
    const full = await toastOf(await act("promote", 4));
    expect(full).toMatchObject({ variant: "destructive", description: expect.stringContaining("The event is full (2 of 2 places taken)") });
    expect((await page(DESK)).body).toContain("Move up Second Waiting over capacity");
    expect(await toastOf(await act("promote-over", 4))).toMatchObject({ title: "Moved up", description: "They have a place now, over the capacity. Tell them with the WhatsApp link." });
    expect(await statusOf(4)).toMatchObject({ status: "confirmed", over_capacity: 1 });
    expect((await page(DESK)).text).toContain("Moved up over capacity");
    // Checked in later at the door as anyone is: still moved up over capacity, not admitted there over it.
    await runSql(["UPDATE event_registrations SET checked_in_at = '2030-03-04T07:00:00.000Z' WHERE id = 4"]);
    const text = (await page(DESK)).text;
    expect(text).toContain("Moved up over capacity");
    expect(text).not.toContain("Admitted at the door over capacity");
  });

  it("adds someone by hand: confirmed while places last, then the waiting list, or over the capacity when chosen", async () => {
    await runSql(["UPDATE churchevents SET capacity = 3 WHERE id = 1"]);
    const add = (fields: Record<string, string>) => postForm(DESK, { intent: "add", full_name: "", phone_number: "", email: "", ...fields }, { cookie });
    const first = await add({ full_name: "Phoned In", phone_number: "0881 111 222" });
    expect(first.status).toBe(302);
    expect(await toastOf(first)).toMatchObject({ title: "Registration added", description: expect.stringMatching(/^Phoned In is confirmed\. Code [2-9A-Z]{6}\.$/) });
    const second = await add({ full_name: "Next In", phone_number: "0881 111 333" });
    expect(await toastOf(second)).toMatchObject({ title: "Added to the waiting list", description: expect.stringContaining("number 3 on the waiting list") });
    const third = await add({ full_name: "Over In", phone_number: "0881 111 444", over_capacity: "on" });
    expect(await toastOf(third)).toMatchObject({ description: expect.stringContaining("confirmed over the capacity") });
    const { results } = await env.DB.prepare("SELECT full_name, phone_number, status, source, added_by, over_capacity FROM event_registrations WHERE source = 'desk' ORDER BY id").all();
    expect(results).toEqual([
      { full_name: "Phoned In", phone_number: "+265881111222", status: "confirmed", source: "desk", added_by: "admin@example.org", over_capacity: 0 },
      { full_name: "Next In", phone_number: "+265881111333", status: "waitlisted", source: "desk", added_by: "admin@example.org", over_capacity: 0 },
      { full_name: "Over In", phone_number: "+265881111444", status: "confirmed", source: "desk", added_by: "admin@example.org", over_capacity: 1 },
    ]);
  });

  it("refuses a phone already registered (naming who has it), unless staff say it is a shared family phone", async () => {
    const add = (fields: Record<string, string>) => postForm(DESK, { intent: "add", full_name: "Son of First", phone_number: "0991 000 001", email: "", ...fields }, { cookie });
    const refused = await add({});
    expect(refused.status).toBe(409);
    const text = textOf(await refused.text());
    expect(text).toContain("This phone number is already registered for this event (First Confirmed, code AAAAA2).");
    // What was typed is kept.
    expect(text).toContain("Add a registration");
    const shared = await add({ shared_phone: "on" });
    expect(shared.status).toBe(302);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE phone_number = '+265991000001' AND status <> 'cancelled'").first<{ n: number }>())!;
    expect(n).toBe(2);
  });

  it("refuses a missing name, a missing or impossible phone and a bad e-mail with the field named, storing nothing", async () => {
    for (const [fields, message] of [
      [{ full_name: "", phone_number: "0881 000 000" }, "Full name is required"],
      [{ full_name: "A", phone_number: "" }, "Phone number is required"],
      [{ full_name: "A", phone_number: "07700 900123" }, "This is not a phone number we can call"],
      [{ full_name: "A", phone_number: "0881 000 000", email: "nope" }, "Please enter a valid email address"],
    ] as const) {
      const response = await postForm(DESK, { intent: "add", email: "", ...fields }, { cookie });
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain(message);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM event_registrations").first<{ n: number }>())!.n).toBe(4);
  });

  it("leaves the public pages' cache alone unless the event's 'full' story changes", async () => {
    await runSql(["INSERT INTO site_meta (key, value) VALUES ('content_version', 'before')"]);
    const version = async () => (await env.DB.prepare("SELECT value FROM site_meta WHERE key = 'content_version'").first<{ value: string }>())!.value;
    const before = await version();
    await act("cancel", 1); // someone moves up: still full
    await act("told", 3);
    expect(await version()).toBe(before);
    await act("cancel", 2); // Second Waiting moves up: still full
    await act("cancel", 3); // nobody waits: no longer full
    expect(await version()).not.toBe(before);
  });
});

describe("paging", () => {
  it("shows 50 at a time, newest first, with the next and previous pages, and no cap at 500", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (1, 'Big Conference')",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token, created_at)
        WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 1203)
        SELECT 1, 'Person ' || i, '+26599' || printf('%07d', i), '+26599' || printf('%07d', i), ${FIXTURE_CODE}, ${FIXTURE_TOKEN},
          strftime('%Y-%m-%dT%H:%M:%fZ', '2027-01-01T08:00:00', '+' || i || ' seconds') FROM seq`,
    ]);
    const first = await page(DESK);
    expect(first.body.match(/<tr class="block/g)).toHaveLength(50);
    expect(first.text).toContain("Showing 1–50 of 1203");
    expect(first.text).toContain("Person 1203");
    expect(first.body).toContain(`href="${DESK}?page=2"`);
    const last = await page(`${DESK}?page=25`);
    expect(last.text).toContain("Showing 1201–1203 of 1203");
    expect(last.text).toContain("Person 1 ");
    expect(last.body).toContain(`href="${DESK}?page=24"`);
    expect(last.body).not.toContain(`page=26`);
  });
});

describe("the CSV export", () => {
  it("writes the spec's columns, then Status, Code, Checked in and Group leader, then the (empty, the event is free) payment columns; phones a spreadsheet keeps; formulas neutralised", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (1, 'Rally')",
      row(1, "Banda, John", "+265999000111", "confirmed", "BANDA2", "2027-03-04T22:30:00.000Z", { checked_in_at: "2027-03-05T07:00:00.000Z" }),
      row(2, 'Say "Amen"', "+447700900123", "waitlisted", "AMEN22", "2027-03-05T06:00:00.000Z", { email: "amen@example.mw" }),
      row(3, "=cmd|' /C calc'!A0", "@SUM(1)", "cancelled", "CMD222", "2027-03-05T07:15:00.000Z", { email: "two\nlines@example.mw" }),
      row(4, "Landline", "+2651234567", "confirmed", "LAND22", "2027-03-04T20:00:00.000Z"),
    ]);
    const response = await request("/api/admin/events/1/registrations.csv", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Rally-registrations.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await csvText(response)).toBe(
      "\uFEFF" +
        '"Name","Phone","Email","Registration Date","Status","Code","Checked in","Group leader","Payment","Amount paid (MK)","Paid by","Payment reference","Other payments (MK)","Refunded (MK)","Payment note"\r\n' +
        `"'=cmd|' /C calc'!A0","'@SUM(1)","two\nlines@example.mw","Mar 5, 2027 09:15","Cancelled","CMD222","","","","","","","","",""\r\n` +
        '"Say ""Amen""","0044 7700 900123","amen@example.mw","Mar 5, 2027 08:00","Waiting list","AMEN22","","","","","","","","",""\r\n' +
        '"Banda, John","0999 00 01 11","N/A","Mar 5, 2027 00:30","Confirmed","BANDA2","Mar 5, 2027 09:00","","","","","","","",""\r\n' +
        '"Landline","01 234 567","N/A","Mar 4, 2027 22:00","Confirmed","LAND22","","","","","","","","",""\r\n',
    );
  });

  it("holds every registration whatever the list's filter, and only for signed-in staff", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (1, 'Rally'), (2, 'Other')",
      row(1, "A", "+265999000001", "confirmed", "AAAAA2", "2027-01-01T00:00:00.000Z"),
      row(2, "B", "+265999000002", "cancelled", "BBBBB2", "2027-01-02T00:00:00.000Z"),
    ]);
    const text = await csvText(await request("/api/admin/events/1/registrations.csv?status=confirmed", { cookie, headers: { Referer: `http://localhost${DESK}?status=confirmed` } }));
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect((await request("/api/admin/events/1/registrations.csv")).status).toBe(401);
    expect((await request("/api/admin/events/1/contacts.vcf")).status).toBe(401);
    for (const id of ["99", "abc", "0"]) {
      expect((await request(`/api/admin/events/${id}/registrations.csv`, { cookie })).status).toBe(404);
      expect((await request(`/api/admin/events/${id}/contacts.vcf`, { cookie })).status).toBe(404);
    }
    expect(await csvText(await request("/api/admin/events/2/registrations.csv", { cookie }))).toBe(
      '\uFEFF"Name","Phone","Email","Registration Date","Status","Code","Checked in","Group leader","Payment","Amount paid (MK)","Paid by","Payment reference","Other payments (MK)","Refunded (MK)","Payment note"\r\n',
    );
  });

  it("names the file after the event with safe characters only", async () => {
    const cases: [string, string][] = [
      ["Men's Conference 2027", "Mens Conference 2027-registrations.csv"],
      ['../../etc/passwd"; x=1', "etcpasswd x1-registrations.csv"],
      ["Zo\u0301mba Re\u0301union: Day 1/2", "Zomba Reunion Day 12-registrations.csv"],
      [".hidden", "hidden-registrations.csv"],
      ["<script>\r\n</script>", "scriptscript-registrations.csv"],
      ["💒🙏", "event-registrations.csv"],
    ];
    await runSql([`INSERT INTO churchevents (id, name) VALUES ${cases.map(([name], i) => `(${i + 1}, '${name.replaceAll("'", "''")}')`).join(", ")}`]);
    for (const [i, [, expected]] of cases.entries()) {
      const response = await request(`/api/admin/events/${i + 1}/registrations.csv`, { cookie });
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${expected}"`);
      await response.arrayBuffer();
    }
  });

  it("streams 10,000 registrations, everyone exactly once, newest first", async () => {
    await runSql(["INSERT INTO churchevents (id, name) VALUES (1, 'Big Conference')"]);
    await runSql([
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token, created_at)
        WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 10000)
        SELECT 1, 'Person ' || i, '+26599' || printf('%07d', i), '+26599' || printf('%07d', i), ${FIXTURE_CODE}, ${FIXTURE_TOKEN},
          strftime('%Y-%m-%dT%H:%M:%fZ', '2027-01-01T08:00:00', '+' || (i / 2) || ' seconds') FROM seq`,
    ]);
    const response = await request("/api/admin/events/1/registrations.csv", { cookie });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(5);
    const lines = text.split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(10000);
    expect(new Set(lines.map((line) => /^"Person (\d+)"/.exec(line)![1])).size).toBe(10000);
    expect(lines[0]).toMatch(/^"Person 10000","0990 01 00 00","N\/A","Jan 1, 2027 11:23","Confirmed","[0-9A-F]{10}","","","","","","","","",""$/);
  });
});

describe("the contacts export", () => {
  it("is a vCard of each confirmed person, with their phone, e-mail, event and code, escaped", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (1, 'Rally; Day 1')",
      row(1, "Banda, John", "+265999000111", "confirmed", "BANDA2", "2027-01-01T00:00:00.000Z", { email: "john@example.mw" }),
      row(2, "Evil\nEND:VCARD\nBEGIN:VCARD\nFN:Injected", "+265999000222", "confirmed", "EVIL22", "2027-01-02T00:00:00.000Z"),
      row(3, "Waiting Man", "+265999000333", "waitlisted", "WAIT22", "2027-01-03T00:00:00.000Z"),
    ]);
    const response = await request("/api/admin/events/1/contacts.vcf", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/vcard; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Rally Day 1-contacts.vcf"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text.match(/^BEGIN:VCARD\r$/gm)).toHaveLength(2);
    expect(text).toContain("FN:Banda\\, John\r\n");
    expect(text).toContain("TEL;TYPE=CELL:+265999000111\r\n");
    expect(text).toContain("EMAIL;TYPE=INTERNET:john@example.mw\r\n");
    expect(text).toContain("NOTE:Rally\\; Day 1 · code BANDA2\r\n");
    expect(text).toContain("FN:Evil\\nEND:VCARD\\nBEGIN:VCARD\\nFN:Injected\r\n");
    expect(text).not.toContain("Waiting Man");
  });
});

describe("hostile text", () => {
  it("is stored as typed and shown as text on the desk, at the door, on the door list and in the private page", async () => {
    const XSS = `<script>alert("xss")</script><img src=x onerror=alert(1)>`;
    await runSql(["INSERT INTO churchevents (id, name, date) VALUES (1, 'Rally', '2030-01-01T08:00:00.000Z')"]);
    const response = await postForm("/api/registrations", { event_id: "1", full_name: XSS, phone_number: "0991 555 010", email: "" }, { ip: "198.51.100.9" });
    expect(response.status).toBe(200);
    const { token } = (await env.DB.prepare("SELECT token, full_name FROM event_registrations").first<{ token: string }>())!;
    for (const path of [DESK, "/admin/events/1/check-in?q=555010", "/admin/events/1/door-list"]) {
      const { body } = await page(path);
      expect(body, path).not.toContain(XSS);
      expect(body, path).toContain("&lt;script&gt;");
    }
    const own = await (await request(`/registrations/${token}`)).text();
    expect(own).not.toContain(XSS);
    expect(own).toContain("&lt;script&gt;");
  });
});
