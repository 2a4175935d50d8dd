// Places and the waiting list, through the real Worker: what the pages say, how the server holds
// the capacity when many people register at once, who moves up when places free, and when the
// public pages' cache is refreshed (only when an event turns full or stops being full).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { REGISTRATION_MESSAGES } from "~/features/events/registration-form";
import { registrationState, type RegistrationWindow } from "~/features/events/registration-rules";
import { registerForEvent } from "~/features/events/registrations.server";
import { createAdmin, postForm, request, runSql, seedReference, signIn, toastOf, formVersion } from "./helpers";
import { getPage, textOf } from "./public-helpers";

const FUTURE = "2030-06-12T06:00:00.000Z";
let nextPhone = 100000;
let nextIp = 1;

/** A registration as the island sends it, each from its own phone and address. */
function register(eventId: number, fields: Record<string, string> = {}) {
  const phone = `0991 ${nextPhone++}`;
  return postForm(
    "/api/registrations",
    { event_id: String(eventId), full_name: `Brother ${phone}`, phone_number: phone, email: "", ...fields },
    { ip: `10.1.${Math.floor(nextIp / 250) % 250}.${nextIp++ % 250}` },
  );
}

async function event(id: number, columns: Record<string, string | number | null> = {}) {
  const values = { id, name: `Event ${id}`, date: FUTURE, capacity: null, waitlist_enabled: 1, ...columns };
  const names = Object.keys(values);
  await env.DB.prepare(`INSERT INTO churchevents (${names.join(", ")}) VALUES (${names.map((_, i) => `?${i + 1}`).join(", ")})`)
    .bind(...Object.values(values))
    .run();
}

async function statuses(eventId: number) {
  const { results } = await env.DB.prepare(
    "SELECT status, count(*) AS n FROM event_registrations WHERE event_id = ?1 GROUP BY status",
  )
    .bind(eventId)
    .all<{ status: string; n: number }>();
  return Object.fromEntries(results.map((row) => [row.status, row.n]));
}

async function contentVersion() {
  return (await env.DB.prepare("SELECT value FROM site_meta WHERE key = 'content_version'").first<{ value: string }>())?.value ?? null;
}

/** Fills an event with `n` confirmed registrations in one statement. */
async function fill(eventId: number, n: number, status = "confirmed", from = 0) {
  await runSql([
    `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, queued_at)
     WITH RECURSIVE seq(i) AS (SELECT ${from + 1} UNION ALL SELECT i + 1 FROM seq WHERE i < ${from + n})
     SELECT ${eventId}, 'Filled ' || i, '+26588' || printf('%07d', i), '+26588' || printf('%07d', i), '${status}',
       printf('F%05d', i), 'token-${eventId}-' || printf('%020d', i), printf('2026-01-01T00:00:%02d.%03dZ', i / 1000, i % 1000)
     FROM seq`,
  ]);
}

beforeEach(async () => {
  await seedReference();
  await runSql(["INSERT INTO site_meta (key, value) VALUES ('content_version', 'v0')"]);
});

describe("what the pages say about places", () => {
  it("shows places left, 'Full – join the waiting list' and 'Registration Closed', keeping 'Register Now' while open", async () => {
    await event(1, { name: "Open Rally", capacity: 12 });
    await event(2, { name: "Full Rally", capacity: 2 });
    await event(3, { name: "Closed Rally", capacity: 2, waitlist_enabled: 0 });
    await event(4, { name: "Unlimited Rally" });
    await event(5, { name: "Last Place Rally", capacity: 3 });
    await fill(2, 2);
    await fill(3, 2, "confirmed", 100);
    await fill(5, 2, "confirmed", 200);

    const { text, main } = await getPage("/events");
    const card = (name: string) => textOf(main.slice(main.indexOf(`>${name}<`), main.indexOf("</article>", main.indexOf(`>${name}<`))));
    expect(card("Open Rally")).toContain("12 places left");
    expect(card("Open Rally")).toContain("Register Now");
    expect(card("Full Rally")).toContain("Full – join the waiting list");
    expect(card("Full Rally")).toContain("Register Now");
    expect(card("Closed Rally")).toContain("Registration Closed");
    expect(card("Closed Rally")).not.toContain("Register Now");
    expect(card("Unlimited Rally")).not.toMatch(/places? left|Full/);
    expect(card("Last Place Rally")).toContain("1 place left");
    expect(text).toContain("Upcoming Events");

    const page = await getPage("/events/2");
    expect(page.text).toContain("Full – join the waiting list");
    expect(page.text).toContain("Register Now");
    // The dialog of a full event says so before anything is typed, and its button joins the list.
    expect(page.main).toMatch(/data-register-description="This event is full: you will join the waiting list\. /);
    expect(page.main).toContain('data-register-submit="Join the waiting list"');
    const plainDialog = textOf((await getPage("/events/2?register=2")).main);
    expect(plainDialog).toContain("This event is full: you will join the waiting list.");
    expect(plainDialog).toContain("Join the waiting list");
    const open = await getPage("/events/1?register=1");
    expect(open.main).toContain('data-register-submit="Register"');
    expect(textOf(open.main)).not.toContain("join the waiting list");
    expect((await getPage("/events/3")).text).toContain("Registration Closed");

    const home = await getPage("/");
    expect(home.text).toContain("12 places left");
  });

  it("answers the dialog with the places note as it stands with him counted, for the page behind to say", async () => {
    await event(1, { capacity: 3 });
    const first = (await (await register(1)).json()) as RegistrationAnswer;
    expect(first.placesNote).toBe("2 places left");
    await register(1);
    const last = (await (await register(1)).json()) as RegistrationAnswer;
    expect(last.placesNote).toBe("Full – join the waiting list");
    // An event without a limit has no note to change.
    await event(2);
    expect(((await (await register(2)).json()) as RegistrationAnswer).placesNote).toBeNull();
  });

  it("closes registration at the closing time, and by default when the event starts", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    await event(1, { name: "Closing Passed", registration_closes_at: past });
    await event(2, { name: "Already Started", date: past });
    await event(3, { name: "Closes Tomorrow", registration_closes_at: new Date(Date.now() + 86_400_000).toISOString() });
    const { main } = await getPage("/events");
    for (const name of ["Closing Passed", "Already Started"]) {
      const card = textOf(main.slice(main.indexOf(`>${name}<`), main.indexOf("</article>", main.indexOf(`>${name}<`))));
      expect(card, name).toContain("Registration Closed");
    }
    expect((await register(1)).status).toBe(409);
    expect((await register(2)).status).toBe(409);
    expect((await register(3)).status).toBe(200);
  });

  it("decides 'open' in the guarded insert exactly as the pages decide it", async () => {
    const now = new Date();
    const soon = new Date(now.getTime() + 3_600_000).toISOString();
    const gone = new Date(now.getTime() - 3_600_000).toISOString();
    const cases: (Omit<RegistrationWindow, "confirmed"> & { confirmed: number })[] = [];
    for (const active of [true, false])
      for (const registration_enabled of [true, false])
        for (const [date, registration_closes_at] of [[soon, null], [gone, null], [null, null], [soon, gone], [gone, soon]] as const)
          for (const [capacity, confirmed] of [[null, 0], [2, 1], [2, 2]] as const)
            for (const waitlist_enabled of [true, false]) cases.push({ active, registration_enabled, date, registration_closes_at, capacity, confirmed, waitlist_enabled });
    let id = 0;
    for (const c of cases) {
      id += 1;
      await event(id, { active: c.active ? 1 : 0, registration_enabled: c.registration_enabled ? 1 : 0, date: c.date, registration_closes_at: c.registration_closes_at, capacity: c.capacity, waitlist_enabled: c.waitlist_enabled ? 1 : 0 });
      if (c.confirmed) await fill(id, c.confirmed, "confirmed", id * 10);
      const result = await registerForEvent({ event_id: id, full_name: "Test", phone_number: `+265991${String(id).padStart(6, "0")}`, email: null, request_id: null, address_group: null }, now);
      expect(result.outcome === "registered", JSON.stringify(c)).toBe(registrationState(c, now).open);
    }
    expect(cases).toHaveLength(120);
  });
});

describe("holding the capacity under load", () => {
  it("200 simultaneous registrations for the last 30 places: exactly 30 confirmed, 170 waitlisted in order, none lost", async () => {
    await event(1, { capacity: 300 });
    await fill(1, 270);
    const responses = await Promise.all(Array.from({ length: 200 }, () => register(1)));
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(200));
    const answers = await Promise.all(responses.map((r) => r.json<RegistrationAnswer>()));
    expect(answers.filter((a) => a.registration?.status === "confirmed")).toHaveLength(30);
    const waiting = answers.filter((a) => a.registration?.status === "waitlisted");
    expect(waiting).toHaveLength(170);
    // Each waiting person was told a different place, 1 to 170.
    const places = waiting.map((a) => Number(/number (\d+) on the waiting list/.exec(a.registration!.statusText)![1])).sort((a, b) => a - b);
    expect(places).toEqual(Array.from({ length: 170 }, (_, i) => i + 1));
    // The toast says which: a place, or a place in line (never "registered" to someone without a place).
    expect(answers.filter((a) => a.registration?.status === "confirmed").every((a) => a.toast?.title === "Registration successful!")).toBe(true);
    for (const answer of waiting) {
      const place = /number (\d+) on the waiting list/.exec(answer.registration!.statusText)![1];
      expect(answer.toast).toEqual({ title: "You are on the waiting list", description: `The event is full: you are number ${place} in line, without a place yet.` });
    }
    expect(await statuses(1)).toEqual({ confirmed: 300, waitlisted: 170 });
    // The page now says so.
    expect((await getPage("/events/1")).text).toContain("Full – join the waiting list");
  }, 120_000);

  it("without a waiting list: exactly the free places are taken, everyone else is told the event is full", async () => {
    await event(1, { capacity: 25, waitlist_enabled: 0 });
    const responses = await Promise.all(Array.from({ length: 200 }, () => register(1)));
    const codes = responses.map((r) => r.status);
    expect(codes.filter((s) => s === 200)).toHaveLength(25);
    expect(codes.filter((s) => s === 409)).toHaveLength(175);
    const refused = await responses.find((r) => r.status === 409)!.text();
    expect(refused).toContain(REGISTRATION_MESSAGES.full);
    expect(await statuses(1)).toEqual({ confirmed: 25 });
  }, 120_000);

  it("refreshes the public pages' cache when the event turns full, not on every registration", async () => {
    await event(1, { capacity: 3 });
    const first = await contentVersion();
    await register(1);
    await register(1);
    expect(await contentVersion()).toBe(first);
    await register(1); // the last place: full now
    const full = await contentVersion();
    expect(full).not.toBe(first);
    await register(1); // the waiting list: nothing visible changed
    expect(await contentVersion()).toBe(full);
  });
});

describe("moving up from the waiting list", () => {
  async function tokensOf(eventId: number, status: string) {
    const { results } = await env.DB.prepare("SELECT token FROM event_registrations WHERE event_id = ?1 AND status = ?2 ORDER BY id")
      .bind(eventId, status)
      .all<{ token: string }>();
    return results.map((r) => r.token);
  }

  it("a confirmed person cancelling gives the first person waiting the place, at once", async () => {
    await event(1, { capacity: 2 });
    await fill(1, 2);
    await fill(1, 3, "waitlisted", 10);
    const [token] = await tokensOf(1, "confirmed");
    const before = await contentVersion();
    const response = await postForm(`/registrations/${token}`, {}, {});
    expect(response.status).toBe(303);
    const { results } = await env.DB.prepare("SELECT full_name, status, promoted_at FROM event_registrations WHERE event_id = 1 ORDER BY id").all();
    expect(results.map((r) => [r.full_name, r.status])).toEqual([
      ["Filled 1", "cancelled"],
      ["Filled 2", "confirmed"],
      ["Filled 11", "confirmed"],
      ["Filled 12", "waitlisted"],
      ["Filled 13", "waitlisted"],
    ]);
    expect(results[2]!.promoted_at).toBeTruthy();
    // Still full: the public pages did not change.
    expect(await contentVersion()).toBe(before);
  });

  it("simultaneous cancellations promote exactly as many people as places freed, in waiting-list order", async () => {
    await event(1, { capacity: 10 });
    await fill(1, 10);
    await fill(1, 30, "waitlisted", 100);
    const confirmed = await tokensOf(1, "confirmed");
    const responses = await Promise.all(confirmed.slice(0, 7).map((token) => postForm(`/registrations/${token}`, {})));
    expect(responses.map((r) => r.status)).toEqual(Array(7).fill(303));
    expect(await statuses(1)).toEqual({ confirmed: 10, cancelled: 7, waitlisted: 23 });
    const { results } = await env.DB.prepare(
      "SELECT full_name FROM event_registrations WHERE event_id = 1 AND promoted_at IS NOT NULL ORDER BY id",
    ).all<{ full_name: string }>();
    expect(results.map((r) => r.full_name)).toEqual(Array.from({ length: 7 }, (_, i) => `Filled ${101 + i}`));
  });

  it("the event stops being full when a confirmed person cancels and nobody waits: the pages are refreshed", async () => {
    await event(1, { capacity: 2 });
    await fill(1, 2);
    const [token] = await tokensOf(1, "confirmed");
    const before = await contentVersion();
    await postForm(`/registrations/${token}`, {});
    expect(await contentVersion()).not.toBe(before);
    expect((await getPage("/events/1")).text).toContain("1 place left");
  });

  it("raising the capacity in the event form moves people up; lowering it below the confirmed moves nobody back, and warns", async () => {
    await createAdmin();
    const cookie = await signIn();
    await event(1, { name: "Hall Rally", capacity: 3 });
    await fill(1, 3);
    await fill(1, 4, "waitlisted", 10);
    const form = { intent: "save", name: "Hall Rally", date: "2030-06-12T08:00", location: "", description: "", image_alt: "", active: "on", registration_enabled: "on", waitlist_enabled: "on", registration_closes_at: "" };

    const raised = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, capacity: "5" }, { cookie });
    expect(raised.status).toBe(302);
    expect(await statuses(1)).toEqual({ confirmed: 5, waitlisted: 2 });

    const lowered = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, capacity: "2" }, { cookie });
    expect(await toastOf(lowered)).toMatchObject({
      title: "Event updated",
      description: expect.stringContaining("5 are already confirmed; new registrations wait until places free up."),
    });
    expect(await statuses(1)).toEqual({ confirmed: 5, waitlisted: 2 });
    const edit = await (await request("/admin/events/edit/1", { cookie })).text();
    expect(textOf(edit)).toContain("5 are already confirmed; new registrations wait until places free up.");
    // Without a waiting list, nobody waits: the warning says registration is closed.
    const noList = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, waitlist_enabled: "", capacity: "2" }, { cookie });
    expect(await toastOf(noList)).toMatchObject({
      description: expect.stringContaining("5 are already confirmed, more than the places, and there is no waiting list: registration is closed until places free up."),
    });
    expect(await toastOf(noList)).not.toMatchObject({ description: expect.stringContaining("wait until") });
    await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, capacity: "2" }, { cookie });
    // New registrations now wait.
    expect((await (await register(1)).json<RegistrationAnswer>()).registration?.status).toBe("waitlisted");

    const removed = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...form, capacity: "" }, { cookie });
    expect(removed.status).toBe(302);
    expect(await statuses(1)).toEqual({ confirmed: 8 });
  });

  it("refuses a capacity that is not a whole number of at least 1, keeping what was typed", async () => {
    await createAdmin();
    const cookie = await signIn();
    await event(1, { name: "Hall Rally" });
    for (const capacity of ["0", "-3", "2.5", "lots"]) {
      const response = await postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), intent: "save", name: "Hall Rally", capacity, active: "on" }, { cookie });
      expect(response.status, capacity).toBe(400);
      const body = await response.text();
      expect(textOf(body)).toContain("Please enter a whole number of places (1 or more), or leave it empty for no limit");
    }
    const row = await env.DB.prepare("SELECT capacity FROM churchevents WHERE id = 1").first<{ capacity: number | null }>();
    expect(row!.capacity).toBeNull();
  });
});
