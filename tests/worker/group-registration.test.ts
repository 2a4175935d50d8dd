// Group registration (issue 25, part 4), through the real Worker: a leader registers up to 30 men at
// once without JavaScript; the capacity rule is exact and atomic for the whole group (one D1 batch),
// also with many groups and people at once; a phone twice in the group, or already registered, is
// refused by its line with nothing lost; the leader's private page lists every man's code and
// cancels one or all (the waiting list moves up); each man with a phone is an ordinary
// registration; the desk shows the group.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, signIn, toastOf } from "./helpers";
import { allSettled, outboxRows, waitForOutbox } from "./email-helpers";
import { withSmsSetUp } from "./sms-helpers";
import { textOf } from "./public-helpers";
import { formatInSiteZone } from "~/lib/time";
import { REGISTRATION_MESSAGES } from "~/features/events/registration-form";
import { GROUP_MESSAGES } from "~/features/events/group-form";

beforeEach(async () => {
  await runSql(["INSERT INTO churchevents (id, name, date, capacity, waitlist_enabled) VALUES (1, 'Men''s Conference', '2099-03-05T07:30:00.000Z', 50, 1)"]);
});

type Man = { name: string; phone?: string; answers?: Record<string, string> };

function groupFields(men: Man[], mode: string, leader = { name: "Yohane Banda", phone: "0991000000" }): Record<string, string> {
  const fields: Record<string, string> = { event_id: "1", leader_name: leader.name, leader_phone: leader.phone, mode, lines: "30" };
  men.forEach((man, i) => {
    fields[`men[${i}].full_name`] = man.name;
    if (man.phone) fields[`men[${i}].phone_number`] = man.phone;
    for (const [name, value] of Object.entries(man.answers ?? {})) fields[`men[${i}].${name}`] = value;
  });
  return fields;
}

function postGroup(men: Man[], mode: string, ip = "198.51.100.9", leader?: { name: string; phone: string }) {
  return postForm("/events/1/group", groupFields(men, mode, leader), { ip });
}

/** `count` men with distinct phones, numbered from `from`. */
function men(count: number, from = 0): Man[] {
  return Array.from({ length: count }, (_, i) => ({ name: `Man ${from + i}`, phone: `0999${String(100000 + from + i).slice(-6)}` }));
}

async function statusCounts() {
  return (await env.DB.prepare(
    "SELECT count(*) FILTER (WHERE status = 'confirmed') AS confirmed, count(*) FILTER (WHERE status = 'waitlisted') AS waitlisted, count(*) FILTER (WHERE status = 'cancelled') AS cancelled FROM event_registrations",
  ).first<{ confirmed: number; waitlisted: number; cancelled: number }>())!;
}

describe("registering a group", () => {
  it("offers the group form from the event page, with fixed lines and More lines that keeps what was typed, without a script", async () => {
    const event = await (await request("/events/1")).text();
    expect(event).toContain('href="/events/1/group"');
    const form = await (await request("/events/1/group")).text();
    expect(form).not.toMatch(/<script[^>]+src=/);
    expect(form.match(/name="men\[\d+\]\.full_name"/g)).toHaveLength(10);
    const more = await postForm("/events/1/group", { event_id: "1", intent: "more-lines", lines: "10", leader_name: "Yohane Banda", "men[0].full_name": "Alinafe Phiri" });
    expect(more.status).toBe(200);
    const body = await more.text();
    expect(body.match(/name="men\[\d+\]\.full_name"/g)).toHaveLength(20);
    expect(body).toContain('value="Alinafe Phiri"');
    expect(body).toContain('value="Yohane Banda"');
  });

  it("registers every man as an ordinary registration and leads the leader to a private page with every code", async () => {
    const response = await postGroup([{ name: "Alinafe Phiri", phone: "0991000001" }, { name: "Blessings Banda" }, { name: "Chikondi Mwale", phone: "0888000003" }], "all-or-nothing");
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/groups\/[A-Za-z0-9_-]{22}$/);
    const rows = (await env.DB.prepare("SELECT full_name, phone_number, dedupe_key, status, code, token, group_id FROM event_registrations ORDER BY id").all()).results;
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.full_name, r.status, r.dedupe_key])).toEqual([
      ["Alinafe Phiri", "confirmed", "+265991000001"],
      ["Blessings Banda", "confirmed", null],
      ["Chikondi Mwale", "confirmed", "+265888000003"],
    ]);
    // A man without a phone: the leader's number is his contact, and it holds no place of its own.
    expect(rows[1]!.phone_number).toBe("+265991000000");

    const page = await request(location);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("X-Robots-Tag")).toContain("noindex");
    const text = textOf(await page.text());
    for (const row of rows) expect(text).toContain(row.code as string);
    expect(text).toContain("3 confirmed");
    // A man with a phone has his own private page.
    const own = await request(`/registrations/${rows[0]!.token}`);
    expect(own.status).toBe(200);
    expect(textOf(await own.text())).toContain("Alinafe Phiri");
  });

  it("refuses a phone twice in the group, or already registered, by its line, keeping every line", async () => {
    await postForm("/events/1/register", { event_id: "1", full_name: "Early Bird", phone_number: "0991000004" }, { ip: "198.51.100.50" });
    const twice = await postGroup([{ name: "A One", phone: "0991000001" }, { name: "B Two", phone: "0991 000 001" }], "all-or-nothing");
    expect(twice.status).toBe(400);
    expect(textOf(await twice.text())).toContain("Line 2: this phone number is already on line 1");
    // A number no phone could call, in the words of the lines' other problems.
    const short = await postGroup([{ name: "A One", phone: "0991 2345" }], "all-or-nothing");
    expect(textOf(await short.text())).toContain("Line 1: this is not a phone number we can call. Write a Malawi number like 0991 23 45 67, or start with + and the country code.");
    // Two lines without a phone are both on the leader's number: the same name is the same man, one place.
    const sameMan = await postGroup([{ name: "Moses Chirwa" }, { name: "James Mwale" }, { name: "moses  chirwa" }], "all-or-nothing");
    expect(sameMan.status).toBe(400);
    const sameManPage = await sameMan.text();
    expect(textOf(sameManPage)).toContain("Line 3: this name is already on line 1, also without a phone.");
    expect(sameManPage).toContain('value="moses  chirwa"');
    expect((await statusCounts()).confirmed).toBe(1);

    const taken = await postGroup([{ name: "A One", phone: "0991000001" }, { name: "B Two" }, { name: "C Three", phone: "0991000002" }, { name: "D Four", phone: "0991000004" }], "rest-waitlisted");
    expect(taken.status).toBe(409);
    const body = await taken.text();
    expect(textOf(body)).toContain("Line 4: this phone number is already registered for this event");
    for (const name of ["A One", "B Two", "C Three", "D Four"]) expect(body).toContain(`value="${name}"`);
    expect((await statusCounts()).confirmed).toBe(1);
  });

  it("the same group sent twice (Back, then Register again) registers nobody twice: men without a phone are known by name on the leader's phone", async () => {
    const group = [{ name: "Chisomo Phiri" }, { name: "Kondwani Banda" }, { name: "Mphatso Own", phone: "0991000021" }];
    const first = await postGroup(group, "all-or-nothing");
    expect(first.status).toBe(303);
    const again = await postGroup([{ name: " chisomo phiri " }, { name: "Kondwani Banda" }, { name: "Mphatso Own", phone: "0991000021" }], "all-or-nothing");
    expect(again.status).toBe(409);
    const text = textOf(await again.text());
    expect(text).toContain("Some of these men are already registered for this event (see the lines marked): on their own, or in a group. Remove those lines to register the others.");
    expect(text).not.toContain("link sent to the leader");
    expect(text).toContain("Line 1: he is already registered for this event, on the leader's phone number");
    expect(text).toContain("Line 2: he is already registered for this event, on the leader's phone number");
    expect(text).toContain("Line 3: this phone number is already registered for this event");
    expect((await statusCounts()).confirmed).toBe(3);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM registration_groups").first<{ n: number }>())!.n).toBe(1);
    // Another leader's man of the same name may be another man: that leader is asked, and says so;
    // and this leader may bring new men.
    const otherLeader = { name: "Other Leader", phone: "0888000000" };
    expect((await postGroup([{ name: "Chisomo Phiri" }], "all-or-nothing", "198.51.100.9", otherLeader)).status).toBe(409);
    expect((await postForm("/events/1/group", { ...groupFields([{ name: "Chisomo Phiri" }], "all-or-nothing", otherLeader), names_checked: "on" }, { ip: "198.51.100.9" })).status).toBe(303);
    expect((await postGroup([{ name: "Tadala New" }], "all-or-nothing")).status).toBe(303);
    expect((await statusCounts()).confirmed).toBe(5);
  });

  it("tells a leader who comes too to add himself as one of the men, and registers him so, on his own phone", async () => {
    const form = textOf(await (await request("/events/1/group")).text());
    expect(form).toContain("Coming too? Add yourself as one of the men below.");
    expect((await postGroup([{ name: "Yohane Banda", phone: "0991000000" }, { name: "Tadala Gondwe" }], "all-or-nothing")).status).toBe(303);
    const rows = await env.DB.prepare("SELECT full_name, phone_number, status FROM event_registrations ORDER BY id").all();
    expect(rows.results).toEqual([
      { full_name: "Yohane Banda", phone_number: "+265991000000", status: "confirmed" },
      { full_name: "Tadala Gondwe", phone_number: "+265991000000", status: "confirmed" },
    ]);
  });

  it("asks before registering a man without a phone whose name is registered already on another phone, keeping every line; different men are ticked through", async () => {
    // He registered himself with his own phone; his leader, not knowing, lists him without one.
    expect((await postForm("/events/1/register", { event_id: "1", full_name: "Kondwani Phiri", phone_number: "0991000031" }, { ip: "198.51.100.51" })).status).toBe(303);
    const asked = await postGroup([{ name: "Tadala Gondwe" }, { name: "kondwani  phiri" }], "all-or-nothing");
    expect(asked.status).toBe(409);
    const page = await asked.text();
    const text = textOf(page);
    expect(text).toContain("Line 2: a man of this name is already registered for this event. If it is him, remove this line.");
    expect(text).toContain("If they are different men of the same name, tick this box and register again.");
    expect(text).toContain("They are different men: register them anyway");
    const box = /<input type="checkbox"[^>]*name="names_checked"[^>]*>/.exec(page)?.[0];
    expect(box).toBeDefined();
    expect(box).not.toMatch(/\schecked/);
    expect(page).toContain('value="Tadala Gondwe"');
    expect(page).toContain('value="kondwani  phiri"');
    expect((await statusCounts()).confirmed).toBe(1);

    // If it is him, the leader removes the line; if another man, he ticks the box.
    const ticked = await postForm("/events/1/group", { ...groupFields([{ name: "Tadala Gondwe" }, { name: "kondwani  phiri" }], "all-or-nothing"), names_checked: "on" });
    expect(ticked.status).toBe(303);
    expect((await statusCounts()).confirmed).toBe(3);
  });

  it("two leaders listing the same man without a phone at once: one registers him, the other is asked, never both unasked", async () => {
    const answers = await Promise.all([
      postGroup([{ name: "Kondwani Phiri" }], "all-or-nothing", "198.51.100.9", { name: "First Leader", phone: "0991000040" }),
      postGroup([{ name: "Kondwani Phiri" }], "all-or-nothing", "198.51.100.10", { name: "Second Leader", phone: "0991000041" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect((await statusCounts()).confirmed).toBe(1);
  });

  it("the same phoneless group sent 5 times at once (Register tapped again on a slow line) registers once, and every answer leads to its page", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => postGroup([{ name: "Chisomo Phiri" }, { name: "Kondwani Banda" }], "all-or-nothing")));
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 303, 303]);
    expect(new Set(answers.map((answer) => answer.headers.get("Location"))).size).toBe(1);
    expect((await statusCounts()).confirmed).toBe(2);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM registration_groups").first<{ n: number }>())!.n).toBe(1);
    // The same form from another network is someone else: told the men are registered, not shown the page.
    const elsewhere = await postGroup([{ name: "Chisomo Phiri" }, { name: "Kondwani Banda" }], "all-or-nothing", "203.0.113.77");
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.text()).not.toContain(answers[0]!.headers.get("Location")!);
  });

  it("lists every problem above the form, each once, in words that read as a list, each a link to its line", async () => {
    const refused = await postGroup([{ name: "", phone: "0991000001" }, { name: "B Two", phone: "12" }, { name: "", phone: "0991000003" }], "all-or-nothing");
    expect(refused.status).toBe(400);
    const html = /<div role="alert"[^>]*>(.*?)<\/div>/s.exec(await refused.text())?.[1] ?? "";
    // Each problem leads to its line further down the page (a long form posted without JavaScript).
    expect([...html.matchAll(/href="#(line-\d+)"/g)].map((link) => link[1])).toEqual(["line-1", "line-2", "line-3"]);
    const alert = textOf(html);
    expect(alert).toContain("Not registered yet. Please check these 3 things:");
    for (const problem of ["Line 1: please write his name", "Line 2:", "Line 3: please write his name"]) expect(alert).toContain(problem);
    expect(alert).not.toMatch(/Please check: Please/);
  });

  it("says a leader's phone cannot be called together with the form's other problems and the men's lines, not after they are mended", async () => {
    const refused = await postGroup([{ name: "A One" }, { name: "", phone: "0991000002" }, { name: "C Three", phone: "12" }], "", "198.51.100.9", { name: "", phone: "ab" });
    expect(refused.status).toBe(400);
    const alert = textOf(/<div role="alert"[^>]*>(.*?)<\/div>/s.exec(await refused.text())?.[1] ?? "");
    expect(alert).toContain(REGISTRATION_MESSAGES.phoneNotPossible);
    expect(alert).toContain("Please choose what happens if not everyone fits");
    // And the men's lines, in the same answer.
    expect(alert).toContain("Line 2: please write his name");
    expect(alert).toContain("Line 3:");
  });

  it("checks each man's answers to the event's questions on the server, naming his line and the question", async () => {
    await runSql(["INSERT INTO event_questions (id, event_id, kind, label, choices, required) VALUES (7, 1, 'choice', 'Accommodation', '[\"Hostel\",\"Hotel\"]', 1)"]);
    const refused = await postGroup([{ name: "A One", answers: { answer_7: "Hostel" } }, { name: "B Two", answers: { answer_7: "Palace" } }], "all-or-nothing");
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Line 2, “Accommodation”: please choose one of the answers in the list");
    // A required question left unanswered says which line, among many.
    const unanswered = await postGroup([{ name: "A One", answers: { answer_7: "Hostel" } }, { name: "B Two", answers: { answer_7: "Hotel" } }, { name: "C Three" }], "all-or-nothing");
    expect(textOf(await unanswered.text())).toContain("Line 3, “Accommodation”: please answer this question");
    const ok = await postGroup([{ name: "A One", answers: { answer_7: "Hostel" } }, { name: "B Two", answers: { answer_7: "Hotel" } }], "all-or-nothing");
    expect(ok.status).toBe(303);
    expect((await env.DB.prepare("SELECT value FROM registration_answers ORDER BY registration_id").all()).results.map((r) => r.value)).toEqual(["Hostel", "Hotel"]);
  });

  it("names a mistyped leader's e-mail and a line's unanswered question in the same first answer, keeping everything typed", async () => {
    await runSql(["INSERT INTO event_questions (id, event_id, kind, label, choices, required) VALUES (7, 1, 'choice', 'Accommodation', '[\"Hostel\",\"Hotel\"]', 1)"]);
    const fields = { ...groupFields([{ name: "A One", answers: { answer_7: "Hostel" } }, { name: "B Two", phone: "0991000002" }], "all-or-nothing"), leader_email: "yohane@gmail" };
    const refused = await postForm("/events/1/group", fields, { ip: "198.51.100.9" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    const alert = textOf(/<div role="alert"[^>]*>(.*?)<\/div>/s.exec(page)?.[1] ?? "");
    expect(alert).toContain(REGISTRATION_MESSAGES.emailInvalid);
    expect(alert).toContain("Line 2, “Accommodation”: please answer this question");
    for (const typed of ['value="yohane@gmail"', 'value="A One"', 'value="B Two"', 'value="0991000002"', 'value="Hostel" selected']) expect(page).toContain(typed);
    expect(await statusCounts()).toEqual({ confirmed: 0, waitlisted: 0, cancelled: 0 });
  });

  it("only if all fit: refuses a group larger than the places left, saying how many are left; the rest to the waiting list: fills the places in line order", async () => {
    await runSql(["UPDATE churchevents SET capacity = 3 WHERE id = 1"]);
    const refused = await postGroup(men(4), "all-or-nothing");
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain("Only 3 places are left");
    expect(await statusCounts()).toEqual({ confirmed: 0, waitlisted: 0, cancelled: 0 });
    const rest = await postGroup(men(4), "rest-waitlisted");
    expect(rest.status).toBe(303);
    const rows = (await env.DB.prepare("SELECT full_name, status FROM event_registrations ORDER BY id").all()).results;
    expect(rows.map((r) => r.status)).toEqual(["confirmed", "confirmed", "confirmed", "waitlisted"]);
    // Full: no "Only 0 places", nor removing men, which cannot help.
    const full = await postGroup(men(2, 10), "all-or-nothing");
    expect(full.status).toBe(409);
    const said = textOf(await full.text());
    expect(said).toContain("No places are left, and you chose to register only if all fit.");
    expect(said).not.toContain("Only 0");
  });

  it("an event without a waiting list: the form offers no waiting list, and a group too large is told to remove men, even from a form that chose the waiting list", async () => {
    await runSql(["UPDATE churchevents SET capacity = 3, waitlist_enabled = 0 WHERE id = 1"]);
    const form = await (await request("/events/1/group")).text();
    expect(textOf(form)).toContain("This event has no waiting list: a group registers only if all its men fit.");
    expect(textOf(form)).not.toContain("the rest join the waiting list");
    // What the page posts without JavaScript: the leader has nothing to choose.
    const mode = /<input[^>]*name="mode"[^>]*>/.exec(form)?.[0] ?? "";
    expect(mode).toContain('type="hidden"');
    expect(mode).toContain('value="all-or-nothing"');

    const tooMany = "Only 3 places are left and this event has no waiting list: remove some men.";
    const refused = await postGroup(men(4), "all-or-nothing");
    expect(refused.status).toBe(409);
    const said = textOf(await refused.text());
    expect(said).toContain(tooMany);
    expect(said).not.toContain("waiting list for the rest");
    // A form opened before the waiting list was turned off still says "the rest join the waiting list".
    const stale = textOf(await (await postGroup(men(4), "rest-waitlisted")).text());
    expect(stale).toContain(tooMany);
    expect(stale).not.toContain("you chose to register only if all fit");
    expect(await statusCounts()).toEqual({ confirmed: 0, waitlisted: 0, cancelled: 0 });
    expect((await postGroup(men(3), "all-or-nothing")).status).toBe(303);
  });
});

describe("the leader's page", () => {
  it("cancels one man (the first waiting moves up) and then the whole group", async () => {
    await runSql(["UPDATE churchevents SET capacity = 2 WHERE id = 1"]);
    const response = await postGroup(men(3), "rest-waitlisted");
    const location = response.headers.get("Location")!;
    const first = (await env.DB.prepare("SELECT id FROM event_registrations ORDER BY id LIMIT 1").first<{ id: number }>())!;
    const one = await postForm(location, { intent: "cancel", registration_id: String(first.id) });
    expect(one.status).toBe(303);
    expect(await statusCounts()).toEqual({ confirmed: 2, waitlisted: 0, cancelled: 1 });
    const all = await postForm(location, { intent: "cancel-all" });
    expect(all.status).toBe(303);
    expect(await statusCounts()).toEqual({ confirmed: 0, waitlisted: 0, cancelled: 3 });
    expect(textOf(await (await request(location)).text())).toMatch(/Cancelled.*Cancelled.*Cancelled/);
    // Each cancellation is in the activity log, done with the group's link.
    const log = (await env.DB.prepare("SELECT actor, action FROM activity_log ORDER BY id").all()).results;
    expect(log).toEqual(Array(3).fill({ actor: "private link", action: "Cancelled (on the group's page)" }));
  });

  it("shows the group as a group on the desk, finds its men by the leader's name, and exports who registered each (and whose phone it is)", async () => {
    await postGroup([{ name: "Alinafe Phiri", phone: "0991000001" }, { name: "Blessings Banda" }], "all-or-nothing");
    await createAdmin();
    const cookie = await signIn();
    const desk = textOf(await (await request("/admin/events/registrations/1", { cookie })).text());
    expect(desk).toContain("Group of Yohane Banda (2)");
    const found = textOf(await (await request("/admin/events/registrations/1?q=yohane", { cookie })).text());
    for (const man of ["Alinafe Phiri", "Blessings Banda"]) expect(found).toContain(man);
    // At the door too, each card says whose group he is in: why the leader's name finds him.
    const door = textOf(await (await request("/admin/events/1/check-in?q=yohane", { cookie })).text());
    expect(door).toMatch(/Alinafe Phiri [A-Z0-9]{6} · [^G]*Group of Yohane Banda \(2\)/);
    const csv = await (await request("/api/admin/events/1/registrations.csv", { cookie })).text();
    // Blessings has no phone of his own: the number beside his name is his leader's, and the file says so.
    expect(csv).toMatch(/"Alinafe Phiri","0991 00 00 01",[^\r\n]*,"Yohane Banda","/);
    expect(csv).toMatch(/"Blessings Banda","[^"]+",[^\r\n]*,"Yohane Banda \(phone is the leader's\)","/);
  });

  it("the desk says the truth of a group whose men were all cancelled: its badge says so, and the counts by association say everyone cancelled, not that nobody registered", async () => {
    await runSql(["INSERT INTO event_questions (id, event_id, kind, label, choices, required) VALUES (8, 1, 'association', 'Association', '[]', 0)"]);
    await createAdmin();
    const cookie = await signIn();
    expect(textOf(await (await request("/admin/events/registrations/1", { cookie })).text())).toContain("Nobody has registered yet.");
    const location = (await postGroup([{ name: "Alinafe Phiri", phone: "0991000001" }, { name: "Blessings Banda" }], "all-or-nothing")).headers.get("Location")!;
    expect((await postForm(location, { intent: "cancel-all" })).status).toBe(303);

    const desk = textOf(await (await request("/admin/events/registrations/1?status=cancelled", { cookie })).text());
    expect(desk).toContain("Alinafe Phiri");
    expect(desk).toContain("Group of Yohane Banda (all 2 cancelled)");
    expect(desk).not.toContain("Group of Yohane Banda (0)");
    expect(desk).toContain("Nobody is registered now: all 2 registrations were cancelled.");
    expect(desk).not.toContain("Nobody has registered yet");
  });

  it("shows the leader its own link to keep, says how to have it sent again, and sends it to his WhatsApp", async () => {
    const location = (await postGroup(men(2), "all-or-nothing")).headers.get("Location")!;
    const page = await (await request(location)).text();
    const pageUrl = `http://localhost${location}`;
    expect(textOf(page)).toContain(`Keep this page Its link opens this page: keep it, and keep it private. Lost it? 'Get my link again' on the event's page sends it to the leader's phone again.`);
    expect(textOf(page)).toContain(pageUrl);
    const whatsapp = page.match(/<a href="(https:\/\/wa\.me\/\?text=[^"]+)"[^>]*>.*?Send to my WhatsApp/)![1]!;
    const message = decodeURIComponent(whatsapp.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").split("?text=")[1]!);
    expect(message).toContain(pageUrl);
    expect(message.split("\n").at(-1)).toBe("Private: whoever has this link can change or cancel the group's registrations. Do not post it in a group chat.");
    // Titled as every page, with the site's name (shared on WhatsApp, it is the preview's title).
    expect(page).toContain("<title>Your group | Baptist Men Malawi</title>");
  });

  it("answers 404 to an unknown group link, titled as the not-found page it is", async () => {
    const unknown = await request("/groups/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain("<title>Page not found | Baptist Men Malawi</title>");
    expect(textOf(html)).toContain("This link does not open a group's page.");
  });
});

describe("cancelling the whole group at once (SMS set up)", () => {
  withSmsSetUp();

  /** A group of 3 men with phones for 2 places (2 confirmed, 1 waiting), then `outsiders` waiting behind them: the group's page. */
  async function groupPartlyWaiting(outsiders: number) {
    await runSql(["UPDATE churchevents SET capacity = 2 WHERE id = 1"]);
    const location = (await postGroup(men(3), "rest-waitlisted")).headers.get("Location")!;
    for (let i = 0; i < outsiders; i++) {
      expect((await postForm("/events/1/register", { event_id: "1", full_name: `Outsider ${i}`, phone_number: `088800000${i}` }, { ip: `203.0.113.${i + 1}` })).status).toBe(303);
    }
    const rows = (await env.DB.prepare("SELECT id, full_name, status, group_id FROM event_registrations ORDER BY id").all<{ id: number; full_name: string; status: string; group_id: number | null }>()).results;
    expect(rows.map((row) => row.status)).toEqual(["confirmed", "confirmed", "waitlisted", ...Array<string>(outsiders).fill("waitlisted")]);
    // Their receipts have gone (a receipt still to go when its man moves up would say so itself).
    await waitForOutbox(allSettled);
    return { location, group: rows.filter((row) => row.group_id !== null).map((row) => row.id), outsiders: rows.filter((row) => row.group_id === null).map((row) => row.id) };
  }

  /** Outbox rows of `kind` by the registration they are about: how many each. */
  async function messagesAbout(kind: string) {
    const rows = (await env.DB.prepare("SELECT about_id, count(*) AS n FROM email_outbox WHERE kind = ? GROUP BY about_id ORDER BY about_id").bind(kind).all<{ about_id: number; n: number }>()).results;
    return Object.fromEntries(rows.map((row) => [row.about_id, row.n]));
  }

  it("cancels every man in one go: none of the group is moved up on the way, the places go to the man waiting outside it, and each man is told once", async () => {
    const { location, group, outsiders } = await groupPartlyWaiting(1);
    const all = await postForm(location, { intent: "cancel-all" });
    expect(all.status).toBe(303);
    expect(await toastOf(all)).toMatchObject(GROUP_MESSAGES.cancelledAll);
    const statuses = (await env.DB.prepare("SELECT id, status FROM event_registrations ORDER BY id").all<{ id: number; status: string }>()).results;
    expect(statuses).toEqual([...group.map((id) => ({ id, status: "cancelled" })), { id: outsiders[0], status: "confirmed" }]);
    // Only the outsider hears he moved up: no man of the group gets a "moved up" SMS just before his cancellation.
    expect(await messagesAbout("registration-moved-up")).toEqual({ [outsiders[0]!]: 1 });
    expect(await messagesAbout("registration-cancelled")).toEqual(Object.fromEntries(group.map((id) => [id, 1])));
    const log = (await env.DB.prepare("SELECT actor, action FROM activity_log ORDER BY id").all()).results;
    expect(log).toEqual(Array(3).fill({ actor: "private link", action: "Cancelled (on the group's page)" }));
    // Nothing in /admin/outbox fails for a registration that was no longer what its message said.
    await waitForOutbox(allSettled);
    expect((await outboxRows("status = 'failed'")).map((row) => [row.kind, row.about_id, row.last_error])).toEqual([]);
  });

  it("'Cancel the whole group' pressed on two phones at once cancels once: one message and one log line a man, and the second is told it was already done", async () => {
    const { location, group, outsiders } = await groupPartlyWaiting(2);
    const answers = await Promise.all([postForm(location, { intent: "cancel-all" }), postForm(location, { intent: "cancel-all" })]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    const toasts = await Promise.all(answers.map((answer) => toastOf(answer)));
    expect(toasts.map((toast) => toast?.title).sort()).toEqual([GROUP_MESSAGES.alreadyCancelledAll.title, GROUP_MESSAGES.cancelledAll.title].sort());
    expect(await statusCounts()).toEqual({ confirmed: 2, waitlisted: 0, cancelled: 3 });
    expect(await messagesAbout("registration-cancelled")).toEqual(Object.fromEntries(group.map((id) => [id, 1])));
    expect(await messagesAbout("registration-moved-up")).toEqual(Object.fromEntries(outsiders.map((id) => [id, 1])));
    const log = (await env.DB.prepare("SELECT action FROM activity_log ORDER BY id").all()).results;
    expect(log).toHaveLength(3);
    // Pressed again later: the same truthful answer, nothing written.
    expect(await toastOf(await postForm(location, { intent: "cancel-all" }))).toMatchObject(GROUP_MESSAGES.alreadyCancelledAll);
    expect(await messagesAbout("registration-cancelled")).toEqual(Object.fromEntries(group.map((id) => [id, 1])));
    await waitForOutbox(allSettled);
  });
});

describe("an event with a fee", () => {
  it("the group form says the fee a man and how each pays; the leader's page says where each man's fee stands; a free event's says nothing of a fee", async () => {
    const freeForm = textOf(await (await request("/events/1/group")).text());
    expect(freeForm).not.toContain("Fee:");
    await runSql(["UPDATE churchevents SET price = 15000 WHERE id = 1"]);
    const form = textOf(await (await request("/events/1/group")).text());
    expect(form).toContain("Fee: MK 15,000 a man. After registering, every man's fee can be paid on his page with Airtel Money or TNM Mpamba, from his phone or yours (your group's page links to each man's), or at the registration desk.");

    const response = await postGroup([{ name: "Alinafe Phiri", phone: "0991000001" }, { name: "Blessings Banda" }, { name: "Chikondi Mwale", phone: "0888000003" }, { name: "Dalitso Kachale" }], "all-or-nothing");
    const location = response.headers.get("Location")!;
    // One paid in cash at the door, one cancelled, one on the waiting list (he owes nothing yet).
    await runSql([
      "UPDATE event_registrations SET payment_status = 'cash' WHERE full_name = 'Chikondi Mwale'",
      "UPDATE event_registrations SET status = 'cancelled' WHERE full_name = 'Blessings Banda'",
      "UPDATE event_registrations SET status = 'waitlisted' WHERE full_name = 'Dalitso Kachale'",
    ]);
    const page = textOf(await (await request(location)).text());
    expect(page).toContain("Fee: MK 15,000 a man · 1 man to pay: MK 15,000 in all");
    expect(page).toMatch(/Dalitso Kachale.*Fee: To pay once he has a place/s);
    expect(page).toContain("Each man's fee is paid on his page (the link below his name; a man with his own phone also has it in his SMS), from his phone or yours, or at the registration desk.");
    expect(page).toMatch(/Alinafe Phiri.*Confirmed\s*Fee: To pay/s);
    expect(page).toMatch(/Chikondi Mwale.*Confirmed\s*Fee: Paid in cash/s);
    expect(page).not.toMatch(/Blessings Banda.*Cancelled\s*Fee:/s);
    await runSql(["UPDATE event_registrations SET payment_status = 'cash' WHERE full_name = 'Alinafe Phiri'"]);
    expect(textOf(await (await request(location)).text())).toContain("Fee: MK 15,000 a man · Nothing left to pay");
  });

  it("the leader's page says when a man was cancelled for his fee, warns before cancelling a man who paid, and keeps saying he paid", async () => {
    await runSql(["UPDATE churchevents SET price = 15000 WHERE id = 1"]);
    const location = (await postGroup([{ name: "Alinafe Phiri", phone: "0991000001" }, { name: "Blessings Banda" }], "all-or-nothing")).headers.get("Location")!;
    await runSql([
      "UPDATE event_registrations SET payment_status = 'cash' WHERE full_name = 'Alinafe Phiri'",
      "UPDATE event_registrations SET status = 'cancelled', cancel_reason = 'not paid' WHERE full_name = 'Blessings Banda'",
    ]);
    const page = textOf(await (await request(location)).text());
    expect(page).toMatch(/Blessings Banda.*Cancelled: fee not paid in time/s);
    expect(page).toMatch(/Alinafe Phiri.*He can no longer come; his place goes to the next man waiting\. His fee is paid: cancelling does not give it back\./s);
    const { id } = (await env.DB.prepare("SELECT id FROM event_registrations WHERE full_name = 'Alinafe Phiri'").first<{ id: number }>())!;
    expect((await postForm(location, { intent: "cancel", registration_id: String(id) })).status).toBe(303);
    const after = textOf(await (await request(location)).text());
    expect(after).toMatch(/Alinafe Phiri.*Cancelled\s*Fee: Paid\. To ask for it back, contact the organisers/s);
    // No man has a place: not "Nothing left to pay", which reads as all paid.
    expect(after).toContain("No man of the group has a place now: nothing to pay");
    expect(after).not.toContain("Nothing left to pay");
  });

  it("on an event that releases unpaid places, the leader's page says by when each man's fee is due and what happens then", async () => {
    await runSql(["UPDATE churchevents SET price = 15000, payment_hold_hours = 48 WHERE id = 1"]);
    const location = (await postGroup([{ name: "Alinafe Phiri", phone: "0991000001" }, { name: "Blessings Banda" }], "all-or-nothing")).headers.get("Location")!;
    await runSql(["UPDATE event_registrations SET payment_status = 'cash' WHERE full_name = 'Alinafe Phiri'"]);
    const { created_at } = (await env.DB.prepare("SELECT created_at FROM event_registrations WHERE full_name = 'Blessings Banda'").first<{ created_at: string }>())!;
    const payBy = formatInSiteZone(new Date(Date.parse(created_at) + 48 * 3600_000).toISOString(), "EEEE, MMMM d 'at' h:mm a");
    const page = textOf(await (await request(location)).text());
    expect(page).toMatch(new RegExp(`Blessings Banda.*Confirmed\\s*Fee: To pay by ${payBy}`, "s"));
    expect(page).toMatch(/Alinafe Phiri.*Confirmed\s*Fee: Paid in cash/s);
    expect(page).toContain("A man's place not paid for by the time shown goes to the next man waiting.");
  });

  it("a man without a phone of his own: his leader's page links 'Pay his fee' to his page, whose pay form asks the leader's phone; paid there, the group's page says so", async () => {
    await runSql(["UPDATE churchevents SET price = 15000 WHERE id = 1"]);
    const location = (await postGroup([{ name: "Alinafe Phiri", phone: "0991000001" }, { name: "Blessings Banda" }], "all-or-nothing")).headers.get("Location")!;
    const linkOf = (html: string, name: string) => html.match(new RegExp(`<a href="(/registrations/[\\w-]{22})" aria-label="([^":]+): ${name}"`));
    const page = await (await request(location)).text();
    expect(linkOf(page, "Alinafe Phiri")![2]).toBe("His own page");
    const [, hisPage, words] = linkOf(page, "Blessings Banda")!;
    expect(words).toBe("Pay his fee");
    // His page's pay form keeps the number he is registered on: his leader's.
    const his = await (await request(hisPage!)).text();
    expect(textOf(his)).toContain("Blessings Banda");
    expect(his).toMatch(/<input[^>]*name="phone_number" value="\+265 991 00 00 00"/);
    expect((await postForm(hisPage!, { intent: "pay", phone_number: "0991 000 000" })).status).toBe(303);
    const payment = (await env.DB.prepare("SELECT p.reference, p.phone_number, r.full_name FROM payments p JOIN event_registrations r ON r.id = p.registration_id").first<{ reference: string; phone_number: string; full_name: string }>())!;
    expect(payment).toMatchObject({ phone_number: "+265991000000", full_name: "Blessings Banda" });
    // The leader approves on his phone (the simulator's Approve sends the provider's signed webhook).
    expect((await request(`/api/payments/simulator/${payment.reference}/approve`, { method: "POST" })).status).toBeLessThan(400);
    const after = await (await request(location)).text();
    expect(textOf(after)).toMatch(/Blessings Banda.*Confirmed\s*Fee: Paid/s);
    expect(linkOf(after, "Blessings Banda")![2]).toBe("His page");
    expect(textOf(after)).toContain("1 man to pay: MK 15,000 in all");
  });
});

describe("many groups at once", () => {
  it("20 groups of 10 for 50 places, only if all fit: exactly 5 groups confirmed, none split", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, g) => postGroup(men(10, g * 10), "all-or-nothing", `198.51.100.${g + 1}`)));
    expect(responses.filter((r) => r.status === 303)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(15);
    expect(await statusCounts()).toEqual({ confirmed: 50, waitlisted: 0, cancelled: 0 });
    const perGroup = (await env.DB.prepare("SELECT group_id, count(*) AS n, count(*) FILTER (WHERE status = 'confirmed') AS confirmed FROM event_registrations GROUP BY group_id").all()).results;
    expect(perGroup).toHaveLength(5);
    for (const group of perGroup) expect(group).toMatchObject({ n: 10, confirmed: 10 });
  });

  it("20 groups of 10 for 50 places, the rest to the waiting list: exactly 50 confirmed", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, g) => postGroup(men(10, g * 10), "rest-waitlisted", `198.51.100.${g + 1}`)));
    expect(responses.every((r) => r.status === 303)).toBe(true);
    expect(await statusCounts()).toEqual({ confirmed: 50, waitlisted: 150, cancelled: 0 });
  });

  it("200 people at once, in groups and alone: never more confirmed than the capacity", async () => {
    const groups = Array.from({ length: 10 }, (_, g) => postGroup(men(10, g * 10), g % 2 ? "rest-waitlisted" : "all-or-nothing", `198.51.100.${g + 1}`));
    const singles = Array.from({ length: 100 }, (_, i) =>
      postForm("/events/1/register", { event_id: "1", full_name: `Single ${i}`, phone_number: `0888${String(100000 + i).slice(-6)}` }, { ip: `203.0.113.${(i % 50) + 1}` }),
    );
    await Promise.all([...groups, ...singles]);
    const counts = await statusCounts();
    expect(counts.confirmed).toBe(50);
    const split = (await env.DB.prepare(
      "SELECT count(*) AS n FROM registration_groups g WHERE g.mode = 'all-or-nothing' AND EXISTS (SELECT 1 FROM event_registrations r WHERE r.group_id = g.id AND r.status <> 'confirmed')",
    ).first<{ n: number }>())!;
    expect(split.n).toBe(0);
  });
});
