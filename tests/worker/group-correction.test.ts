// A group's leader corrects a man's name and phone on his group's page (/groups/{token}), through
// the real Worker and D1, without JavaScript: each man's prefilled "Correct" form, a correction
// that lands (the page shows it, the row holds the phone in international form, his e-mail stays),
// refusals that keep what was typed and say what is wrong on the field (a bad phone, no name, a
// phone the event already has, without naming who has it; a page opened before someone changed
// him), men this link may not correct (another group's, a cancelled man, an event started), and two
// corrections at once (one lands, the other is told).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { postForm, request, runSql, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

const LEADER = { name: "Yohane Banda", phone: "0991000000" };

/** A group registered through its form; its page's address. */
async function registerGroup(men: { name: string; phone?: string }[], leader = LEADER, ip = "198.51.100.9"): Promise<string> {
  const fields: Record<string, string> = { event_id: "1", leader_name: leader.name, leader_phone: leader.phone, mode: "all-or-nothing", lines: "10" };
  men.forEach((man, i) => {
    fields[`men[${i}].full_name`] = man.name;
    if (man.phone) fields[`men[${i}].phone_number`] = man.phone;
  });
  const response = await postForm("/events/1/group", fields, { ip });
  expect(response.status).toBe(303);
  return response.headers.get("Location")!;
}

type Row = { id: number; full_name: string; phone_number: string; dedupe_key: string | null; email: string | null; status: string; updated_at: string };

async function man(name: string): Promise<Row> {
  return (await env.DB.prepare("SELECT id, full_name, phone_number, dedupe_key, email, status, updated_at FROM event_registrations WHERE full_name = ?1").bind(name).first<Row>())!;
}

async function row(id: number): Promise<Row> {
  return (await env.DB.prepare("SELECT id, full_name, phone_number, dedupe_key, email, status, updated_at FROM event_registrations WHERE id = ?1").bind(id).first<Row>())!;
}

/** What his correction form posts, opened at `openedAt` (by default his row's version now). */
function correction(who: Row, fields: { full_name: string; phone_number: string }, openedAt = who.updated_at) {
  return { intent: "correct", registration_id: String(who.id), updated_at: openedAt, ...fields };
}

let page: string;
beforeEach(async () => {
  await runSql(["INSERT INTO churchevents (id, name, date, capacity, waitlist_enabled) VALUES (1, 'Men''s Conference', '2099-03-05T07:30:00.000Z', 50, 1)"]);
  page = await registerGroup([{ name: "Alinafe Phri", phone: "0991000001" }, { name: "Blessings Banda" }, { name: "Chikondi Mwale", phone: "0888000003" }]);
  // Someone registered on his own: his phone is taken for this event.
  const alone = await postForm("/events/1/register", { event_id: "1", full_name: "Early Bird", phone_number: "0991000004" }, { ip: "198.51.100.50" });
  expect(alone.status).toBe(303);
});

describe("correcting a man on the group's page", () => {
  it("offers each man a prefilled Correct form, and a correction lands: toast, the page shows it, the row holds the international phone, his e-mail stays", async () => {
    const alinafe = await man("Alinafe Phri");
    await runSql([`UPDATE event_registrations SET email = 'alinafe@example.mw' WHERE id = ${alinafe.id}`]);
    const before = await (await request(page)).text();
    expect(before).toContain(`Correct<span class="sr-only"> Alinafe Phri</span>`);
    expect(before).toMatch(new RegExp(`<input id="correct-${alinafe.id}-phone_number"[^>]* type="tel"[^>]* name="phone_number" value="\\+265 991 00 00 01"`));
    // Each man's fields are named for him: a screen reader tells four "Full Name" fields apart.
    expect(before).toMatch(new RegExp(`<label for="correct-${alinafe.id}-full_name"[^>]*>Full Name<span class="sr-only"> of Alinafe Phri</span></label><input id="correct-${alinafe.id}-full_name"[^>]* name="full_name" value="Alinafe Phri"`));
    expect(before).toContain(`name="updated_at" value="${alinafe.updated_at}"`);
    expect(textOf(before)).toContain("Save Alinafe Phri's details");
    // A man registered without a phone: the number shown is the leader's, and it says so (his own is his only).
    const blessings = await man("Blessings Banda");
    const hint = new RegExp(`<p id="correct-${blessings.id}-phone_number-hint"[^>]*>He was registered without a phone: this is your number, where his messages go`);
    expect(before).toMatch(hint);
    expect(before).not.toContain(`correct-${alinafe.id}-phone_number-hint`);

    const response = await postForm(page, correction(alinafe, { full_name: "Alinafe Phiri", phone_number: "0991 000 011" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(page);
    expect(await toastOf(response)).toMatchObject({ title: "Details saved", description: "Saved Alinafe Phiri's details." });
    expect(await row(alinafe.id)).toMatchObject({ full_name: "Alinafe Phiri", phone_number: "+265991000011", dedupe_key: "+265991000011", email: "alinafe@example.mw" });
    expect((await env.DB.prepare("SELECT actor, kind, action, target, summary, address IS NOT NULL AS has_address FROM activity_log ORDER BY id").all()).results).toEqual([
      { actor: "private link", kind: "write", action: "Corrected name and phone (on the group's page)", target: `registration ${alinafe.id} “Alinafe Phiri” at event 1 “Men's Conference”`, summary: "Changed: name, phone", has_address: 1 },
    ]);

    const after = await (await request(page)).text();
    expect(textOf(after)).toContain("Alinafe Phiri");
    expect(textOf(after)).not.toContain("Alinafe Phri");
    // The page shows no phones; his form is where the new one shows.
    expect(after).toContain('value="+265 991 00 00 11"');
    // His own page knows him by the new name.
    const token = (await env.DB.prepare("SELECT token FROM event_registrations WHERE id = ?1").bind(alinafe.id).first<{ token: string }>())!.token;
    expect(textOf(await (await request(`/registrations/${token}`)).text())).toContain("Alinafe Phiri");
  });

  it("refuses a phone we cannot call and an empty name with 400, on the field, keeping what was typed and the form open", async () => {
    const chikondi = await man("Chikondi Mwale");
    for (const [fields, message, field] of [
      [{ full_name: "Chikondi Mwale Jr", phone_number: "0991 2345" }, "This is not a phone number we can call", "phone_number"],
      [{ full_name: "", phone_number: "0888 000 033" }, "Full name is required", "full_name"],
    ] as const) {
      const response = await postForm(page, correction(chikondi, fields));
      expect(response.status).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const body = await response.text();
      expect(textOf(body)).toContain(message);
      expect(body).toContain(`value="${fields.phone_number}"`);
      if (fields.full_name) expect(body).toContain(`value="${fields.full_name}"`);
      // The message is on its field, and his form is open.
      const id = `correct-${chikondi.id}-${field}`;
      expect(body).toMatch(new RegExp(`<input id="${id}"[^>]*aria-invalid="true" aria-describedby="${id}-error"`));
      expect(body).toMatch(new RegExp(`<p id="${id}-error"[^>]*>${message}`));
      expect(body).toMatch(/<details open="" class="mt-1 print:hidden"><summary[^>]*>Correct<span class="sr-only"> Chikondi Mwale<\/span>/);
    }
    expect(await row(chikondi.id)).toEqual(chikondi);
  });

  it("refuses a phone another registration of the event holds (409) without saying whose it is", async () => {
    const chikondi = await man("Chikondi Mwale");
    const { code } = (await env.DB.prepare("SELECT code FROM event_registrations WHERE full_name = 'Early Bird'").first<{ code: string }>())!;
    // Early Bird's, who registered alone; Alinafe's, of this group.
    for (const phone of ["0991 000 004", "0991 000 001"]) {
      const response = await postForm(page, correction(chikondi, { full_name: "Chikondi Mwale", phone_number: phone }));
      expect(response.status).toBe(409);
      const body = await response.text();
      expect(textOf(body)).toContain("This phone number is already registered for this event");
      expect(body).toContain(`value="${phone}"`);
      // Early Bird registered alone: nothing on this page may name him or his code.
      expect(body).not.toContain("Early Bird");
      expect(body).not.toContain(code);
    }
    expect(await row(chikondi.id)).toEqual(chikondi);
  });

  it("gives a man on the leader's phone his own when his own number is put in (registered once by it, his page his own), and shares the leader's again when moved back to it", async () => {
    const ownPage = (html: string) => html.includes('aria-label="His own page: Blessings Banda"');
    let blessings = await man("Blessings Banda");
    expect(blessings).toMatchObject({ phone_number: "+265991000000", dedupe_key: null });
    expect(ownPage(await (await request(page)).text())).toBe(false);

    // His name corrected, on the leader's phone still: he still shares it.
    expect((await postForm(page, correction(blessings, { full_name: "Blessings Banda", phone_number: "0991 000 000" }))).status).toBe(303);
    blessings = await man("Blessings Banda");
    expect(blessings.dedupe_key).toBeNull();

    // His own number: it is his now.
    expect((await postForm(page, correction(blessings, { full_name: "Blessings Banda", phone_number: "0999 000 012" }))).status).toBe(303);
    blessings = await man("Blessings Banda");
    expect(blessings).toMatchObject({ phone_number: "+265999000012", dedupe_key: "+265999000012" });
    expect(ownPage(await (await request(page)).text())).toBe(true);
    // The event has him by that number: registering it again adds nobody.
    await postForm("/events/1/register", { event_id: "1", full_name: "Blessings Again", phone_number: "0999000012" }, { ip: "198.51.100.51" });
    const holders = await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE phone_number = '+265999000012' AND status <> 'cancelled'").first<{ n: number }>();
    expect(holders!.n).toBe(1);

    // Moved back to the leader's phone: he shares it again.
    expect((await postForm(page, correction(blessings, { full_name: "Blessings Banda", phone_number: "0991 000 000" }))).status).toBe(303);
    expect((await man("Blessings Banda")).dedupe_key).toBeNull();
    expect(ownPage(await (await request(page)).text())).toBe(false);

    // A man with his own phone whose name alone is corrected keeps his phone as his own.
    const chikondi = await man("Chikondi Mwale");
    expect((await postForm(page, correction(chikondi, { full_name: "Chikondi Mwale Jr", phone_number: "0888 000 003" }))).status).toBe(303);
    expect((await man("Chikondi Mwale Jr")).dedupe_key).toBe("+265888000003");
  });

  it("refuses a form opened before someone changed him (409), changes nothing, and carries his new version so saving again is a choice", async () => {
    const alinafe = await man("Alinafe Phri");
    const response = await postForm(page, correction(alinafe, { full_name: "Alinafe Phiri", phone_number: "0991 000 011" }, "2026-01-01T00:00:00.000Z"));
    expect(response.status).toBe(409);
    const body = await response.text();
    expect(textOf(body)).toMatch(/His registration was changed at .+, after you opened this page, so your correction was not saved\. To keep yours, press Save again/);
    expect(body).toContain('value="Alinafe Phiri"');
    expect(body).toContain(`name="updated_at" value="${alinafe.updated_at}"`);
    expect(await row(alinafe.id)).toEqual(alinafe);
    // Saved again with the version it now carries: it lands.
    const again = await postForm(page, correction(alinafe, { full_name: "Alinafe Phiri", phone_number: "0991 000 011" }));
    expect(again.status).toBe(303);
    expect(await row(alinafe.id)).toMatchObject({ full_name: "Alinafe Phiri", phone_number: "+265991000011" });
  });

  it("corrects nobody of another group, nobody cancelled, and nobody once the event has started", async () => {
    await registerGroup([{ name: "Other Man", phone: "0999000001" }], { name: "Other Leader", phone: "0999000000" }, "198.51.100.77");
    const other = await man("Other Man");
    const chikondi = await man("Chikondi Mwale");
    expect((await postForm(page, { intent: "cancel", registration_id: String(chikondi.id) })).status).toBe(303);
    const cancelled = await row(chikondi.id);
    for (const who of [other, cancelled]) {
      const response = await postForm(page, correction(who, { full_name: "Changed Name", phone_number: "0991 000 099" }));
      expect(response.status).toBe(303);
      expect(await toastOf(response)).toMatchObject({ title: "Nothing corrected" });
      expect(await row(who.id)).toEqual(who);
    }
    // A cancelled man has no form.
    expect(await (await request(page)).text()).not.toContain(`correct-${chikondi.id}-full_name`);

    const alinafe = await man("Alinafe Phri");
    await runSql(["UPDATE churchevents SET date = '2020-01-01T08:00:00.000Z' WHERE id = 1"]);
    const started = await postForm(page, correction(alinafe, { full_name: "Alinafe Phiri", phone_number: "0991 000 011" }));
    expect(await toastOf(started)).toMatchObject({ title: "Nothing corrected" });
    expect(await row(alinafe.id)).toEqual(alinafe);
    expect(textOf(await (await request(page)).text())).not.toContain("Save Alinafe Phri's details");
  });

  it("of two corrections sent at once from the same page, exactly one lands and the other is told the form is stale", async () => {
    const alinafe = await man("Alinafe Phri");
    const answers = await Promise.all([
      postForm(page, correction(alinafe, { full_name: "Alinafe Phiri", phone_number: "0991 000 011" })),
      postForm(page, correction(alinafe, { full_name: "Alinafe Phiri Banda", phone_number: "0991 000 012" })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const won = answers[0]!.status === 303 ? { full_name: "Alinafe Phiri", phone_number: "+265991000011" } : { full_name: "Alinafe Phiri Banda", phone_number: "+265991000012" };
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(textOf(await refused.text())).toContain("so your correction was not saved");
    const now = await row(alinafe.id);
    expect(now).toMatchObject(won);
    expect(now.dedupe_key).toBe(won.phone_number);
  });
});
