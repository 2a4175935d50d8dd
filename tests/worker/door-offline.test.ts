// The door offline (issue 26), through the real Worker: the list a phone keeps (what a door
// volunteer may see, nothing more), and the actions it queued sent back in order: each applied once
// by its id (a resend changes nothing), two volunteers admitting one person (the first stands, the
// second hears who), walk-ins confirmed on arrival and never lost when the event is full.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { DoorList, DoorResult } from "~/features/events/door-types";
import { createAdmin, request, runSql, signIn } from "./helpers";
import { textOf } from "./public-helpers";

const SOON = new Date(Date.now() + 2 * 3600_000).toISOString();
let admin: string;
let door: string;
let door2: string;

beforeEach(async () => {
  await createAdmin();
  await createAdmin("door@example.org", "door-volunteer-pass", "volunteer");
  await createAdmin("gate@example.org", "door-volunteer-pass", "volunteer");
  admin = await signIn();
  door = await signIn("door@example.org", "door-volunteer-pass", "203.0.113.2");
  door2 = await signIn("gate@example.org", "door-volunteer-pass", "203.0.113.3");
  await runSql([
    `INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Lilongwe Conference', '${SOON}', 3), (2, 'Last Year', '2020-01-01T08:00:00.000Z', NULL)`,
    `INSERT INTO event_registrations (id, event_id, full_name, phone_number, email, dedupe_key, status, code, token) VALUES
      (1, 1, 'John Banda', '+265991234567', 'john@example.org', '+265991234567', 'confirmed', 'JBANDA', 'token-JBANDA-0123456789'),
      (2, 1, 'John Phiri', '+265888765432', NULL, '+265888765432', 'confirmed', 'JPHXRZ', 'token-JPHXRZ-0123456789'),
      (3, 1, 'Peter Mwale', '+265999111222', NULL, '+265999111222', 'confirmed', 'PMWALE', 'token-PMWALE-0123456789'),
      (4, 1, 'Waiting Wyson', '+265995555567', NULL, '+265995555567', 'waitlisted', 'WYSON2', 'token-WYSON2-0123456789'),
      (5, 1, 'Cancelled Chris', '+265995555000', NULL, '+265995555000', 'cancelled', 'CHRIS2', 'token-CHRIS2-0123456789')`,
  ]);
});

const send = (cookie: string, actions: unknown[], eventId = 1) =>
  request(`/api/admin/events/${eventId}/door-actions`, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ actions }),
  });

async function results(response: Response): Promise<DoorResult[]> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: DoorResult[] }).results;
}

const checkIn = (id: string, registrationId: number, at = new Date(Date.now() - 60_000).toISOString()) => ({ id, at, kind: "checkin", registrationId });
const walkIn = (id: string, name: string, phone: string) => ({ id, at: new Date(Date.now() - 30_000).toISOString(), kind: "walk-in", name, phone });

async function doorState() {
  const rows = await env.DB.prepare(
    "SELECT id, full_name, status, over_capacity, checked_in_at, checked_in_by, admitted_unconfirmed FROM event_registrations WHERE event_id = 1 ORDER BY id",
  ).all<{ id: number; full_name: string; status: string; over_capacity: number; checked_in_at: string | null; checked_in_by: string | null; admitted_unconfirmed: number }>();
  return rows.results;
}

describe("the door list a phone keeps", () => {
  it("holds names, codes, statuses, the last 3 digits and who is in, never a whole number or an e-mail, and is private", async () => {
    await runSql(["UPDATE event_registrations SET checked_in_at = '2026-11-20T06:00:00.000Z', checked_in_by = 'gate@example.org' WHERE id = 3"]);
    const response = await request("/api/admin/events/1/door-list", { cookie: door });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.clone().text();
    expect(text).not.toContain("991234567");
    expect(text).not.toContain("john@example.org");
    const list = (await response.json()) as DoorList;
    expect(list.event.name).toBe("Lilongwe Conference");
    expect(list.people.map((p) => p.name)).toEqual(["John Banda", "John Phiri", "Peter Mwale", "Waiting Wyson"]);
    expect(list.people[0]).toMatchObject({ code: "JBANDA", status: "confirmed", phoneEnd: "567", checkedInText: null });
    expect(list.people[2]).toMatchObject({ checkedInBy: "gate", checkedInText: expect.stringMatching(/^\d\d:\d\d$/) });
    // Kept until 48 hours after the event.
    expect(Date.parse(list.expiresAt) - Date.parse(SOON)).toBe(48 * 3600_000);
    // The places, and that a door volunteer may not add a walk-in beyond them (an organiser may).
    expect(list).toMatchObject({ places: 3, mayGoOver: false });
    expect(await (await request("/api/admin/events/1/door-list", { cookie: admin })).json()).toMatchObject({ places: 3, mayGoOver: true });
  });

  it("is logged as personal data leaving, like an export: once an hour for each account and event, however often the phone reads it", async () => {
    const exports = async () =>
      (await env.DB.prepare("SELECT actor, action, target, summary FROM activity_log WHERE kind = 'export' ORDER BY id").all<Record<string, string>>()).results;
    for (let read = 0; read < 3; read++) expect((await request("/api/admin/events/1/door-list", { cookie: door })).status).toBe(200);
    expect((await request("/api/admin/events/1/door-list", { cookie: admin })).status).toBe(200);
    expect(await exports()).toEqual([
      { actor: "door@example.org", action: "Downloaded the door list (kept on the phone)", target: expect.stringContaining("Lilongwe Conference"), summary: "4 people" },
      { actor: "admin@example.org", action: "Downloaded the door list (kept on the phone)", target: expect.stringContaining("Lilongwe Conference"), summary: "4 people" },
    ]);
    // An hour later the phone's next read is logged again.
    await runSql(["UPDATE activity_log SET at = '2020-01-01T00:00:00.000Z'"]);
    expect((await request("/api/admin/events/1/door-list", { cookie: door })).status).toBe(200);
    expect(await exports()).toHaveLength(3);
  });

  it("names the leader of a group's man, so the phone finds the group by his name as the page does", async () => {
    await runSql([
      "INSERT INTO registration_groups (id, event_id, leader_name, leader_phone, mode, token) VALUES (7, 1, 'Gift Mbewe', '+265991555000', 'all-or-nothing', 'group-token-door-0123456789')",
      "UPDATE event_registrations SET group_id = 7 WHERE id = 2",
    ]);
    const list = (await (await request("/api/admin/events/1/door-list", { cookie: door })).json()) as DoorList;
    expect(list.people.find((p) => p.name === "John Phiri")).toMatchObject({ groupLeader: "Gift Mbewe" });
    expect(list.people.find((p) => p.name === "John Banda")).toMatchObject({ groupLeader: null });
  });

  it("at an event with a fee, says who still owes it (the door takes it in cash): not the paid, the waived, nor a man waiting", async () => {
    await runSql([
      "UPDATE churchevents SET price = 15000 WHERE id = 1",
      "UPDATE event_registrations SET payment_status = 'cash' WHERE id = 2",
      "UPDATE event_registrations SET payment_status = 'waived' WHERE id = 3",
    ]);
    const list = (await (await request("/api/admin/events/1/door-list", { cookie: door })).json()) as DoorList;
    expect(list.people.map((p) => [p.name, p.feeText])).toEqual([
      ["John Banda", "Unpaid: MK 15,000"],
      ["John Phiri", null],
      ["Peter Mwale", null],
      ["Waiting Wyson", null],
    ]);
  });

  it("needs a session, and a door volunteer gets no past event's list", async () => {
    expect((await request("/api/admin/events/1/door-list")).status).toBe(401);
    expect((await request("/api/admin/events/2/door-list", { cookie: door })).status).toBe(404);
    expect((await request("/api/admin/events/2/door-list", { cookie: admin })).status).toBe(200);
  });
});

describe("sending the queue", () => {
  it("applies check-ins, an admit anyway and a walk-in in order, and a resend changes nothing", async () => {
    const queue = [
      checkIn("a1-0000-0001", 1),
      checkIn("a1-0000-0002", 2),
      { ...checkIn("a1-0000-0003", 4), kind: "admit" },
      walkIn("a1-0000-0004", "Walk In Willy", "0991 000 111"),
    ];
    const first = await results(await send(door, queue));
    expect(first.map((r) => [r.outcome, r.resent])).toEqual([
      ["checked-in", false],
      ["checked-in", false],
      ["checked-in", false],
      ["walk-in", false],
    ]);
    expect(first[3]!.person).toMatchObject({ name: "Walk In Willy", status: "confirmed", phoneEnd: "111", checkedInBy: "door" });
    const after = await doorState();
    expect(after.filter((p) => p.checked_in_at).map((p) => p.full_name)).toEqual(["John Banda", "John Phiri", "Waiting Wyson", "Walk In Willy"]);
    expect(after.find((p) => p.id === 4)!.admitted_unconfirmed).toBe(1);
    // The tap's time is kept, not the time the phone found a signal.
    expect(after[0]!.checked_in_at).toBe(queue[0]!.at);

    // The reply was lost: the phone sends the same queue again.
    const again = await results(await send(door, queue));
    expect(again.map((r) => [r.outcome, r.resent])).toEqual([
      ["checked-in", true],
      ["checked-in", true],
      ["checked-in", true],
      ["walk-in", true],
    ]);
    expect(await doorState()).toEqual(after);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM door_actions").first<{ n: number }>())!;
    expect(n).toBe(4);
  });

  it("an action's id sent again to another event's door tells nothing of the first event's man", async () => {
    await runSql([`INSERT INTO churchevents (id, name, date) VALUES (3, 'Blantyre Rally', '${SOON}')`]);
    const willy = walkIn("a1-0000-0009", "Walk In Willy", "0991 000 111");
    expect((await results(await send(door, [willy])))[0]!.person).toMatchObject({ name: "Walk In Willy" });
    const elsewhere = await results(await send(door, [willy, checkIn("a1-0000-0010", 1)], 3));
    expect(elsewhere.map((result) => [result.outcome, result.person])).toEqual([
      ["not-found", null],
      ["not-found", null],
    ]);
    expect(JSON.stringify(elsewhere)).not.toContain("Willy");
  });

  it("says whether a check-in let a man in while not confirmed, from what was recorded: in its answer and when the answer is asked for again", async () => {
    // Tapped while John Phiri was confirmed; the desk cancels him before the phone's queue arrives.
    await runSql(["UPDATE event_registrations SET status = 'cancelled' WHERE id = 2"]);
    const queue = [checkIn("d1-0000-0001", 2), checkIn("d1-0000-0002", 1)];
    const first = await results(await send(door, queue));
    expect(first.map((r) => [r.outcome, r.resent, r.person?.status, r.person?.admittedAnyway])).toEqual([
      ["checked-in", false, "cancelled", true],
      ["checked-in", false, "confirmed", false],
    ]);
    // The answer was lost on a weak signal: asked again, it still says he was let in while cancelled.
    const again = await results(await send(door, queue));
    expect(again.map((r) => [r.resent, r.person?.admittedAnyway])).toEqual([
      [true, true],
      [true, false],
    ]);
    // Checked in while confirmed, and cancelled by the desk only afterwards: not "let in anyway".
    await runSql(["UPDATE event_registrations SET status = 'cancelled' WHERE id = 1"]);
    expect((await results(await send(door, [queue[1]!])))[0]!.person).toMatchObject({ status: "cancelled", admittedAnyway: false });
  });

  it("once sent, the page the phone reads again counts the confirmed who are in, and apart from them who was admitted anyway", async () => {
    await results(await send(door, [checkIn("c1-ffff-0001", 1), checkIn("c1-ffff-0002", 2), { ...checkIn("c1-ffff-0003", 4), kind: "admit" }, walkIn("c1-ffff-0004", "Walk In Willy", "0991 000 111")]));
    // Peter Mwale has not come: the walk-in is one of the confirmed, the man from the waiting list is not.
    const page = textOf(await (await request("/admin/events/1/check-in", { cookie: door })).text());
    expect(page).toContain("3 of 4 confirmed checked in · 1 more admitted anyway");
  });

  it("two volunteers admitted the same person offline: the first to arrive stands, the second hears who and when", async () => {
    const [one, two] = await Promise.all([send(door, [checkIn("v1-aaaa-0001", 1)]), send(door2, [checkIn("v2-bbbb-0001", 1)])]);
    const outcomes = [(await results(one))[0]!, (await results(two))[0]!];
    expect(outcomes.map((r) => r.outcome).sort()).toEqual(["already-checked-in", "checked-in"]);
    const winner = outcomes.find((r) => r.outcome === "checked-in")!;
    const loser = outcomes.find((r) => r.outcome === "already-checked-in")!;
    expect(loser.person!.checkedInBy).toBe(winner.person!.checkedInBy);
    expect(loser.person!.checkedInText).toMatch(/^\d\d:\d\d$/);
    const row = (await doorState())[0]!;
    expect(row.checked_in_by).toBe(`${winner.person!.checkedInBy}@example.org`);

    // Both resend at once (replies lost): still one check-in, and each hears what it heard first.
    const [oneAgain, twoAgain] = await Promise.all([send(door, [checkIn("v1-aaaa-0001", 1)]), send(door2, [checkIn("v2-bbbb-0001", 1)])]);
    const resent = [(await results(oneAgain))[0]!, (await results(twoAgain))[0]!];
    expect(resent.every((r) => r.resent)).toBe(true);
    expect(resent.map((r) => r.outcome).sort()).toEqual(["already-checked-in", "checked-in"]);
    expect((await doorState())[0]).toEqual(row);
  });

  it("a tap whose answer came too late is sent again from the phone's queue under its id: done once, not 'already checked in' by someone else", async () => {
    const tap = (registrationId: number, tapId?: string) =>
      request("/api/admin/events/1/check-in", {
        method: "POST",
        cookie: door,
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ intent: "checkin", registration_id: String(registrationId), ...(tapId ? { tap_id: tapId } : {}) }),
      });
    // The server checked him in; the phone gave up waiting and queued the tap under the same id.
    expect(((await (await tap(1, "tap-late-0001")).json()) as { outcome: string }).outcome).toBe("checked-in");
    const [again] = await results(await send(door, [checkIn("tap-late-0001", 1)]));
    expect(again).toMatchObject({ outcome: "checked-in", resent: true, person: { checkedInBy: "door" } });
    const before = (await doorState())[0]!;

    // The queued resend arriving first: it checks him in, and the slow tap then changes nothing.
    const [first] = await results(await send(door, [checkIn("tap-late-0002", 2)]));
    expect(first).toMatchObject({ outcome: "checked-in", resent: false });
    const afterFirst = (await doorState())[1]!;
    await tap(2, "tap-late-0002");
    expect((await doorState())[1]).toEqual(afterFirst);
    expect((await doorState())[0]).toEqual(before);

    // A tap with another id is someone else's: that one is told who was first.
    expect(((await (await tap(3)).json()) as { outcome: string }).outcome).toBe("checked-in");
    const [other] = await results(await send(door2, [checkIn("tap-other-0003", 3)]));
    expect(other).toMatchObject({ outcome: "already-checked-in", resent: false });

    // A tap undone at the desk, then sent again: he stays out, and the answer says he is not checked
    // in (not "not confirmed – admit anyway?" of a confirmed man).
    const undo = await request("/api/admin/events/1/check-in", { method: "POST", cookie: door, headers: { Accept: "application/json" }, body: new URLSearchParams({ intent: "undo", registration_id: "1" }) });
    expect(((await undo.json()) as { outcome: string }).outcome).toBe("undone");
    expect(((await (await tap(1, "tap-late-0001")).json()) as { outcome: string }).outcome).toBe("not-checked-in");
    expect((await doorState())[0]!.checked_in_at).toBeNull();
  });

  it("one action sent twice at once is applied once", async () => {
    const walk = walkIn("w1-cccc-0001", "Twice Sent", "0888 111 222");
    const both = await Promise.all([send(door, [walk]), send(door, [walk])]);
    const answers = [(await results(both[0]))[0]!, (await results(both[1]))[0]!];
    expect(answers.map((r) => r.resent).sort()).toEqual([false, true]);
    expect((await doorState()).filter((p) => p.full_name === "Twice Sent")).toHaveLength(1);
  });

  it("walk-ins taken offline at a full event are added over the capacity for staff to see, never lost", async () => {
    // 3 places, 3 confirmed: full.
    const answers = await results(await send(door, [walkIn("w2-dddd-0001", "Late Lazarus", "0999 222 333"), walkIn("w2-dddd-0002", "Late Luka", "0999 222 333")]));
    expect(answers.map((r) => r.outcome)).toEqual(["walk-in", "walk-in"]);
    const added = (await doorState()).filter((p) => p.full_name.startsWith("Late"));
    expect(added.map((p) => [p.status, p.over_capacity, p.checked_in_at !== null])).toEqual([
      ["confirmed", 1, true],
      ["confirmed", 1, true],
    ]);
    // Staff's desk says so.
    const desk = await (await request("/admin/events/registrations/1", { cookie: admin })).text();
    expect(desk).toContain("Late Lazarus");
    expect(desk).toContain("Admitted at the door over capacity");
  });

  it("a walk-in under the number and name of a man registered already checks him in, not adding him twice; under another name he is added and the phone hears the number is taken (staff's phone: by whom)", async () => {
    const before = (await doorState()).length;
    const answers = await results(await send(door, [walkIn("w3-ffff-0001", " john   BANDA ", "0991 234 567"), walkIn("w3-ffff-0002", "Beta Phiri", "0888 765 432")]));
    expect(answers[0]).toMatchObject({ outcome: "checked-in", registered: { same: true, name: "John Banda", code: "JBANDA" } });
    // A door volunteer sees only a number's last digits: the door never turns a whole number into its holder's name.
    expect(answers[1]).toMatchObject({ outcome: "walk-in", registered: { same: false } });
    expect(JSON.stringify(answers[1].registered)).not.toMatch(/John Phiri|JPHXRZ/);
    const staff = await results(await send(admin, [walkIn("w3-ffff-0003", "Gamma Phiri", "0888 765 432")]));
    expect(staff[0]).toMatchObject({ outcome: "walk-in", registered: { same: false, name: "John Phiri", code: "JPHXRZ" } });
    const state = await doorState();
    expect(state).toHaveLength(before + 2);
    expect(state.find((p) => p.id === 1)).toMatchObject({ checked_in_by: "door@example.org", admitted_unconfirmed: 0 });
    expect(state.filter((p) => p.full_name === "Beta Phiri")).toHaveLength(1);
    // Sent again (a reply lost on the way): nothing changes.
    const again = await results(await send(door, [walkIn("w3-ffff-0001", " john   BANDA ", "0991 234 567")]));
    expect(again[0]).toMatchObject({ resent: true, outcome: "checked-in" });
    expect(await doorState()).toEqual(state);
  });

  it("refuses unreadable sends and a past event for a door volunteer, and tells of a person who is gone", async () => {
    expect((await send(door, [{ id: "x", kind: "checkin", registrationId: 1, at: "now" }])).status).toBe(400);
    expect((await send(door, [])).status).toBe(400);
    // A walk-in whose number is no number (the phone's form never keeps one): refused, nothing added.
    const people = (await doorState()).length;
    expect((await send(door, [walkIn("p1-eeee-0003", "Words Only", "ask at the gate")])).status).toBe(400);
    expect(await doorState()).toHaveLength(people);
    expect((await send(door, [checkIn("p1-eeee-0001", 1)], 2)).status).toBe(404);
    // A body far beyond any real send is refused before it is read, and nothing is applied.
    const huge = await send(door, [{ ...walkIn("p1-eeee-0004", "Huge Send", "0991 000 222"), name: "x".repeat(300_000) }]);
    expect([huge.status, await huge.json()]).toEqual([413, { error: "Too much to send at once." }]);
    expect(await doorState()).toHaveLength(people);
    const gone = await results(await send(door, [checkIn("p1-eeee-0002", 999)]));
    expect(gone[0]).toMatchObject({ outcome: "not-found", person: null });
    const anonymous = await request("/api/admin/events/1/door-actions", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(anonymous.status).toBe(401);
  });
});
