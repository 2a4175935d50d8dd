// A man corrects his own name and phone on his private page (/registrations/{token}), through the
// real Worker and D1, without JavaScript: a misspelt name or a digit wrong need not cost his place.
// The prefilled form, a correction that lands (same place, same code; the phone in international
// form, his e-mail kept), refusals that keep what was typed and say what is wrong on the field (a
// bad phone, a phone the event already has, without naming who has it; a page opened before a
// change at the desk), no form once cancelled or once the event has started, and two corrections
// at once (one lands, the other is told). A new phone gives his page a new link, sent to it.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { postForm, request, runSql, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

type Row = { id: number; full_name: string; phone_number: string; dedupe_key: string | null; email: string | null; status: string; code: string; updated_at: string };

async function row(id: number): Promise<Row> {
  return (await env.DB.prepare("SELECT id, full_name, phone_number, dedupe_key, email, status, code, updated_at FROM event_registrations WHERE id = ?1").bind(id).first<Row>())!;
}

/** Registers through the event's form (no JavaScript); his page's address and his row. */
async function register(name: string, phone: string, email = "", ip = "198.51.100.20"): Promise<{ page: string; me: Row }> {
  const response = await postForm("/events/1/register", { event_id: "1", full_name: name, phone_number: phone, email }, { ip });
  expect(response.status).toBe(303);
  const page = response.headers.get("Location")!;
  const token = page.split("/").pop()!;
  const { id } = (await env.DB.prepare("SELECT id FROM event_registrations WHERE token = ?1").bind(token).first<{ id: number }>())!;
  return { page, me: await row(id) };
}

/** What his correction form posts, opened at `openedAt` (by default his row's version now). */
function correction(me: Row, fields: { full_name: string; phone_number: string }, openedAt = me.updated_at) {
  return { intent: "correct-mine", updated_at: openedAt, ...fields };
}

beforeEach(async () => {
  await runSql(["INSERT INTO churchevents (id, name, date, capacity, waitlist_enabled) VALUES (1, 'Men''s Conference', '2099-03-05T07:30:00.000Z', 1, 1)"]);
});

describe("correcting one's own registration", () => {
  it("offers a prefilled form, and a correction lands: toast, the page shows the new name, same place and code, the phone international, the e-mail kept", async () => {
    const { page, me } = await register("Alinafe Phri", "0991 000 001", "alinafe@example.mw");
    const before = await (await request(page)).text();
    expect(textOf(before)).toContain("Correct my name or phone");
    expect(before).toMatch(/<input id="correct-full_name"[^>]* name="full_name" value="Alinafe Phri"/);
    expect(before).toMatch(/<input id="correct-phone_number"[^>]* type="tel"[^>]* name="phone_number" value="\+265 991 00 00 01"/);
    expect(before).toContain(`name="updated_at" value="${me.updated_at}"`);

    // His receipt went (to the number with a digit wrong).
    await runSql(["UPDATE email_outbox SET status = 'sent', sent_at = updated_at"]);
    const response = await postForm(page, correction(me, { full_name: "Alinafe Phiri", phone_number: "0991 000 011" }));
    expect(response.status).toBe(303);
    // A new phone, a new link (the old one may be in someone else's SMS): he goes on to it.
    const newPage = response.headers.get("Location")!;
    expect(newPage).toMatch(/^\/registrations\/[A-Za-z0-9_-]{22}$/);
    expect(newPage).not.toBe(page);
    expect(await toastOf(response)).toMatchObject({
      title: "Details saved",
      description: "Your name and phone number are saved. This page has a new link, sent with your code to your new number: the old link no longer opens it.",
    });
    expect((await request(page)).status).toBe(404);
    expect(await row(me.id)).toMatchObject({ full_name: "Alinafe Phiri", phone_number: "+265991000011", dedupe_key: "+265991000011", email: "alinafe@example.mw", status: "confirmed", code: me.code });
    // His code and the new link, again, to his address (SMS is not set up in this test); a receipt still to go would have carried the new link itself.
    const sent = await env.DB.prepare("SELECT kind, channel, recipient FROM email_outbox WHERE about_id = ?1 AND kind = 'registration-confirmed' ORDER BY id").bind(me.id).all();
    expect(sent.results).toEqual([
      { kind: "registration-confirmed", channel: "email", recipient: "alinafe@example.mw" },
      { kind: "registration-confirmed", channel: "email", recipient: "alinafe@example.mw" },
    ]);
    const after = textOf(await (await request(newPage)).text());
    expect(after).toContain("Alinafe Phiri");
    expect(after).not.toContain("Alinafe Phri");
    expect(after).toContain("Your place is confirmed.");
    // Whoever holds the link did it: staff can see it in the activity log.
    expect((await env.DB.prepare("SELECT actor, kind, action, target, summary, address IS NOT NULL AS has_address FROM activity_log ORDER BY id").all()).results).toEqual([
      { actor: "private link", kind: "write", action: "Corrected name and phone (on his own page)", target: `registration ${me.id} “Alinafe Phiri” at event 1 “Men's Conference”`, summary: "Changed: name, phone", has_address: 1 },
    ]);
  });

  it("refuses a phone we cannot call (400) and a phone the event already has (409, never saying whose), on the field, keeping what was typed and the form open", async () => {
    const { page, me } = await register("Chikondi Mwale", "0888 000 003");
    const other = await register("Early Bird", "0991 000 004", "", "198.51.100.21");
    for (const [phone, status, message] of [
      ["0991 2345", 400, "This is not a phone number we can call"],
      ["0991 000 004", 409, "This phone number is already registered for this event"],
    ] as const) {
      const response = await postForm(page, correction(me, { full_name: "Chikondi Mwale Jr", phone_number: phone }));
      expect(response.status).toBe(status);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const body = await response.text();
      expect(textOf(body)).toContain(message);
      expect(body).toMatch(new RegExp(`<input id="correct-phone_number"[^>]*aria-invalid="true"[^>]* name="phone_number" value="${phone}"`));
      expect(body).toContain('value="Chikondi Mwale Jr"');
      expect(body).toMatch(/<details open=""[^>]*><summary[^>]*>Correct my name or phone/);
      expect(body).not.toContain("Early Bird");
      expect(body).not.toContain(other.me.code);
    }
    expect(await row(me.id)).toEqual(me);
  });

  it("refuses a correction from a page opened before the desk changed him (409), saying so; pressing Save again replaces it", async () => {
    const { page, me } = await register("Mphatso Tembo", "0991 000 005");
    await runSql([`UPDATE event_registrations SET full_name = 'Mphatso Tembo (desk)', updated_at = '2099-01-01T00:00:00.000Z' WHERE id = ${me.id}`]);
    const refused = await postForm(page, correction(me, { full_name: "Mphatso Tembo Phiri", phone_number: "0991 000 005" }));
    expect(refused.status).toBe(409);
    const body = await refused.text();
    expect(textOf(body)).toContain("Your registration was changed at");
    expect(textOf(body)).toContain("so your correction was not saved");
    expect(body).toContain('name="updated_at" value="2099-01-01T00:00:00.000Z"');
    expect((await row(me.id)).full_name).toBe("Mphatso Tembo (desk)");
    const again = await postForm(page, correction(me, { full_name: "Mphatso Tembo Phiri", phone_number: "0991 000 005" }, "2099-01-01T00:00:00.000Z"));
    expect(again.status).toBe(303);
    expect((await row(me.id)).full_name).toBe("Mphatso Tembo Phiri");
  });

  it("offers no form, and changes nothing, once cancelled or once the event has started", async () => {
    const { page, me } = await register("Kondwani Late", "0991 000 006");
    await runSql([`UPDATE event_registrations SET status = 'cancelled' WHERE id = ${me.id}`]);
    expect(textOf(await (await request(page)).text())).not.toContain("Correct my name or phone");
    const cancelled = await postForm(page, correction(me, { full_name: "Kondwani Changed", phone_number: "0991 000 006" }));
    expect(cancelled.status).toBe(303);
    expect(await toastOf(cancelled)).toMatchObject({ title: "Nothing corrected" });

    const second = await register("Thoko Started", "0991 000 007", "", "198.51.100.22");
    await runSql(["UPDATE churchevents SET date = '2020-01-01T07:00:00.000Z' WHERE id = 1"]);
    expect(textOf(await (await request(second.page)).text())).not.toContain("Correct my name or phone");
    const started = await postForm(second.page, correction(second.me, { full_name: "Thoko Changed", phone_number: "0991 000 007" }));
    expect(await toastOf(started)).toMatchObject({ title: "Nothing corrected" });
    expect((await row(me.id)).full_name).toBe("Kondwani Late");
    expect((await row(second.me.id)).full_name).toBe("Thoko Started");
  });

  it("two corrections at once from the same page: one lands, the other is told and changes nothing", async () => {
    const { page, me } = await register("Yamikani Phri", "0991 000 008");
    const answers = await Promise.all([
      postForm(page, correction(me, { full_name: "Yamikani Phiri", phone_number: "0991 000 018" })),
      postForm(page, correction(me, { full_name: "Yamikani Phiri Banda", phone_number: "0991 000 028" })),
    ]);
    // The one that lands gives the page a new link (a new phone); the other is refused: stale, or its link already replaced.
    const toasts = await Promise.all(answers.map(async (answer) => (answer.status === 303 ? (await toastOf(answer))?.description : textOf(await answer.text()))));
    expect(toasts.filter((said) => said?.includes("This page has a new link"))).toHaveLength(1);
    expect(toasts.filter((said) => said?.includes("so your correction was not saved") || said?.includes("This link no longer opens a registration"))).toHaveLength(1);
    const won = toasts[0]!.includes("This page has a new link") ? { full_name: "Yamikani Phiri", phone_number: "+265991000018" } : { full_name: "Yamikani Phiri Banda", phone_number: "+265991000028" };
    expect(await row(me.id)).toMatchObject({ ...won, dedupe_key: won.phone_number });
  });
});
