// Issue 28, finding 1: a script that makes up phone numbers can no longer fill an event from one
// address. One event takes at most `registrations_per_address_per_hour` (a setting, 20 unless
// staff change it) registrations from one client address in an hour; other events and other
// addresses are not affected. Through the Worker's real fetch, with and without JavaScript.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES } from "~/features/events/registration-form";
import { createAdmin, postForm, request, seedDemo, signIn } from "./helpers";

const person = (i: number, eventId = "2") => ({ event_id: eventId, full_name: `Made Up ${i}`, phone_number: `0991 ${String(300000 + i)}`, email: "" });

async function countFor(eventId: number) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE event_id = ?1").bind(eventId).first<{ n: number }>())!.n;
}

describe("registrations per event from one address", () => {
  it("stops at 20 an hour by default, for that event only, whatever numbers a script makes up", async () => {
    await seedDemo();
    const before = await countFor(2);
    const script = "203.0.113.90";
    for (let i = 0; i < 20; i++) expect((await postForm("/api/registrations", person(i), { ip: script })).status).toBe(200);
    const refused = await postForm("/api/registrations", person(20), { ip: script });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(REGISTRATION_MESSAGES.eventRateLimited);
    // Without JavaScript the form shows the same, and keeps what was typed.
    const plain = await postForm("/events/2", person(21), { ip: script });
    expect(plain.status).toBe(429);
    const page = await plain.text();
    expect(page).toContain(REGISTRATION_MESSAGES.eventRateLimited);
    expect(page).toContain("Made Up 21");
    expect(await countFor(2)).toBe(before + 20);

    // Another event from that address, and this event from another address, still work.
    expect((await postForm("/api/registrations", person(30, "4"), { ip: script })).status).toBe(200);
    expect((await postForm("/api/registrations", person(31), { ip: "203.0.113.91" })).status).toBe(200);
  });

  it("takes its limit from the settings, which staff change on /admin/settings", async () => {
    await seedDemo();
    await createAdmin();
    const cookie = await signIn();
    const settings = await (await request("/admin/settings", { cookie })).text();
    expect(settings).toContain("Registrations per event from one internet address, per hour");
    const version = /name="section" value="registrations"[\s\S]*?name="version" value="(\d+)"|name="version" value="(\d+)"[\s\S]*?name="section" value="registrations"/.exec(settings);
    expect(version).toBeTruthy();
    const saved = await postForm(
      "/admin/settings",
      { section: "registrations", version: version![1] ?? version![2]!, registrations_per_address_per_hour: "3", sms_price_mwk: "12.5" },
      { cookie },
    );
    expect(saved.status).toBeLessThan(400);
    // The SMS price is required: emptied, the save is refused and says so; nothing quietly becomes 40.
    const emptied = await postForm("/admin/settings", { section: "registrations", version: String(Number(version![1] ?? version![2]!) + 1), registrations_per_address_per_hour: "3", sms_price_mwk: "" }, { cookie });
    expect(await emptied.text()).toContain("Enter the price of one SMS in kwacha, from 0 to 1000");
    const stored = await env.DB.prepare("SELECT value FROM site_settings WHERE key = 'registrations'").first<{ value: string }>();
    expect(JSON.parse(stored!.value)).toMatchObject({ sms_price_mwk: 12.5 });
    // The activity log names the fields in words.
    const logged = await env.DB.prepare("SELECT summary FROM activity_log WHERE summary LIKE 'Changed:%' ORDER BY id DESC LIMIT 1").first<{ summary: string }>();
    expect(logged?.summary).toBe("Changed: registrations per address per hour, SMS price");

    const script = "203.0.113.92";
    for (let i = 0; i < 3; i++) expect((await postForm("/api/registrations", person(40 + i), { ip: script })).status).toBe(200);
    expect((await postForm("/api/registrations", person(43), { ip: script })).status).toBe(429);

    const bad = await postForm("/admin/settings", { section: "registrations", version: "2", registrations_per_address_per_hour: "0" }, { cookie });
    expect(await bad.text()).toContain("Enter a whole number from 1 to 1000");
  });
});

describe("registration e-mails to one address", () => {
  it("sends at most 3 confirmations a day to one address, however many registrations name it; the registrations still count", async () => {
    await seedDemo();
    const victim = "Victim@Example.org";
    for (let i = 0; i < 5; i++) {
      const response = await postForm("/api/registrations", { ...person(50 + i, i % 2 ? "2" : "4"), email: i % 2 ? victim : victim.toLowerCase() }, { ip: `203.0.113.${120 + i}` });
      expect(response.status).toBe(200);
    }
    const receipts = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_outbox WHERE lower(recipient) = 'victim@example.org' AND kind IN ('registration-confirmed', 'registration-waitlisted')",
    ).first<{ n: number }>();
    expect(receipts!.n).toBe(3);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE lower(email) = 'victim@example.org'").first<{ n: number }>();
    expect(stored!.n).toBe(5);
  });
});
