// Event registration through the real Worker: what is stored, what is refused and what the visitor
// is told, with JavaScript (the islands script posts to /api/registrations) and without it (a plain
// form post to the page).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES } from "~/forms/registration";
import { RATE_LIMITS } from "~/server/rate-limit.server";
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

/** Registrations beyond the three the demo content gives event 1. */
async function newRegistrations() {
  return (await registrations()).filter((r) => !["Wongani Chimwaza", "Mayeso Kachingwe", "Chisomo Tembo"].includes(r.full_name));
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
  it("stores the registration, with an empty email stored as NULL, and answers success", async () => {
    await seedDemo();
    const response = await submitScripted({ ...person, full_name: "  Kondwani Phiri  " });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ result: { status: "success" }, toast: REGISTRATION_MESSAGES.success });
    expect(await newRegistrations()).toEqual([
      { event_id: 2, full_name: "Kondwani Phiri", phone_number: "+265 991 555 010", email: null },
    ]);
  });

  it("stores a given email lower-cased", async () => {
    await seedDemo();
    expect((await submitScripted({ ...person, email: " K.Phiri@Example.MW " })).status).toBe(200);
    expect((await newRegistrations())[0]?.email).toBe("k.phiri@example.mw");
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

  it("keeps one registration for a double click or a resubmitted form, and answers success both times", async () => {
    await seedDemo();
    const address = ip();
    const [first, second] = await Promise.all([submitScripted(person, { ip: address }), submitScripted(person, { ip: address })]);
    const third = await submitScripted({ ...person, full_name: "kondwani  PHIRI", phone_number: "+265991555010" }, { ip: address });
    for (const response of [first, second, third]) expect(response.status).toBe(200);
    expect(await newRegistrations()).toHaveLength(1);
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

  it("limits how many registrations one address can send", async () => {
    await seedDemo();
    const address = "203.0.113.77";
    const limit = RATE_LIMITS.registrationPerAddress.limit;
    for (let i = 0; i < limit; i++) {
      const response = await submitScripted({ ...person, full_name: `Person ${i}` }, { ip: address });
      expect(response.status).toBe(200);
    }
    const limited = await submitScripted({ ...person, full_name: "One Too Many" }, { ip: address });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(REGISTRATION_MESSAGES.rateLimited);
    expect((await submitScripted({ ...person, full_name: "Someone Else" }, { ip: "203.0.113.78" })).status).toBe(200);
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
  it("redirects back to the page without ?register, with the success toast in a cookie", async () => {
    await seedDemo();
    const response = await postForm("/events", person, {
      ip: ip(),
      headers: { Referer: "http://localhost/events?register=2" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/events");
    expect(await decodeToast(response)).toMatchObject(REGISTRATION_MESSAGES.success);
    expect(await newRegistrations()).toHaveLength(1);

    // The next page shows the toast (and clears it).
    const next = await request("/events", { cookie: `toast=${cookieValue(response, "toast")}` });
    expect(await next.text()).toContain(REGISTRATION_MESSAGES.success.title);
  });

  it("returns to the event's own page when posted from there", async () => {
    await seedDemo();
    const response = await postForm("/events/4", { ...person, event_id: "4" }, {
      ip: ip(),
      headers: { Referer: "http://localhost/events/4?register=4" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/events/4");
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
    expect(dialog).toMatch(new RegExp(`id="${describedBy}"[^>]*>${REGISTRATION_MESSAGES.phoneInvalid}`));
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
