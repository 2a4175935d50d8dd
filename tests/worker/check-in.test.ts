// Check-in at the door, through the real Worker: where volunteers start (/admin/check-in), finding
// a person by name, the last digits of the phone or the code, one tap to check in or undo (as JSON
// for the page's script, or a plain post without it), 'Not confirmed – admit anyway?', walk-ins,
// the printed door list, and two volunteers tapping at once.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { CheckInAnswer } from "~/features/events/desk-actions.server";
import type { DoorCounts } from "~/features/events/door-types";
import { createAdmin, postForm, request, runSql, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

let cookie: string;
const SOON = new Date(Date.now() + 2 * 3600_000).toISOString();

function row(id: number, name: string, phone: string, status: string, code: string, extra = "") {
  return `INSERT INTO event_registrations (id, event_id, full_name, phone_number, dedupe_key, status, code, token${extra ? ", checked_in_at" : ""})
    VALUES (${id}, 1, '${name}', '${phone}', '${phone}', '${status}', '${code}', 'token-${code}-0123456789'${extra ? `, '${extra}'` : ""})`;
}

beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
  await runSql([
    `INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Lilongwe Conference', '${SOON}', 3), (2, 'Later Retreat', '2030-01-01T08:00:00.000Z', NULL),
      (3, 'Last Year', '2020-01-01T08:00:00.000Z', NULL), (4, 'Undated Meeting', NULL, NULL)`,
    row(1, "John Banda", "+265991234567", "confirmed", "JBANDA"),
    row(2, "John Phiri", "+265888765432", "confirmed", "JPHXRZ"),
    row(3, "Peter Mwale", "+265999111222", "confirmed", "PMWALE", "2026-11-20T06:00:00.000Z"),
    row(4, "Waiting Wyson", "+265995555567", "waitlisted", "WYSON2"),
    row(5, "Cancelled Chris", "+265995555000", "cancelled", "CHRIS2"),
  ]);
});

const tap = (intent: string, id: number) =>
  request("/api/admin/events/1/check-in", {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ intent, registration_id: String(id) }).toString(),
  });

async function checkedIn(id: number) {
  return (await env.DB.prepare("SELECT checked_in_at, checked_in_by, admitted_unconfirmed FROM event_registrations WHERE id = ?1").bind(id).first())!;
}

describe("where check-in starts", () => {
  it("lists today's and upcoming events (and undated ones) with their counts, leading to their check-in pages", async () => {
    const text = textOf(await (await request("/admin/check-in", { cookie })).text());
    expect(text).toContain("Lilongwe Conference");
    expect(text).toContain("1 of 3 confirmed checked in");
    // The list counts as the door does: a man admitted anyway from the waiting list is apart.
    await env.DB.prepare("UPDATE event_registrations SET checked_in_at = '2026-11-20T06:30:00.000Z', admitted_unconfirmed = 1 WHERE id = 4").run();
    const after = textOf(await (await request("/admin/check-in", { cookie })).text());
    expect(after).toContain("1 of 3 confirmed checked in · 1 more admitted anyway");
    expect(text).toContain("Later Retreat");
    expect(text).toContain("Undated Meeting");
    expect(text).not.toContain("Last Year");
    expect(text.indexOf("Lilongwe Conference")).toBeLessThan(text.indexOf("Later Retreat"));
    const html = await (await request("/admin/check-in", { cookie })).text();
    expect(html).toContain('href="/admin/events/1/check-in"');
    expect(html).toMatch(/<a[^>]+href="\/admin\/check-in"[^>]*>Check-in<\/a>/);
  });
});

describe("the check-in page", () => {
  const people = async (q: string) => {
    const text = textOf(await (await request(`/admin/events/1/check-in?q=${encodeURIComponent(q)}`, { cookie })).text());
    return ["John Banda", "John Phiri", "Peter Mwale", "Waiting Wyson", "Cancelled Chris"].filter((name) => text.includes(name));
  };

  it("finds people by the last digits of the phone, by name or by code, A–Z", async () => {
    expect(await people("567")).toEqual(["John Banda", "Waiting Wyson"]);
    expect(await people("john")).toEqual(["John Banda", "John Phiri"]);
    expect(await people("jphxrz")).toEqual(["John Phiri"]);
    expect(await people("0888 765 432")).toEqual(["John Phiri"]);
    // Last digits that start with zeros are still the end of a number.
    await runSql(["UPDATE event_registrations SET phone_number = '+265991230067' WHERE id = 2"]);
    expect(await people("0067")).toEqual(["John Phiri"]);
    // A phone's keyboard types a curly apostrophe where the name has a straight one, and the other way round.
    await runSql(["UPDATE event_registrations SET full_name = 'Peter Ng''ambi' WHERE full_name = 'Peter Mwale'", "UPDATE event_registrations SET full_name = 'John Ng’oma' WHERE full_name = 'John Banda'"]);
    const names = async (q: string) => {
      const text = textOf(await (await request(`/admin/events/1/check-in?q=${encodeURIComponent(q)}`, { cookie })).text());
      return ["Peter Ng'ambi", "John Ng’oma"].filter((name) => text.includes(name));
    };
    expect(await names("Ng’ambi")).toEqual(["Peter Ng'ambi"]);
    expect(await names("ng'oma")).toEqual(["John Ng’oma"]);
    // Any of the apostrophes phones type, on either side (´ too).
    expect(await names("Ng´oma")).toEqual(["John Ng’oma"]);
    expect(await names("ng`ambi")).toEqual(["Peter Ng'ambi"]);
    const text = textOf(await (await request("/admin/events/1/check-in?q=nobody", { cookie })).text());
    expect(text).toContain("Nobody matches");
  });

  it("finds a name by each word typed, in any order, with middle names between: first name and last name", async () => {
    await runSql(["UPDATE event_registrations SET full_name = 'Alinafe Bartholomew Mkandawire-Nyirongo Chisambi' WHERE id = 3"]);
    const names = async (q: string) => {
      const text = textOf(await (await request(`/admin/events/1/check-in?q=${encodeURIComponent(q)}`, { cookie })).text());
      return ["John Banda", "John Phiri", "Alinafe Bartholomew Mkandawire-Nyirongo Chisambi"].filter((name) => text.includes(name));
    };
    expect(await names("alinafe chisambi")).toEqual(["Alinafe Bartholomew Mkandawire-Nyirongo Chisambi"]);
    expect(await names("banda john")).toEqual(["John Banda"]);
    expect(await names("  john   banda ")).toEqual(["John Banda"]);
    // Every word must match, as often as it was typed.
    expect(await names("john chisambi")).toEqual([]);
    expect(await names("banda banda")).toEqual([]);
    // The desk's search too.
    const desk = textOf(await (await request(`/admin/events/registrations/1?q=${encodeURIComponent("chisambi alinafe")}`, { cookie })).text());
    expect(desk).toContain("Alinafe Bartholomew Mkandawire-Nyirongo Chisambi");
    expect(desk).not.toContain("John Banda");
  });

  it("shows the running count, the people checked in last, and one big button per person", async () => {
    const page = await (await request("/admin/events/1/check-in", { cookie })).text();
    const text = textOf(page);
    expect(text).toContain("1 of 3 confirmed checked in");
    expect(text).toContain("Checked in last");
    expect(text).toContain("Peter Mwale");
    const search = await (await request("/admin/events/1/check-in?q=john", { cookie })).text();
    expect(search.match(/>Check in<span class="sr-only">: <!-- -->John/g)).toHaveLength(2);
    // Said to a screen reader, whose focus stays in the search field.
    expect(search).toMatch(/<p role="status" class="sr-only"[^>]*>2 people found for “john”\.<\/p>/);
    expect(textOf(search)).toContain("Add walk-in");
    expect(search).toContain('href="/admin/events/1/door-list"');
  });
});

describe("the count", () => {
  const count = async () => textOf(await (await request("/admin/events/1/check-in", { cookie })).text()).match(/\d+ of \d+ confirmed checked in( · \d+ more admitted anyway)?/)?.[0];

  it("counts the confirmed who are in, and apart from them anyone admitted anyway, so it never says more are in than are confirmed", async () => {
    // A man on the waiting list admitted anyway (a tap): he is in, but not one of the confirmed.
    const admitted = await (await tap("admit", 4)).json<{ counts: DoorCounts }>();
    expect(admitted.counts).toEqual({ confirmed: 3, confirmedIn: 1, othersIn: 1 });
    expect(await count()).toBe("1 of 3 confirmed checked in · 1 more admitted anyway");
    // A cancelled man admitted anyway, without JavaScript: the same words.
    await postForm("/admin/events/1/check-in", { intent: "admit", registration_id: "5" }, { cookie });
    expect(await count()).toBe("1 of 3 confirmed checked in · 2 more admitted anyway");
    // A walk-in is added confirmed (here over the capacity), so he is one of the confirmed.
    await postForm("/admin/events/1/check-in", { intent: "walk-in", full_name: "Walk In", phone_number: "0881 222 333", email: "", over_capacity: "on" }, { cookie });
    expect(await count()).toBe("2 of 4 confirmed checked in · 2 more admitted anyway");
    const checked = await (await tap("checkin", 1)).json<{ counts: DoorCounts }>();
    expect(checked.counts).toEqual({ confirmed: 4, confirmedIn: 3, othersIn: 2 });
    const undone = await (await tap("undo", 4)).json<{ counts: DoorCounts }>();
    expect(undone.counts).toEqual({ confirmed: 4, confirmedIn: 3, othersIn: 1 });
    expect(await count()).toBe("3 of 4 confirmed checked in · 1 more admitted anyway");
  });
});

describe("one tap (the page's script, JSON)", () => {
  it("checks in, says who and when if tapped again, and undoes", async () => {
    const first = await tap("checkin", 1);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    const answer = await first.json<CheckInAnswer>();
    expect(answer).toMatchObject({ outcome: "checked-in", toast: { title: "Checked in", description: "John Banda" }, person: { id: 1, checkedIn: true }, counts: { confirmed: 3, confirmedIn: 2, othersIn: 0 } });
    expect(await checkedIn(1)).toMatchObject({ checked_in_by: "admin@example.org", admitted_unconfirmed: 0 });

    const again = await (await tap("checkin", 1)).json<CheckInAnswer>();
    expect(again.outcome).toBe("already-checked-in");
    expect(again.toast.description).toMatch(/^John Banda was already checked in at \d\d:\d\d by admin@example\.org\.$/);
    expect(again.person?.checkedIn).toBe(true);

    const undone = await (await tap("undo", 1)).json<CheckInAnswer>();
    expect(undone).toMatchObject({ outcome: "undone", person: { checkedIn: false }, counts: { confirmed: 3, confirmedIn: 1, othersIn: 0 } });
    expect(await checkedIn(1)).toMatchObject({ checked_in_at: null, checked_in_by: null });
  });

  it("asks 'Not confirmed – admit anyway?' for someone waiting or cancelled, and records it when admitted", async () => {
    for (const id of [4, 5]) {
      const asked = await (await tap("checkin", id)).json<CheckInAnswer>();
      expect(asked.outcome).toBe("not-confirmed");
      expect(asked.toast.description).toContain("Not confirmed – admit anyway?");
      expect((await checkedIn(id)).checked_in_at).toBeNull();
      const admitted = await (await tap("admit", id)).json<CheckInAnswer>();
      expect(admitted).toMatchObject({ outcome: "checked-in", person: { checkedIn: true, admittedUnconfirmed: true } });
      expect(await checkedIn(id)).toMatchObject({ admitted_unconfirmed: 1 });
    }
  });

  it("refuses an unknown person, another event's person, a bad intent, and anyone not signed in", async () => {
    await runSql(["INSERT INTO event_registrations (id, event_id, full_name, phone_number, code, token) VALUES (9, 2, 'Elsewhere', '+265991000009', 'ELSE22', 'token-else')"]);
    expect((await tap("checkin", 999)).status).toBe(404);
    expect((await tap("checkin", 9)).status).toBe(404);
    expect((await tap("dance", 1)).status).toBe(400);
    const anonymous = await request("/api/admin/events/1/check-in", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=checkin&registration_id=1" });
    expect(anonymous.status).toBe(401);
    expect((await checkedIn(9)).checked_in_at).toBeNull();
    expect((await checkedIn(1)).checked_in_at).toBeNull();
  });

  it("never changes the public pages' cache", async () => {
    await runSql(["INSERT INTO site_meta (key, value) VALUES ('content_version', 'v0')"]);
    await tap("checkin", 1);
    await postForm("/admin/events/1/check-in", { intent: "checkin", registration_id: "2" }, { cookie });
    expect((await env.DB.prepare("SELECT value FROM site_meta WHERE key = 'content_version'").first<{ value: string }>())!.value).toBe("v0");
  });
});

describe("two volunteers at once", () => {
  it("the same person tapped 20 times at once is checked in once; the others are told it was done", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => tap("checkin", 1).then((r) => r.json<CheckInAnswer>())));
    expect(answers.filter((a) => a.outcome === "checked-in")).toHaveLength(1);
    expect(answers.filter((a) => a.outcome === "already-checked-in")).toHaveLength(19);
    expect(answers.every((a) => a.person?.checkedIn)).toBe(true);
  });

  it("200 people checked in at once by two volunteers: every check-in lands once, and the count is right", async () => {
    await runSql([
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token)
        WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 200)
        SELECT 2, 'Guest ' || i, '+26588' || printf('%07d', i), '+26588' || printf('%07d', i), printf('G%05d', i), 'token-guest-' || i FROM seq`,
    ]);
    const { results } = await env.DB.prepare("SELECT id FROM event_registrations WHERE event_id = 2").all<{ id: number }>();
    // Two door volunteers, each signed in on their own phone: two accounts, two sessions.
    await createAdmin("door1@example.org", "door-one-password-1", "volunteer");
    await createAdmin("door2@example.org", "door-two-password-2", "volunteer");
    const firstCookie = await signIn("door1@example.org", "door-one-password-1", "203.0.113.21");
    const secondCookie = await signIn("door2@example.org", "door-two-password-2", "203.0.113.22");
    expect(firstCookie).not.toBe(secondCookie);
    const answers = await Promise.all(
      results.map(({ id }, i) =>
        request("/api/admin/events/2/check-in", {
          method: "POST",
          cookie: i % 2 ? firstCookie : secondCookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: `intent=checkin&registration_id=${id}`,
        }).then((r) => r.json<CheckInAnswer>()),
      ),
    );
    expect(answers.filter((a) => a.outcome === "checked-in")).toHaveLength(200);
    expect(Math.max(...answers.map((a) => a.counts?.confirmedIn ?? 0))).toBe(200);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE event_id = 2 AND checked_in_at IS NOT NULL").first<{ n: number }>())!;
    expect(n).toBe(200);
    const { results: byVolunteer } = await env.DB.prepare("SELECT checked_in_by, count(*) AS n FROM event_registrations WHERE event_id = 2 GROUP BY checked_in_by ORDER BY checked_in_by").all();
    expect(byVolunteer).toEqual([
      { checked_in_by: "door1@example.org", n: 100 },
      { checked_in_by: "door2@example.org", n: 100 },
    ]);
  }, 60_000);
});

describe("without JavaScript (plain posts)", () => {
  it("checks in and returns to the same search with a toast; someone not confirmed is asked on the page", async () => {
    const done = await postForm("/admin/events/1/check-in?q=john", { intent: "checkin", registration_id: "2" }, { cookie });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/events/1/check-in?q=john");
    expect(await toastOf(done)).toMatchObject({ title: "Checked in", description: "John Phiri" });
    const asked = await postForm("/admin/events/1/check-in?q=wyson", { intent: "checkin", registration_id: "4" }, { cookie });
    expect(asked.headers.get("Location")).toBe("/admin/events/1/check-in?q=wyson&admit=4");
    const page = textOf(await (await request("/admin/events/1/check-in?q=wyson&admit=4", { cookie })).text());
    expect(page).toContain("Not confirmed – admit anyway?");
    expect(page).toContain("Admit anyway");
  });

  it("adds a walk-in, checked in at once; when full, only over the capacity when chosen", async () => {
    await runSql(["UPDATE churchevents SET capacity = 4 WHERE id = 1"]);
    const walkIn = (fields: Record<string, string>) => postForm("/admin/events/1/check-in", { intent: "walk-in", full_name: "", phone_number: "", email: "", ...fields }, { cookie });
    const first = await walkIn({ full_name: "Walk In", phone_number: "0881 222 333" });
    expect(first.status).toBe(302);
    expect(await toastOf(first)).toMatchObject({ title: "Walk-in added", description: expect.stringContaining("Walk In is checked in") });
    const full = await walkIn({ full_name: "Too Many", phone_number: "0881 222 444" });
    expect(full.status).toBe(409);
    expect(textOf(await full.text())).toContain("The event is full (4 of 4 places taken)");
    const over = await walkIn({ full_name: "Too Many", phone_number: "0881 222 444", over_capacity: "on" });
    expect(over.status).toBe(302);
    const { results } = await env.DB.prepare("SELECT full_name, status, over_capacity, checked_in_at IS NOT NULL AS inside FROM event_registrations WHERE source = 'desk' ORDER BY id").all();
    expect(results).toEqual([
      { full_name: "Walk In", status: "confirmed", over_capacity: 0, inside: 1 },
      { full_name: "Too Many", status: "confirmed", over_capacity: 1, inside: 1 },
    ]);
  });
});

describe("the printed door list", () => {
  it("lists the confirmed A–Z with code and the last 3 digits of the phone, then the waiting list; never the cancelled", async () => {
    const html = await (await request("/admin/events/1/door-list", { cookie })).text();
    const text = textOf(html);
    expect(text).toContain("Door list: Lilongwe Conference");
    const order = ["John Banda JBANDA …567", "John Phiri JPHXRZ …432", "Peter Mwale PMWALE …222", "Waiting Wyson WYSON2 …567"].map((part) => text.indexOf(part));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain("Waiting list (A–Z): not confirmed");
    expect(text).not.toContain("Cancelled Chris");
    expect(text).not.toContain("991234567");
    expect((await request("/admin/events/99/door-list", { cookie })).status).toBe(404);
    // Personal data leaving on paper: logged as an export (once an hour, as printing reloads the page).
    await request("/admin/events/1/door-list", { cookie });
    const logged = await env.DB.prepare("SELECT action, target, summary FROM activity_log WHERE kind = 'export'").all();
    expect(logged.results).toEqual([{ action: "Opened the door list to print", target: expect.stringContaining("Lilongwe Conference"), summary: "4 people" }]);
    // A free event's list has no fee column.
    expect(html).not.toContain(">Fee<");
  });

  it("at an event with a fee, says in a Fee column what each man still owes the door, and who has paid", async () => {
    await runSql([
      "UPDATE churchevents SET price = 15000 WHERE id = 1",
      "UPDATE event_registrations SET payment_status = 'cash' WHERE full_name = 'John Phiri'",
      "UPDATE event_registrations SET payment_status = 'waived' WHERE full_name = 'Peter Mwale'",
    ]);
    const text = textOf(await (await request("/admin/events/1/door-list", { cookie })).text());
    expect(text).toContain("In Name Code Phone ends Fee");
    expect(text).toContain("John Banda JBANDA …567 Due MK 15,000");
    expect(text).toContain("John Phiri JPHXRZ …432 Paid");
    expect(text).toContain("Peter Mwale PMWALE …222 Waived");
    // A man waiting owes nothing yet.
    expect(text).not.toContain("WYSON2 …567 Due");
  });
});

describe("a door volunteer (issue 17)", () => {
  let door: string;
  beforeEach(async () => {
    await createAdmin("door@example.org", "plateau-sunrise-walk", "volunteer");
    await runSql(["UPDATE event_registrations SET email = 'john.banda@example.mw' WHERE id = 1"]);
    door = await signIn("door@example.org", "plateau-sunrise-walk", "198.51.100.70");
  });

  it("sees names, codes and the last 3 digits of phones only: no whole numbers, e-mails or desk", async () => {
    const page = await (await request("/admin/events/1/check-in?q=john", { cookie: door })).text();
    const text = textOf(page);
    expect(text).toContain("John Banda");
    expect(text).toContain("JBANDA");
    expect(text).toContain("…567");
    expect(page).not.toContain("991234567");
    expect(page).not.toContain("john.banda@example.mw");
    expect(page).not.toContain("/admin/events/registrations/1");
    expect(page).not.toContain("/api/admin/events/1/registrations.csv");
    expect(text).not.toContain("Go over the capacity");
    // The same page for an Administrator shows the whole number and the desk.
    const full = await (await request("/admin/events/1/check-in?q=john", { cookie })).text();
    expect(full).toContain("/admin/events/registrations/1");
    expect(textOf(full)).toContain("Go over the capacity");
  });

  it("checks people in, and the log says who", async () => {
    const answer = await request("/api/admin/events/1/check-in", {
      method: "POST",
      cookie: door,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "intent=checkin&registration_id=1",
    });
    expect(answer.status).toBe(200);
    expect(await checkedIn(1)).toMatchObject({ checked_in_by: "door@example.org" });
    const log = await env.DB.prepare("SELECT actor, kind, action FROM activity_log WHERE kind = 'write'").all();
    expect(log.results).toEqual([expect.objectContaining({ actor: "door@example.org", action: "Checked in" })]);
  });

  it("adds a walk-in, but never over the capacity, even when the form says so", async () => {
    await runSql(["UPDATE churchevents SET capacity = 4 WHERE id = 1"]);
    const walkIn = (fields: Record<string, string>) => postForm("/admin/events/1/check-in", { intent: "walk-in", full_name: "", phone_number: "", email: "", ...fields }, { cookie: door });
    expect((await walkIn({ full_name: "Walk In", phone_number: "0881 222 333" })).status).toBe(302);
    const over = await walkIn({ full_name: "Too Many", phone_number: "0881 222 444", over_capacity: "on" });
    expect(over.status).toBe(409);
    const said = textOf(await over.text());
    expect(said).toContain("The event is full (4 of 4 places taken)");
    // Not told to tick a switch the volunteer's form does not have: who can add him.
    expect(said).toContain("A door volunteer cannot add more: ask an organiser (an Editor or Administrator) to add them over the capacity.");
    expect(said).not.toContain("Tick 'Go over the capacity'");
    const { results } = await env.DB.prepare("SELECT full_name FROM event_registrations WHERE source = 'desk'").all();
    expect(results).toEqual([{ full_name: "Walk In" }]);
  });

  const volunteerFinds = async (q: string) => {
    const text = textOf(await (await request(`/admin/events/1/check-in?q=${encodeURIComponent(q)}`, { cookie: door })).text());
    return ["John Banda", "John Phiri", "Peter Mwale", "Waiting Wyson", "Cancelled Chris"].filter((name) => text.includes(name));
  };

  it("finds people by name, code or the last 3 or 4 digits of the phone only: digits from the middle find nobody (issue 28)", async () => {
    expect(await volunteerFinds("567")).toEqual(["John Banda", "Waiting Wyson"]);
    expect(await volunteerFinds("4567")).toEqual(["John Banda"]);
    expect(await volunteerFinds("jbanda")).toEqual(["John Banda"]);
    expect(await volunteerFinds("john")).toEqual(["John Banda", "John Phiri"]);
    for (const q of ["1234", "9912", "34567", "0991 234 567", "+265991234567"]) expect(await volunteerFinds(q), q).toEqual([]);
    // Told how to find him instead (he might otherwise add a man already registered as a walk-in).
    const whole = textOf(await (await request(`/admin/events/1/check-in?q=${encodeURIComponent("0991 234 567")}`, { cookie: door })).text());
    expect(whole).toContain("Nobody matches “0991 234 567”. Type only the last 3 or 4 digits of the phone.");
    // Staff keep their search.
    const staff = textOf(await (await request("/admin/events/1/check-in?q=1234", { cookie })).text());
    expect(staff).toContain("John Banda");
  });

  it("is never told who holds a number typed for a walk-in, whether the event is full or not (issue 28)", async () => {
    const walkIn = (who: string) =>
      postForm("/admin/events/1/check-in", { intent: "walk-in", full_name: "Someone New", phone_number: "0991 234 567", email: "" }, { cookie: who });
    // Full: 3 of 3 places taken.
    for (const who of [door, cookie]) {
      const full = await walkIn(who);
      expect(full.status).toBe(409);
      const text = textOf(await full.text());
      expect(text).toContain("The event is full");
      expect(text).not.toContain("John Banda");
      expect(text).not.toContain("JBANDA");
    }
    await runSql(["UPDATE churchevents SET capacity = 10 WHERE id = 1"]);
    for (const who of [door, cookie]) {
      const taken = await walkIn(who);
      expect(taken.status).toBe(409);
      const text = textOf(await taken.text());
      expect(text).toContain("already registered");
      expect(text).not.toContain("John Banda");
      expect(text).not.toContain("JBANDA");
    }
  });

  it("sees only today's and later events, and cannot open a past event's check-in, door list or taps (issue 28)", async () => {
    await runSql([`INSERT INTO event_registrations (id, event_id, full_name, phone_number, dedupe_key, status, code, token)
      VALUES (9, 3, 'Old Timer', '+265991000999', '+265991000999', 'confirmed', 'OLDTMR', 'token-OLDTMR-0123456789')`]);
    const list = textOf(await (await request("/admin/check-in", { cookie: door })).text());
    expect(list).toContain("Lilongwe Conference");
    expect(list).not.toContain("Last Year");
    for (const path of ["/admin/events/3/check-in", "/admin/events/3/check-in?q=old", "/admin/events/3/door-list"]) {
      const response = await request(path, { cookie: door });
      expect([403, 404], path).toContain(response.status);
      expect(await response.text(), path).not.toContain("Old Timer");
    }
    const tapPast = await request("/api/admin/events/3/check-in", {
      method: "POST",
      cookie: door,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "intent=checkin&registration_id=9",
    });
    expect([403, 404]).toContain(tapPast.status);
    const walkIn = await postForm("/admin/events/3/check-in", { intent: "walk-in", full_name: "Late Comer", phone_number: "0881 222 333", email: "" }, { cookie: door });
    expect([403, 404]).toContain(walkIn.status);
    expect(await checkedIn(9)).toMatchObject({ checked_in_at: null });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE event_id = 3").first())!.n).toBe(1);
    // Staff still can.
    expect((await request("/admin/events/3/check-in", { cookie })).status).toBe(200);
  });

  it("works on the second day of a three-day event, and not once a day has passed since its end (decision 051)", async () => {
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    // Began 30 hours ago (its first day), ends in 40 hours: today is its second day.
    await runSql([
      `INSERT INTO churchevents (id, name, date, ends_at) VALUES (7, 'Three-Day Conference', '${hoursFromNow(-30)}', '${hoursFromNow(40)}')`,
      `INSERT INTO event_registrations (id, event_id, full_name, phone_number, dedupe_key, status, code, token)
        VALUES (20, 7, 'Second Day', '+265991000777', '+265991000777', 'confirmed', 'SECDAY', 'token-SECDAY-0123456789')`,
    ]);
    const tapAt = () =>
      request("/api/admin/events/7/check-in", {
        method: "POST",
        cookie: door,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: "intent=checkin&registration_id=20",
      });
    // The list and the page say when it ends: on its third day the door sees it is still on.
    const span = /\d{1,2}:\d{2} [AP]M – \w+, \w+ \d{1,2}, \d{4} · \d{1,2}:\d{2} [AP]M/;
    const list = textOf(await (await request("/admin/check-in", { cookie: door })).text());
    expect(list).toContain("Three-Day Conference");
    expect(list).toMatch(span);
    const page = await request("/admin/events/7/check-in?q=second", { cookie: door });
    expect(page.status).toBe(200);
    const pageText = textOf(await page.text());
    expect(pageText).toContain("Second Day");
    expect(pageText).toMatch(span);
    expect((await request("/admin/events/7/door-list", { cookie: door })).status).toBe(200);
    expect((await tapAt()).status).toBe(200);
    expect(await checkedIn(20)).toMatchObject({ checked_in_by: "door@example.org" });

    // The same event ended 25 hours ago: over for the door, as an event without an end a day after its start.
    await runSql([`UPDATE churchevents SET date = '${hoursFromNow(-97)}', ends_at = '${hoursFromNow(-25)}' WHERE id = 7`, "UPDATE event_registrations SET checked_in_at = NULL, checked_in_by = NULL WHERE id = 20"]);
    expect(textOf(await (await request("/admin/check-in", { cookie: door })).text())).not.toContain("Three-Day Conference");
    for (const path of ["/admin/events/7/check-in", "/admin/events/7/door-list"]) expect([403, 404], path).toContain((await request(path, { cookie: door })).status);
    expect([403, 404]).toContain((await tapAt()).status);
    expect(await checkedIn(20)).toMatchObject({ checked_in_at: null });
  });

  it("is told someone was already checked in, and when, but never a staff member's e-mail address (issue 28)", async () => {
    expect((await tap("checkin", 1)).status).toBe(200);
    const again = await request("/api/admin/events/1/check-in", {
      method: "POST",
      cookie: door,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "intent=checkin&registration_id=1",
    });
    const answer = await again.json<CheckInAnswer>();
    expect(answer.outcome).toBe("already-checked-in");
    expect(answer.toast.description).toMatch(/^John Banda was already checked in by someone at the door at \d\d:\d\d\.$/);
    expect(JSON.stringify(answer)).not.toContain("@");
    const plain = await postForm("/admin/events/1/check-in", { intent: "checkin", registration_id: "1" }, { cookie: door });
    expect(JSON.stringify(await toastOf(plain))).not.toContain("@");
    const page = await (await request("/admin/events/1/check-in?q=john", { cookie: door })).text();
    expect(page).not.toContain("admin@example.org");
    // The only address on the page is the volunteer's own (the account menu).
    expect(textOf(page).match(/[\w.]+@[\w.]+/g) ?? []).toEqual(expect.not.arrayContaining(["admin@example.org"]));
  });

  it("cannot open the desk, the exports or anything else of the admin", async () => {
    for (const path of ["/admin/events/registrations/1", "/api/admin/events/1/registrations.csv", "/api/admin/events/1/contacts.vcf", "/admin/messages", "/admin/blogs/new"]) {
      expect((await request(path, { cookie: door })).status, path).toBe(403);
    }
  });
});
