// Event registration through the real Worker: what is stored, what is refused and what the visitor
// is told, with JavaScript (the islands script posts to /api/registrations) and without it (a plain
// form post to the page, which goes on to the registration's private page). Places, the waiting
// list and the private page have their own files (registration-capacity, registration-page).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { REGISTRATION_MESSAGES } from "~/features/events/registration-form";
import { RATE_LIMITS } from "~/server/abuse.server";
import { cookieValue, postForm, request, runSql, seedDemo, toastOf as decodeToast } from "./helpers";

type Row = { event_id: number; full_name: string; phone_number: string; email: string | null };

async function registrations(eventId?: number): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT event_id, full_name, phone_number, email FROM event_registrations
     WHERE ?1 IS NULL OR event_id = ?1 ORDER BY id`,
  )
    .bind(eventId ?? null)
    .all<Row>();
  return results;
}

/** Registrations beyond the four the demo content gives event 1. */
async function newRegistrations() {
  return (await registrations()).filter((r) => r.event_id !== 1);
}

const person = { event_id: "2", full_name: "Kondwani Phiri", phone_number: "+265 991 555 010", email: "" };
let nextIp = 1;
/** A fresh client address per call, so the per-address rate limit only matters where a test wants it. */
const ip = () => `198.51.100.${nextIp++ % 250}`;

/** A scripted submission (JavaScript on): the dialog's island posts to the JSON endpoint. */
function submitScripted(fields: Record<string, string>, options: { ip?: string } = {}) {
  return postForm("/api/registrations", fields, { ip: options.ip ?? ip() });
}

describe("registering with JavaScript (scripted submission)", () => {
  it("stores the registration (its name single-spaced), with an empty email stored as NULL, and answers success", async () => {
    await seedDemo();
    const response = await submitScripted({ ...person, full_name: "  Kondwani   Phiri  " });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const answer = await response.json<RegistrationAnswer>();
    expect(answer).toMatchObject({ result: { status: "success" }, toast: REGISTRATION_MESSAGES.success });
    expect(await newRegistrations()).toEqual([{ event_id: 2, full_name: "Kondwani Phiri", phone_number: "+265991555010", email: null }]);
    // What the confirmation shows: the status, the code, when and where, and the private link.
    const stored = await env.DB.prepare("SELECT code, token, status FROM event_registrations WHERE event_id = 2").first<{ code: string; token: string; status: string }>();
    expect(stored!.status).toBe("confirmed");
    expect(stored!.code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
    expect(stored!.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(answer.registration).toMatchObject({
      status: "confirmed",
      statusText: "Your place is confirmed.",
      code: stored!.code,
      eventName: "Lake Malawi Men's Retreat",
      location: "Senga Bay, Salima",
      calendarHref: "http://localhost/events/2/calendar.ics",
      privateUrl: `http://localhost/registrations/${stored!.token}`,
    });
    // The demo retreat has an end: its start and end, as every page writes them (eventWhenText).
    expect(answer.registration!.whenText).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} · 2:00 PM – \w+day, \w+ \d{1,2}, \d{4} · 12:00 PM$/);
    const whatsapp = new URL(answer.registration!.whatsappHref);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/");
    const text = whatsapp.searchParams.get("text")!;
    for (const part of ["Lake Malawi Men's Retreat", answer.registration!.whenText!, `Code: ${stored!.code}`, answer.registration!.privateUrl]) {
      expect(text).toContain(part);
    }
    // Sent to oneself or a friend, it says the link is a key, not news to post in a group.
    expect(text.split("\n").at(-1)).toBe("Private: whoever has this link can change or cancel the registration. Do not forward.");
  });

  it.each([
    ["0991 555 010", "+265991555010"],
    ["991555010", "+265991555010"],
    ["+265 991 555 010", "+265991555010"],
    ["00265 991 555 010", "+265991555010"],
    ["(0888) 12-34-56", "+265888123456"],
    ["+44 7700 900123", "+447700900123"],
    ["0044 7700 900123", "+447700900123"],
  ])("stores the phone %s in international form as %s", async (typed, stored) => {
    await seedDemo();
    expect((await submitScripted({ ...person, phone_number: typed })).status).toBe(200);
    expect((await newRegistrations())[0]?.phone_number).toBe(stored);
  });

  it.each(["07700 900123", "0999 12 34 56 7", "+1 234 5678", "1234567890123456"])("refuses %s, which cannot be a phone number, with a clear message", async (typed) => {
    await seedDemo();
    const response = await submitScripted({ ...person, phone_number: typed });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: { error: { phone_number: [REGISTRATION_MESSAGES.phoneNotPossible] } } });
    expect(await newRegistrations()).toEqual([]);
  });

  it("stores a given email lower-cased", async () => {
    await seedDemo();
    expect((await submitScripted({ ...person, email: " K.Phiri@Example.MW " })).status).toBe(200);
    expect((await newRegistrations())[0]?.email).toBe("k.phiri@example.mw");
  });

  it("stores a name without the invisible characters that turn the text around (\"Cancel evil\" must not read \"Cancel live\" on the desk)", async () => {
    await seedDemo();
    expect((await submitScripted({ ...person, full_name: "Kondwani \u202Elive\u202C Phiri\u2067" })).status).toBe(200);
    expect((await newRegistrations())[0]?.full_name).toBe("Kondwani live Phiri");
  });

  it("is where the dialog of /events and of an event's own page sends, while a plain post goes to the page", async () => {
    await seedDemo();
    for (const path of ["/events", "/events/4"]) {
      const page = await (await request(path)).text();
      const form = /<form[^>]*>/.exec(page.slice(page.indexOf("data-registration-dialog")))?.[0] ?? "";
      expect(form, path).toContain(`action="${path}"`);
      expect(form, path).toContain('data-endpoint="/api/registrations"');
    }
    expect((await submitScripted({ ...person, event_id: "4" })).status).toBe(200);
    expect((await newRegistrations()).map((r) => r.event_id)).toEqual([4]);
  });

  it.each([
    ["a missing name", { full_name: "" }, REGISTRATION_MESSAGES.fullNameRequired],
    ["a blank name", { full_name: "   " }, REGISTRATION_MESSAGES.fullNameRequired],
    ["a missing phone", { phone_number: "" }, REGISTRATION_MESSAGES.phoneRequired],
    ["a phone with too few digits", { phone_number: "12345" }, REGISTRATION_MESSAGES.phoneInvalid],
    ["a phone with letters", { phone_number: "call me 0999" }, REGISTRATION_MESSAGES.phoneInvalid],
    ["a bad email", { email: "not-an-email" }, REGISTRATION_MESSAGES.emailInvalid],
    ["a too long name", { full_name: "N".repeat(121) }, "Please keep this under 120 characters"],
  ])("refuses %s with a message and field error, keeps what was typed, stores nothing", async (_label, change, message) => {
    await seedDemo();
    const response = await submitScripted({ ...person, ...change });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(message);
    expect(await newRegistrations()).toEqual([]);
  });

  it("answers with the field's error and the typed values so the dialog can keep them", async () => {
    await seedDemo();
    const response = await submitScripted({ ...person, email: "broken@" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      result: {
        status: "error",
        error: { email: [REGISTRATION_MESSAGES.emailInvalid] },
        initialValue: { full_name: "Kondwani Phiri", phone_number: "+265 991 555 010", email: "broken@" },
      },
    });
  });

  it("refuses a post from another site", async () => {
    await seedDemo();
    const response = await postForm("/api/registrations", person, { ip: ip(), headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await newRegistrations()).toEqual([]);
  });

  it.each([
    ["an unknown event", "999", 404, REGISTRATION_MESSAGES.eventNotFound],
    ["a hidden event", "6", 404, REGISTRATION_MESSAGES.eventNotFound],
    ["an event with registration closed", "3", 409, REGISTRATION_MESSAGES.closed],
    ["an event without a date whose registration is off", "5", 409, REGISTRATION_MESSAGES.closed],
    ["a non-numeric event id", "abc", 400, REGISTRATION_MESSAGES.eventNotFound],
    ["a missing event id", "", 400, REGISTRATION_MESSAGES.eventNotFound],
  ])("refuses %s with a clear message and stores nothing", async (_label, eventId, status, message) => {
    await seedDemo();
    const response = await submitScripted({ ...person, event_id: eventId });
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await newRegistrations()).toEqual([]);
  });

  it("refuses when the event was closed after the page was loaded", async () => {
    await seedDemo();
    await runSql(["UPDATE churchevents SET registration_enabled = 0 WHERE id = 2"]);
    const response = await submitScripted(person);
    expect(response.status).toBe(409);
    expect(await newRegistrations()).toEqual([]);
  });

  it("refuses a past event, and one whose registration closing time has passed", async () => {
    await seedDemo();
    await runSql([
      "UPDATE churchevents SET date = '2020-01-01T08:00:00.000Z' WHERE id = 2",
      `UPDATE churchevents SET registration_closes_at = '${new Date(Date.now() - 60_000).toISOString()}' WHERE id = 4`,
    ]);
    for (const eventId of ["2", "4"]) {
      const response = await submitScripted({ ...person, event_id: eventId });
      expect(response.status, eventId).toBe(409);
      expect(await response.text()).toContain(REGISTRATION_MESSAGES.closed);
    }
    expect(await newRegistrations()).toEqual([]);
  });

  it("registers a phone number once per event: a second attempt is told so and learns nothing else", async () => {
    await seedDemo();
    expect((await submitScripted(person)).status).toBe(200);
    // The same number written another way, by someone else.
    const second = await submitScripted({ ...person, full_name: "Someone Else", phone_number: "0991555010", email: "x@example.mw" });
    expect(second.status).toBe(409);
    const answer = await second.json<RegistrationAnswer>();
    expect(answer.result.error).toEqual({ phone_number: [REGISTRATION_MESSAGES.alreadyRegistered] });
    expect(answer.registration).toBeUndefined();
    const text = JSON.stringify(answer);
    const { code, token } = (await env.DB.prepare("SELECT code, token FROM event_registrations WHERE event_id = 2").first<{ code: string; token: string }>())!;
    for (const secret of [code, token, "Kondwani"]) expect(text).not.toContain(secret);
    expect(await newRegistrations()).toHaveLength(1);
  });

  it.each([
    ["closed", "UPDATE churchevents SET registration_enabled = 0 WHERE id = 2", REGISTRATION_MESSAGES.closed],
    ["full", "UPDATE churchevents SET capacity = 1, waitlist_enabled = 0 WHERE id = 2", REGISTRATION_MESSAGES.full],
  ])("answers a %s event the same whether or not the phone is registered for it (it tells no one who registered)", async (_label, change, message) => {
    await seedDemo();
    expect((await submitScripted(person)).status).toBe(200);
    await runSql([change]);
    // Asked by someone else (another network: the same form sent again from the same one is its sender's own repeat).
    for (const phone of [person.phone_number, "+265 991 555 999"]) {
      const response = await submitScripted({ ...person, phone_number: phone }, { ip: "203.0.113.50" });
      expect(response.status, phone).toBe(409);
      const text = await response.text();
      expect(text, phone).toContain(message);
      expect(text, phone).not.toContain(REGISTRATION_MESSAGES.alreadyRegistered);
    }
  });

  it("answers a retry of the same attempt (same request_id, a reply lost on slow data) with the first answer", async () => {
    await seedDemo();
    const attempt = { ...person, request_id: "0123456789abcdef0123456789abcdef" };
    const [first, retry] = await Promise.all([submitScripted(attempt), submitScripted(attempt)]);
    const answers = [await first.json<RegistrationAnswer>(), await retry.json<RegistrationAnswer>()];
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(answers[0]!.registration).toEqual(answers[1]!.registration);
    expect(await newRegistrations()).toHaveLength(1);
    // Another attempt (another id) with the same phone is refused.
    const other = await submitScripted({ ...attempt, request_id: "fedcba9876543210fedcba9876543210" });
    expect(other.status).toBe(409);
  });

  it("lets the number register again once its registration is cancelled", async () => {
    await seedDemo();
    await submitScripted(person);
    await runSql(["UPDATE event_registrations SET status = 'cancelled' WHERE event_id = 2"]);
    expect((await submitScripted(person)).status).toBe(200);
    expect(await newRegistrations()).toHaveLength(2);
  });

  it("lets the same person register for two different events", async () => {
    await seedDemo();
    await submitScripted(person);
    await submitScripted({ ...person, event_id: "4" });
    expect((await newRegistrations()).map((r) => r.event_id)).toEqual([2, 4]);
  });

  it("pretends to accept a bot that fills the honeypot, and stores nothing", async () => {
    await seedDemo();
    const response = await submitScripted({ ...person, website: "http://spam.example" });
    expect(response.status).toBe(200);
    expect(await newRegistrations()).toEqual([]);
  });

  it("allows 100 registrations per 10 minutes from one address (many phones share one carrier address), then limits", async () => {
    await seedDemo();
    const address = "203.0.113.77";
    // One event's own limit per address (registration-limits.test.ts) is set out of the way here.
    await runSql([`UPDATE site_settings SET value = '{"registrations_per_address_per_hour":1000}' WHERE key = 'registrations'`]);
    const limit = RATE_LIMITS.registrationPerAddress.limit;
    expect(RATE_LIMITS.registrationPerAddress).toMatchObject({ limit: 100, windowSeconds: 600 });
    for (let i = 0; i < limit; i++) {
      const response = await submitScripted({ ...person, full_name: `Person ${i}`, phone_number: `0991 ${String(100000 + i)}` }, { ip: address });
      expect(response.status).toBe(200);
    }
    const limited = await submitScripted({ ...person, full_name: "One Too Many", phone_number: "0991 200000" }, { ip: address });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(REGISTRATION_MESSAGES.rateLimited);
    expect((await submitScripted({ ...person, full_name: "Someone Else", phone_number: "0991 200001" }, { ip: "203.0.113.78" })).status).toBe(200);
    expect(await newRegistrations()).toHaveLength(limit + 1);
  });

  it("refuses bodies that are not forms or are too large with a 4xx, never a server error", async () => {
    await seedDemo();
    const json = await request("/api/registrations", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(person),
    });
    expect(json.status).toBe(415);
    const huge = await submitScripted({ ...person, full_name: "x".repeat(70_000) });
    expect(huge.status).toBe(413);
    const garbage = await request("/api/registrations", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing" },
      body: "not multipart at all",
    });
    expect(garbage.status).toBe(400);
    const empty = await postForm("/api/registrations", {});
    expect(empty.status).toBe(400);
    expect(await newRegistrations()).toEqual([]);
  });
});

describe("registering without JavaScript (plain form post)", () => {
  it("goes on (303) to the registration's private page, with the success toast in a cookie", async () => {
    await seedDemo();
    for (const [path, eventId] of [["/events", "2"], ["/events/4", "4"]] as const) {
      const response = await postForm(path, { ...person, event_id: eventId }, { ip: ip(), headers: { Referer: `http://localhost${path}?register=${eventId}` } });
      expect(response.status).toBe(303);
      const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE event_id = ?1").bind(Number(eventId)).first<{ token: string }>())!;
      expect(response.headers.get("Location")).toBe(`/registrations/${token}`);
      expect(await decodeToast(response)).toMatchObject(REGISTRATION_MESSAGES.success);

      // The private page shows the toast, 'Registration Complete' and what to keep.
      const next = await request(`/registrations/${token}`, { cookie: `toast=${cookieValue(response, "toast")}` });
      const body = await next.text();
      for (const text of [REGISTRATION_MESSAGES.success.title, REGISTRATION_MESSAGES.complete.title, REGISTRATION_MESSAGES.complete.description]) {
        expect(body).toContain(text);
      }
      expect(body).toContain(`href="http://localhost/registrations/${token}"`);
    }
    expect(await newRegistrations()).toHaveLength(2);
  });

  it("Register tapped twice on a slow line: the second tap's answer is the first's private page; the same number from elsewhere or under another name learns nothing", async () => {
    await seedDemo();
    const first = await postForm("/events/4", { ...person, event_id: "4" }, { ip: "192.0.2.10" });
    expect(first.status).toBe(303);
    const page = first.headers.get("Location")!;
    // The browser shows only the answer to the second tap: it must lead to the same page.
    const again = await postForm("/events/4", { ...person, event_id: "4" }, { ip: "192.0.2.11" });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(page);
    // Someone else with that number (another network, or another name) is told only that it is registered.
    for (const [fields, address] of [[{ ...person, event_id: "4" }, "203.0.113.9"], [{ ...person, event_id: "4", full_name: "Someone Else" }, "192.0.2.12"]] as const) {
      const other = await postForm("/events/4", fields, { ip: address });
      expect(other.status).toBe(409);
      expect(await other.text()).not.toContain(page);
    }
    expect(await newRegistrations()).toHaveLength(1);
  });

  it("renders a refusal with the dialog still open, the typed values and the field error", async () => {
    await seedDemo();
    const response = await postForm("/events", { ...person, phone_number: "12" }, { ip: ip() });
    expect(response.status).toBe(400);
    const body = await response.text();
    const dialog = body.match(/<dialog[\s\S]*?<\/dialog>/)?.[0] ?? "";
    expect(dialog).toMatch(/<dialog[^>]*\sopen=""/);
    expect(dialog).toContain("Register for Lake Malawi Men&#x27;s Retreat");
    expect(dialog).toMatch(/<input(?=[^>]*name="full_name")(?=[^>]*value="Kondwani Phiri")[^>]*>/);
    expect(dialog).toMatch(/<input(?=[^>]*name="phone_number")(?=[^>]*value="12")(?=[^>]*aria-invalid="true")[^>]*>/);
    const describedBy = /<input(?=[^>]*name="phone_number")[^>]*aria-describedby="([^"]+)"/.exec(dialog)?.[1];
    expect(describedBy).toBeTruthy();
    // The field's description (what SMS the number gets) and its error.
    const errorId = describedBy!.split(" ").find((id) => id.endsWith("-error"));
    expect(dialog).toMatch(new RegExp(`id="${errorId}"[^>]*>${REGISTRATION_MESSAGES.phoneInvalid}`));
    // Said first, in an alert, as a link to the field (nothing moves a reader there without JavaScript).
    const alert = /<div role="alert"[^>]*>(.*?)<\/div>/s.exec(dialog)?.[1] ?? "";
    expect(alert).toContain(REGISTRATION_MESSAGES.notRegisteredYet);
    const phoneId = /<input(?=[^>]*name="phone_number")[^>]*\sid="([^"]+)"/.exec(dialog)?.[1];
    expect(alert).toMatch(new RegExp(`<a href="#${phoneId}"[^>]*>${REGISTRATION_MESSAGES.phoneInvalid}</a>`));
    expect(await newRegistrations()).toEqual([]);
  });

  it("explains a refusal for a closed event in the page, and stores nothing", async () => {
    await seedDemo();
    await runSql(["UPDATE churchevents SET registration_enabled = 0 WHERE id = 2"]);
    const response = await postForm("/events", person, { ip: ip() });
    expect(response.status).toBe(409);
    const body = await response.text();
    expect(body).toContain(REGISTRATION_MESSAGES.closed);
    expect(body).not.toMatch(/<dialog[^>]*\sopen=""/);
    expect(await newRegistrations()).toEqual([]);
  });
});

describe("many people registering at once", () => {
  it("stores all 200 of 200 simultaneous registrations for one event", async () => {
    await seedDemo();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        submitScripted(
          { event_id: "4", full_name: `Brother ${i}`, phone_number: `+265 99${String(i).padStart(7, "0")}`, email: i % 2 ? `b${i}@example.mw` : "" },
          { ip: `10.0.${Math.floor(i / 250)}.${i % 250}` },
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(200));
    const stored = await registrations(4);
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((r) => r.full_name)).size).toBe(200);
    expect(stored.filter((r) => r.email === null)).toHaveLength(100);
  }, 120_000);
});
