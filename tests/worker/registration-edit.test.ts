// Correcting a registration at the desk (/admin/events/registrations/{id}?edit=<id>), through the
// real Worker: the Edit link and its prefilled form without JavaScript, a save the list and the
// private page show (a shared phone stays shared, a cancelled registration may be corrected), a
// phone the event already has or a bad phone refused with what was typed kept,
// two staff saving the same form at once (one lands, the other is told), his messages still to go
// following the correction, only staff may, and the activity log names the fields changed.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

const DESK = "/admin/events/registrations/1";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
  await runSql([
    "INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Rally', '2030-03-04T08:00:00.000Z', 10)",
    `INSERT INTO event_registrations (id, event_id, full_name, phone_number, dedupe_key, status, code, token, email, created_at, updated_at) VALUES
      (1, 1, 'Jonh Banda', '+265991000001', '+265991000001', 'confirmed', 'AAAAA2', 'token-AAAAA2-0123456789', NULL, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
      (2, 1, 'Peter Phiri', '+265991000002', '+265991000002', 'confirmed', 'BBBBB2', 'token-BBBBB2-0123456789', 'peter@example.mw', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
      (3, 1, 'Son Banda', '+265991000001', NULL, 'confirmed', 'CCCCC2', 'token-CCCCC2-0123456789', NULL, '2026-01-03T00:00:00.000Z', '2026-01-03T00:00:00.000Z')`,
  ]);
});

async function page(path: string, as: string | null = cookie) {
  const response = await request(path, { cookie: as });
  const body = await response.text();
  return { status: response.status, body, text: textOf(body) };
}

async function stored(id: number) {
  return (await env.DB.prepare("SELECT full_name, phone_number, email, dedupe_key, updated_at FROM event_registrations WHERE id = ?1").bind(id).first())!;
}

/** What the edit form posts, opened now (its hidden updated_at is the row's). */
async function editFields(id: number, fields: Record<string, string>) {
  const { updated_at } = await stored(id);
  return { intent: "edit", registration_id: String(id), updated_at: String(updated_at), full_name: "", phone_number: "", email: "", ...fields };
}

describe("correcting a registration at the desk", () => {
  it("gives each row an Edit link (keeping the filter and search) that opens a prefilled form without JavaScript", async () => {
    const list = await page(`${DESK}?status=confirmed&q=banda`);
    expect(list.body).toMatch(/<a aria-label="Edit Jonh Banda" [^>]*href="\/admin\/events\/registrations\/1\?status=confirmed&amp;q=banda&amp;edit=1"/);
    expect(list.body).not.toContain("Save changes");

    const { status, body, text } = await page(`${DESK}?status=confirmed&q=banda&edit=2`);
    expect(status).toBe(200);
    expect(body).toMatch(/<dialog[^>]* open=""/);
    expect(text).toContain("Edit Peter Phiri");
    for (const label of ["Full Name", "Phone Number", "Email (optional)", "Save changes", "Cancel"]) expect(text).toContain(label);
    expect(body).toContain('value="Peter Phiri"');
    // The phone as the list shows it (and as staff read it), not as stored.
    expect(body).toContain('value="+265 991 00 00 02"');
    expect(body).toContain('value="peter@example.mw"');
    expect(body).toContain('name="updated_at" value="2026-01-02T00:00:00.000Z"');
    // Cancel goes back to the same list, without the form.
    expect(body).toMatch(/<a [^>]*href="\/admin\/events\/registrations\/1\?status=confirmed&amp;q=banda"[^>]*>Cancel<\/a>/);
    // Someone of another event, or nobody: no form.
    expect((await page(`${DESK}?edit=999`)).body).not.toContain("Save changes");
  });

  it("saves a corrected name, phone and e-mail: the desk list and the private page show them, and the log names the fields", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    const response = await postForm(`${DESK}?q=jonh&edit=1`, await editFields(1, { full_name: "John Banda", phone_number: "0991 000 011", email: "john@example.mw" }), { cookie });
    expect(response.status).toBe(302);
    // Back to the same list, the form closed.
    expect(response.headers.get("Location")).toBe(`${DESK}?q=jonh`);
    expect(await toastOf(response)).toMatchObject({ title: "Details saved", description: "Saved John Banda's details." });
    expect(await stored(1)).toMatchObject({ full_name: "John Banda", phone_number: "+265991000011", email: "john@example.mw", dedupe_key: "+265991000011" });

    const desk = (await page(DESK)).text;
    expect(desk).toContain("John Banda");
    expect(desk).not.toContain("Jonh Banda");
    expect(desk).toContain("+265 991 00 00 11");
    expect(desk).toContain("john@example.mw");
    // The door finds him by his corrected number.
    expect((await page(`${DESK}?q=0991000011`)).text).toContain("John Banda");
    // A new phone, a new private link: the old one (maybe in someone else's SMS) no longer opens his page.
    expect((await request("/registrations/token-AAAAA2-0123456789")).status).toBe(404);
    const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE id = 1").first<{ token: string }>())!;
    const mine = (await page(`/registrations/${token}`, null)).text;
    expect(mine).toContain("John Banda");
    expect(mine).not.toContain("Jonh");
    // His code and the new link go to him again (SMS is not set up here: by e-mail, to his corrected address).
    const sent = await env.DB.prepare("SELECT kind, channel, recipient FROM email_outbox WHERE about_id = 1 AND kind = 'registration-confirmed'").all();
    expect(sent.results).toEqual([{ kind: "registration-confirmed", channel: "email", recipient: "john@example.mw" }]);

    const log = await env.DB.prepare("SELECT actor, action, target, summary FROM activity_log WHERE action = 'Corrected a registration'").all();
    expect(log.results).toEqual([
      { actor: "admin@example.org", action: "Corrected a registration", target: "registration 1 “John Banda” at event 1 “Rally”", summary: "Changed: full name, phone number, email" },
    ]);
    // Which fields, never the numbers or addresses.
    expect(JSON.stringify(log.results)).not.toMatch(/991|john@/);
  });

  it("keeps a shared family phone shared (no dedupe key) when its number is corrected", async () => {
    const response = await postForm(DESK, await editFields(3, { full_name: "Son Banda", phone_number: "0991 000 033" }), { cookie });
    expect(response.status).toBe(302);
    expect(await stored(3)).toMatchObject({ phone_number: "+265991000033", dedupe_key: null });
  });

  it("corrects a cancelled registration too; restoring it is still refused while its phone is someone else's", async () => {
    await runSql(["UPDATE event_registrations SET status = 'cancelled', cancelled_at = '2026-01-05T00:00:00.000Z' WHERE id = 2"]);
    const response = await postForm(DESK, await editFields(2, { full_name: "Peter Phiri", phone_number: "0991 000 001" }), { cookie });
    expect(response.status).toBe(302);
    expect(await stored(2)).toMatchObject({ phone_number: "+265991000001", dedupe_key: "+265991000001" });
    const restore = await postForm(DESK, { intent: "restore", registration_id: "2" }, { cookie });
    expect(await toastOf(restore)).toMatchObject({ description: "This phone number has registered again since (Jonh Banda, code AAAAA2)." });
  });

  it("refuses a phone already registered for the event, naming who has it, and changes nothing", async () => {
    const before = await stored(1);
    const response = await postForm(`${DESK}?edit=1`, await editFields(1, { full_name: "John Banda", phone_number: "0991 000 002" }), { cookie });
    expect(response.status).toBe(409);
    const body = await response.text();
    const text = textOf(body);
    expect(text).toContain("This phone number is already registered for this event (Peter Phiri, code BBBBB2).");
    // The form stays open with what was typed.
    expect(body).toContain('value="John Banda"');
    expect(body).toContain('value="0991 000 002"');
    expect(await stored(1)).toEqual(before);
  });

  it("refuses a bad phone, a missing name or a bad e-mail on the field, keeping what was typed", async () => {
    const before = await stored(2);
    for (const [fields, message] of [
      [{ full_name: "Peter Phiri", phone_number: "07700 900123" }, "This is not a phone number we can call"],
      [{ full_name: "", phone_number: "0991 000 002" }, "Full name is required"],
      [{ full_name: "Peter Phiri", phone_number: "0991 000 002", email: "nope" }, "Please enter a valid email address"],
    ] as const) {
      const response = await postForm(`${DESK}?edit=2`, await editFields(2, fields), { cookie });
      expect(response.status).toBe(400);
      const body = await response.text();
      expect(textOf(body)).toContain(message);
      expect(body).toContain(`value="${fields.phone_number}"`);
      expect(body).toContain("Save changes");
    }
    expect(await stored(2)).toEqual(before);
  });

  it("of two staff saving the same form at once, one lands and the other is told, keeping what they typed", async () => {
    await createAdmin("editor@example.org", "another-horse-battery", "editor");
    const editor = await signIn("editor@example.org", "another-horse-battery", "203.0.113.2");
    // Both open the form: the same version.
    const opened = (await page(`${DESK}?edit=1`)).body.match(/name="updated_at" value="([^"]+)"/)![1]!;
    expect((await page(`${DESK}?edit=1`, editor)).body).toContain(`name="updated_at" value="${opened}"`);
    const post = (as: string, name: string, phone: string) =>
      postForm(`${DESK}?edit=1`, { intent: "edit", registration_id: "1", updated_at: opened, full_name: name, phone_number: phone, email: "" }, { cookie: as });
    const answers = await Promise.all([post(cookie, "John Banda", "0991 000 011"), post(editor, "Jon Banda", "0991 000 012")]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([302, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    const body = await refused.text();
    expect(textOf(body)).toMatch(/Someone saved this registration at .+, after you opened it, so your changes were not saved\. To keep yours, press Save changes again \(theirs will be replaced\)\./);
    const row = await stored(1);
    // Exactly one change landed, and the other's typing is still in its form.
    const landed = answers[0]!.status === 302 ? { name: "John Banda", phone: "+265991000011" } : { name: "Jon Banda", phone: "+265991000012" };
    const lost = landed.name === "John Banda" ? "Jon Banda" : "John Banda";
    expect(row).toMatchObject({ full_name: landed.name, phone_number: landed.phone });
    expect(body).toContain(`value="${lost}"`);
    // The refused form now carries the current version: saving again is a choice, and lands.
    const again = body.match(/name="updated_at" value="([^"]+)"/)![1]!;
    expect(again).toBe(row.updated_at);
    const second = await postForm(`${DESK}?edit=1`, { intent: "edit", registration_id: "1", updated_at: again, full_name: lost, phone_number: "0991 000 013", email: "" }, { cookie });
    expect(second.status).toBe(302);
    expect(await stored(1)).toMatchObject({ full_name: lost, phone_number: "+265991000013" });
  });

  it("sends his messages still to go where he now is: an SMS held for the morning, an e-mail to be tried again; not the sent ones, nor staff's", async () => {
    // Peter's (id 2): an SMS written at night waits for 07:00; an e-mail that failed is to be tried
    // again; a reminder already sent; the staff notice about him (to the events address).
    await runSql([
      `INSERT INTO email_outbox (id, kind, channel, recipient, about_id, status, next_attempt_at, sent_at) VALUES
        (11, 'registration-confirmed', 'sms', '+265991000002', 2, 'queued', '2030-01-01T05:00:00.000Z', NULL),
        (12, 'registration-confirmed', 'email', 'peter@example.mw', 2, 'failed', '2030-01-01T05:00:00.000Z', NULL),
        (13, 'event-reminder', 'sms', '+265991000002', 2, 'sent', NULL, '2026-01-02T00:00:00.000Z'),
        (14, 'registration-notification', 'email', 'events@example.mw', 2, 'queued', '2030-01-01T05:00:00.000Z', NULL),
        (15, 'registration-confirmed', 'sms', '+265991000001', 1, 'queued', '2030-01-01T05:00:00.000Z', NULL)`,
    ]);
    const outbox = async () =>
      (await env.DB.prepare("SELECT id, recipient, status, next_attempt_at, last_error FROM email_outbox ORDER BY id").all()).results;
    const before = await outbox();

    // A stale form changes nothing, messages included.
    const stale = await postForm(`${DESK}?edit=2`, { ...(await editFields(2, { full_name: "Peter Phiri", phone_number: "0991 000 022", email: "peter.phiri@example.mw" })), updated_at: "2025-01-01T00:00:00.000Z" }, { cookie });
    expect(stale.status).toBe(409);
    expect(await outbox()).toEqual(before);

    const fixed = await postForm(`${DESK}?edit=2`, await editFields(2, { full_name: "Peter Phiri", phone_number: "0991 000 022", email: "peter.phiri@example.mw" }), { cookie });
    expect(fixed.status).toBe(302);
    expect(await outbox()).toEqual([
      { id: 11, recipient: "+265991000022", status: "queued", next_attempt_at: "2030-01-01T05:00:00.000Z", last_error: null },
      { id: 12, recipient: "peter.phiri@example.mw", status: "failed", next_attempt_at: "2030-01-01T05:00:00.000Z", last_error: null },
      { id: 13, recipient: "+265991000002", status: "sent", next_attempt_at: null, last_error: null },
      { id: 14, recipient: "events@example.mw", status: "queued", next_attempt_at: "2030-01-01T05:00:00.000Z", last_error: null },
      { id: 15, recipient: "+265991000001", status: "queued", next_attempt_at: "2030-01-01T05:00:00.000Z", last_error: null },
    ]);

    // His address taken off: the e-mail still to go is not sent, and says why.
    const noEmail = await postForm(`${DESK}?edit=2`, await editFields(2, { full_name: "Peter Phiri", phone_number: "0991 000 022", email: "" }), { cookie });
    expect(noEmail.status).toBe(302);
    const after = await outbox();
    expect(after[1]).toEqual({ id: 12, recipient: "peter.phiri@example.mw", status: "failed", next_attempt_at: null, last_error: "The e-mail address was removed before it was sent" });
    expect(after[0]).toMatchObject({ id: 11, recipient: "+265991000022", status: "queued" });
  });

  it("is refused to a door volunteer and to anyone not signed in", async () => {
    await createAdmin("door@example.org", "door-horse-battery", "volunteer");
    const volunteer = await signIn("door@example.org", "door-horse-battery", "203.0.113.3");
    const before = await stored(1);
    const byVolunteer = await postForm(`${DESK}?edit=1`, await editFields(1, { full_name: "Changed", phone_number: "0991 000 099" }), { cookie: volunteer });
    expect(byVolunteer.status).toBe(403);
    const anonymous = await postForm(`${DESK}?edit=1`, await editFields(1, { full_name: "Changed", phone_number: "0991 000 099" }));
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth/);
    expect(await stored(1)).toEqual(before);
  });
});
