// "Cancel a burst" on the registration desk (issue 28, finding 1; docs/decisions/026-registration-bursts.md):
// staff choose a window (From, To, Malawi time, both minutes included) and optionally an address
// group, Preview says how many registrations that selects with a few names, and confirming cancels
// exactly those in one logged step, moving the waiting list up exactly as one cancellation does.
// Through the Worker's real fetch, as plain form posts (no JavaScript).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { releaseUnpaidHolds } from "~/features/payments/index.server";
import { isoToSiteLocalInput } from "~/lib/time";
import { createAdmin, postForm, request, runSql, seedReference, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

const DESK = "/admin/events/registrations/1";
const FUTURE = "2030-06-12T06:00:00.000Z";
// 14:00 to 14:30 in Malawi on March 1, 2027 is 12:00:00.000 to 12:30:59.999 UTC.
const WINDOW = { burst_from: "2027-03-01T14:00", burst_to: "2027-03-01T14:30", address_group: "" };

let admin: string;
let nextId = 1;

beforeEach(async () => {
  nextId = 1;
  await seedReference();
  await createAdmin();
  await createAdmin("editor@example.org", undefined, "editor");
  await createAdmin("door@example.org", undefined, "volunteer");
  admin = await signIn();
});

async function event(id: number, columns: Record<string, string | number | null> = {}) {
  const values = { id, name: `Event ${id}`, date: FUTURE, capacity: null, ...columns };
  const names = Object.keys(values);
  await env.DB.prepare(`INSERT INTO churchevents (${names.join(", ")}) VALUES (${names.map((_, i) => `?${i + 1}`).join(", ")})`)
    .bind(...Object.values(values))
    .run();
}

type Row = { name: string; at: string; status?: string; queued?: string; group?: string | null; source?: string; event?: number; email?: string | null };

/** Registrations written straight to D1, each with its own id, code, phone and token. */
async function rows(list: Row[]) {
  await runSql(
    list.map((row) => {
      const id = nextId++;
      const phone = `+26599${String(1000000 + id)}`;
      return `INSERT INTO event_registrations (id, event_id, full_name, phone_number, email, dedupe_key, status, code, token, source, address_group, created_at, queued_at)
        VALUES (${id}, ${row.event ?? 1}, '${row.name}', '${phone}', ${row.email ? `'${row.email}'` : "NULL"}, '${phone}', '${row.status ?? "confirmed"}', 'C${String(id).padStart(5, "0")}',
          'token-${id}-0123456789abcdef', '${row.source ?? "public"}', ${row.group ? `'${row.group}'` : "NULL"}, '${row.at}', '${row.queued ?? row.at}')`;
    }),
  );
}

function preview(cookie: string, fields: Partial<typeof WINDOW> = {}) {
  return postForm(DESK, { intent: "burst-preview", ...WINDOW, ...fields }, { cookie });
}

/** The confirm button's post, as the preview's form holds it. */
function confirmFieldsOf(body: string, fields: Partial<typeof WINDOW> = {}) {
  const expected = /name="expected" value="(\d+)"/.exec(body)?.[1];
  const previewed = /name="previewed" value="([^"]+)"/.exec(body)?.[1];
  if (!expected || !previewed) throw new Error("no preview in the page");
  return { intent: "burst-cancel", ...WINDOW, ...fields, expected, previewed };
}

async function statuses() {
  const { results } = await env.DB.prepare("SELECT full_name, status, cancelled_by, cancel_reason, promoted_at FROM event_registrations ORDER BY id").all<{
    full_name: string;
    status: string;
    cancelled_by: string | null;
    cancel_reason: string | null;
    promoted_at: string | null;
  }>();
  return Object.fromEntries(results.map((row) => [row.full_name, row]));
}

async function burstLog() {
  return (await env.DB.prepare("SELECT actor, action, target, summary FROM activity_log WHERE action = 'Cancelled a burst'").all()).results;
}

async function count(where: string) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM event_registrations WHERE ${where}`).first<{ n: number }>())!.n;
}

describe("choosing a window", () => {
  it("offers the form by its visible names: Cancel a burst, From, To, Address group, Preview", async () => {
    await event(1);
    const body = await (await request(DESK, { cookie: admin })).text();
    expect(body).toMatch(/<summary[^>]*>Cancel a burst<\/summary>/);
    expect(body).toMatch(/<label for="burst-from"[^>]*>From<\/label>/);
    expect(body).toMatch(/<label for="burst-to"[^>]*>To<\/label>/);
    expect(body).toMatch(/<label for="burst-group"[^>]*>Address group<\/label>/);
    expect(body).toMatch(/<input id="burst-from"[^>]*type="datetime-local"[^>]*name="burst_from"/);
    expect(body).toMatch(/<button type="submit" value="burst-preview"[^>]*name="intent">Preview<\/button>/);
  });

  it("selects exactly the window, both minutes included, and cancels exactly that in one logged step", async () => {
    await event(1);
    await event(2);
    await rows([
      { name: "Before Edge", at: "2027-03-01T11:59:59.999Z" },
      { name: "First In", at: "2027-03-01T12:00:00.000Z" },
      { name: "Middle Man", at: "2027-03-01T12:15:00.000Z", status: "waitlisted" },
      { name: "Last In", at: "2027-03-01T12:30:59.999Z" },
      { name: "After Edge", at: "2027-03-01T12:31:00.000Z" },
      { name: "Already Gone", at: "2027-03-01T12:10:00.000Z", status: "cancelled" },
      { name: "Staff Added", at: "2027-03-01T12:10:00.000Z", source: "desk" },
      { name: "Other Event", at: "2027-03-01T12:10:00.000Z", event: 2 },
    ]);
    const shown = await preview(admin);
    expect(shown.status).toBe(200);
    const body = await shown.text();
    const text = textOf(body);
    expect(text).toContain("This selects 3 registrations");
    expect(text).toContain("First In, Middle Man, Last In.");
    expect(text).toContain("Cancel these 3 registrations");
    // What was typed stays.
    expect(body).toContain('value="2027-03-01T14:00"');
    expect(body).toContain('value="2027-03-01T14:30"');

    const done = await postForm(DESK, confirmFieldsOf(body), { cookie: admin });
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({ title: "Cancelled 3 registrations" });
    const after = await statuses();
    for (const name of ["First In", "Middle Man", "Last In"]) {
      expect(after[name], name).toMatchObject({ status: "cancelled", cancelled_by: "admin@example.org", cancel_reason: "burst" });
    }
    for (const name of ["Before Edge", "After Edge", "Staff Added", "Other Event"]) expect(after[name]!.status, name).toBe("confirmed");
    expect(after["Already Gone"]).toMatchObject({ status: "cancelled", cancel_reason: null });
    // One entry in the activity log, naming the window.
    const log = await burstLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: "admin@example.org", target: "event 1 “Event 1”" });
    expect(String((log[0] as { summary: string }).summary)).toContain("3 registrations made Mar 1 14:00 to Mar 1 14:30");
    // Those cancelled are not written to (a burst's addresses may be anyone's).
    expect((await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'registration-cancelled'").first<{ n: number }>())!.n).toBe(0);
  });

  it("says what is wrong beside the field and keeps what was typed", async () => {
    await event(1);
    await rows([{ name: "Someone", at: "2027-03-01T12:10:00.000Z" }]);
    const backwards = await preview(admin, { burst_from: "2027-03-01T14:30", burst_to: "2027-03-01T14:00" });
    expect(backwards.status).toBe(400);
    const body = await backwards.text();
    expect(textOf(body)).toContain("To must be after From.");
    expect(body).toContain('value="2027-03-01T14:30"');
    expect(body).toMatch(/<details open=""/);
    expect(textOf(await (await preview(admin, { burst_from: "" })).text())).toContain("Enter From: the date and time the burst began.");
    expect(textOf(await (await preview(admin, { burst_to: "tomorrow" })).text())).toContain("Enter a date and time.");
    expect(textOf(await (await preview(admin, { address_group: "nonsense" })).text())).toContain("Choose an address group from the list.");
    const empty = await preview(admin, { burst_from: "2027-03-02T14:00", burst_to: "2027-03-02T15:00" });
    expect(empty.status).toBe(409);
    expect(textOf(await empty.text())).toContain("No registrations in that window.");
    // A window changed after its preview is previewed again, never cancelled unseen.
    const body2 = await (await preview(admin)).text();
    const moved = await postForm(DESK, confirmFieldsOf(body2, { burst_to: "2027-03-01T15:00" }), { cookie: admin });
    expect(moved.status).toBe(200);
    expect(textOf(await moved.text())).toContain("This selects 1 registration");
    expect(await count("status = 'cancelled'")).toBe(0);
  });

  it("narrows the window to one address group, which the desk offers with its size", async () => {
    await event(1);
    await rows([
      ...["A1", "A2", "A3"].map((name, i) => ({ name: `Group ${name}`, at: `2027-03-01T12:0${i}:00.000Z`, group: "3f2a91c0" })),
      ...["B1", "B2"].map((name, i) => ({ name: `Group ${name}`, at: `2027-03-01T12:1${i}:00.000Z`, group: "9b1e0d44" })),
      { name: "No Group", at: "2027-03-01T12:20:00.000Z" },
    ]);
    const desk = textOf(await (await request(DESK, { cookie: admin })).text());
    expect(desk).toContain("Group 3f2a91c0 (3 registrations)");
    expect(desk).toContain("Group 9b1e0d44 (2 registrations)");
    const all = textOf(await (await preview(admin)).text());
    expect(all).toContain("This selects 6 registrations");
    expect(all).toContain("By address group: 3f2a91c0 (3), 9b1e0d44 (2).");
    const body = await (await preview(admin, { address_group: "3f2a91c0" })).text();
    expect(textOf(body)).toContain("This selects 3 registrations");
    expect((await postForm(DESK, confirmFieldsOf(body, { address_group: "3f2a91c0" }), { cookie: admin })).status).toBe(302);
    const after = await statuses();
    expect(Object.values(after).filter((row) => row.status === "cancelled").map((row) => row.full_name)).toEqual(["Group A1", "Group A2", "Group A3"]);
  });
});

describe("the waiting list after a burst", () => {
  /**
   * 30 places. 10 real people before the burst; a burst of 40 (20 took places, 20 waiting); 15 real
   * people waiting after it. Full, 35 waiting.
   */
  async function fullWithBurst() {
    await event(1, { capacity: 30 });
    await rows(Array.from({ length: 10 }, (_, i) => ({ name: `Real ${i + 1}`, at: `2027-03-01T10:${String(i).padStart(2, "0")}:00.000Z` })));
    // 14:00 to 14:29:15 in Malawi, one every 45 seconds.
    await rows(
      Array.from({ length: 40 }, (_, i) => ({
        name: `Made Up ${i + 1}`,
        at: new Date(Date.UTC(2027, 2, 1, 12) + i * 45_000).toISOString(),
        status: i < 20 ? "confirmed" : "waitlisted",
        group: "3f2a91c0",
      })),
    );
    // Queued in this order, written in another (the waiting list goes by when each joined it).
    const waiting = Array.from({ length: 15 }, (_, i) => ({
      name: `Waiting ${String(i + 1).padStart(2, "0")}`,
      at: `2027-03-01T13:${String(i).padStart(2, "0")}:00.000Z`,
      status: "waitlisted",
      email: i % 2 ? `waiting${i + 1}@example.mw` : null,
    }));
    await rows([...waiting].reverse());
    expect(await count("status = 'confirmed'")).toBe(30);
    expect(await count("status = 'waitlisted'")).toBe(35);
  }

  it("moves up exactly as many as places were freed, in the waiting list's order, as one cancellation would", async () => {
    await fullWithBurst();
    const body = await (await preview(admin)).text();
    expect(textOf(body)).toContain("This selects 40 registrations");
    const done = await postForm(DESK, confirmFieldsOf(body), { cookie: admin });
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({ title: "Cancelled 40 registrations", description: expect.stringContaining("15 moved up") });
    // 20 places freed, 15 waiting: all 15 move up, 5 places stay free.
    expect(await count("status = 'confirmed'")).toBe(25);
    expect(await count("status = 'waitlisted'")).toBe(0);
    expect(await count("full_name LIKE 'Waiting %' AND status = 'confirmed' AND promoted_at IS NOT NULL")).toBe(15);
    // Those who moved up hear of it, by e-mail where they gave one (as when one registration is cancelled).
    expect((await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'registration-moved-up'").first<{ n: number }>())!.n).toBe(7);
    expect(String(((await burstLog())[0] as { summary: string }).summary)).toContain("20 places freed; moved up: 15");
  });

  it("gives the freed places to the first in line when fewer places free up than people wait", async () => {
    await event(1, { capacity: 30 });
    await rows(Array.from({ length: 20 }, (_, i) => ({ name: `Real ${i + 1}`, at: `2027-03-01T10:${String(i).padStart(2, "0")}:00.000Z` })));
    await rows(Array.from({ length: 15 }, (_, i) => ({ name: `Made Up ${i + 1}`, at: `2027-03-01T12:${String(i).padStart(2, "0")}:00.000Z`, status: i < 10 ? "confirmed" : "waitlisted" })));
    const waiting = Array.from({ length: 15 }, (_, i) => ({ name: `Waiting ${String(i + 1).padStart(2, "0")}`, at: `2027-03-01T13:${String(i).padStart(2, "0")}:00.000Z`, status: "waitlisted" }));
    await rows([...waiting].reverse());
    const body = await (await preview(admin)).text();
    expect((await postForm(DESK, confirmFieldsOf(body), { cookie: admin })).status).toBe(302);
    const { results } = await env.DB.prepare("SELECT full_name, status FROM event_registrations WHERE full_name LIKE 'Waiting %' ORDER BY full_name").all<{ full_name: string; status: string }>();
    expect(results.map((row) => row.status)).toEqual([...Array(10).fill("confirmed"), ...Array(5).fill("waitlisted")]);
    expect(await count("status = 'confirmed'")).toBe(30);
  });

  it("frees the places once when two staff press Cancel at the same moment", async () => {
    await fullWithBurst();
    const editor = await signIn("editor@example.org");
    const body = await (await preview(admin)).text();
    const fields = confirmFieldsOf(body);
    const answers = await Promise.all([postForm(DESK, fields, { cookie: admin }), postForm(DESK, fields, { cookie: editor })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(textOf(await refused.text())).toContain("No registrations in that window.");
    expect(await count("status = 'cancelled'")).toBe(40);
    expect(await count("status = 'confirmed'")).toBe(25);
    expect(await count("promoted_at IS NOT NULL")).toBe(15);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'registration-moved-up'").first<{ n: number }>())!.n).toBe(7);
    expect(await burstLog()).toHaveLength(1);
  });

  it("starts a paid event's hold to pay when a person moves up, as one cancellation does", async () => {
    await event(1, { capacity: 2, price: 5000, payment_hold_hours: 24 });
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await rows([
      { name: "Made Up 1", at: ago(180) },
      { name: "Made Up 2", at: ago(175) },
      { name: "Waiting Long", at: ago(60 * 30), queued: ago(170), status: "waitlisted" },
    ]);
    const window = { burst_from: isoToSiteLocalInput(ago(181)), burst_to: isoToSiteLocalInput(ago(174)) };
    const body = await (await preview(admin, window)).text();
    expect(textOf(body)).toContain("This selects 2 registrations");
    expect((await postForm(DESK, confirmFieldsOf(body, window), { cookie: admin })).status).toBe(302);
    expect((await statuses())["Waiting Long"]).toMatchObject({ status: "confirmed", promoted_at: expect.any(String) });
    // Registered 30 hours ago, but the 24 hours to pay count from moving up.
    expect(await releaseUnpaidHolds(Date.now() + 60_000)).toEqual({ cancelled: 0, promoted: 0 });
    expect(await releaseUnpaidHolds(Date.now() + 25 * 3_600_000)).toEqual({ cancelled: 1, promoted: 0 });
  });
});

describe("who may", () => {
  it("refuses a Door volunteer (403) and changes nothing", async () => {
    await event(1);
    await rows([{ name: "Someone", at: "2027-03-01T12:10:00.000Z" }]);
    const body = await (await preview(admin)).text();
    const door = await signIn("door@example.org");
    for (const fields of [{ intent: "burst-preview", ...WINDOW }, confirmFieldsOf(body)]) {
      const response = await postForm(DESK, fields, { cookie: door });
      expect(response.status).toBe(403);
    }
    expect(await count("status = 'cancelled'")).toBe(0);
    expect(await burstLog()).toHaveLength(0);
  });
});

describe("address groups", () => {
  it("stores a short keyed hash of each registration's network, never the address: one /24 or /48 is one group", async () => {
    await event(1);
    const from = [
      ["Four A", "192.0.2.10"],
      ["Four B", "192.0.2.200"],
      ["Four Other", "192.0.3.7"],
      ["Six A", "2001:db8:1:2::1"],
      ["Six B", "2001:db8:1:ffff::9"],
      ["Six Other", "2001:db8:2::1"],
    ];
    for (const [name, ip] of from) {
      const response = await postForm("/api/registrations", { event_id: "1", full_name: name!, phone_number: `0991 5${String(from.findIndex((f) => f[0] === name)).padStart(5, "0")}`, email: "" }, { ip });
      expect(response.status, name).toBe(200);
    }
    const { results } = await env.DB.prepare("SELECT * FROM event_registrations ORDER BY id").all<Record<string, unknown>>();
    const group = Object.fromEntries(results.map((row) => [row.full_name, row.address_group as string]));
    for (const value of Object.values(group)) expect(value).toMatch(/^[0-9a-f]{8}$/);
    expect(group["Four A"]).toBe(group["Four B"]);
    expect(group["Four Other"]).not.toBe(group["Four A"]);
    expect(group["Six A"]).toBe(group["Six B"]);
    expect(group["Six Other"]).not.toBe(group["Six A"]);
    const stored = JSON.stringify(results);
    for (const address of ["192.0.2", "192.0.3", "2001:db8"]) expect(stored).not.toContain(address);
    expect(textOf(await (await request(DESK, { cookie: admin })).text())).toContain(`Group ${group["Four A"]} (2 registrations)`);
  });
});
