// "Get my link again" (/events/{id}/my-link): someone who registered and lost the message with
// their private link types the number they registered with; the receipt (code and private link)
// goes again, by SMS to that number and by e-mail to the address given when registering, never to
// anything typed on the page. The answer is the same for a number not registered. A double tap
// sends one message by each channel; a number gets at most 3 receipts a day by each channel, and
// not two within 10 minutes.
import { env } from "cloudflare:workers";
import { textOf } from "./public-helpers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { ageOutbox, allSettled, fakeSender, outboxRows, waitForOutbox, withEmailSetUp } from "./email-helpers";
import { html, postForm, request, runSql, seedReference } from "./helpers";
import { malawiDaytime, smsSimulator, withSmsSetUp } from "./sms-helpers";

withEmailSetUp();
withSmsSetUp();

const PAGE = "/events/1/my-link";
let nextAddress = 1;

beforeEach(async () => {
  await seedReference();
  await env.DB.prepare("INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Men''s Conference', '2031-06-12T06:00:00.000Z', 1)").run();
});

async function register(phone: string, email = "") {
  const response = await postForm("/api/registrations", { event_id: "1", full_name: "Yohane Banda", phone_number: phone, email }, { ip: `198.51.100.${nextAddress++}` });
  const registration = (await response.json<RegistrationAnswer>()).registration!;
  await waitForOutbox(allSettled);
  return registration;
}

/** "Send my link", as a visitor without JavaScript posts it, each from its own connection unless told. */
function askAgain(phone: string, ip = `203.0.113.${nextAddress++}`) {
  return postForm(PAGE, { phone_number: phone }, { ip });
}

const receipts = (channel: string) => outboxRows(`kind IN ('registration-confirmed', 'registration-waitlisted') AND channel = '${channel}'`);

describe("the page", () => {
  it("asks for the number registered with, says where the link goes, with a preview for WhatsApp and no script", async () => {
    const page = await html(await request(PAGE));
    expect(page).toContain("<h1");
    expect(page).toContain("Get your private link again");
    expect(page).toContain("Men&#x27;s Conference");
    expect(page).toMatch(/<label[^>]*for="phone_number"[^>]*>Phone Number<\/label>/);
    expect(page).toMatch(/<button type="submit"[^>]*>Send my link<\/button>/);
    expect(page).toContain("We send your registration&#x27;s private link and code to that phone by SMS");
    expect(page).toContain('<meta property="og:title" content="Get your private link again: Men&#x27;s Conference"');
    expect(page).not.toMatch(/<script[^>]+src=/);
    expect((await request("/events/99/my-link")).status).toBe(404);
  });

  it("is linked beside the registration form, in the dialog and on the questions page", async () => {
    const eventPage = await html(await request("/events/1"));
    expect(eventPage.match(/<a href="\/events\/1\/my-link"[^>]*>Already registered\? Get your private link again<\/a>/g)).toHaveLength(2);
    await runSql(["INSERT INTO event_questions (event_id, kind, label, required) VALUES (1, 'text', 'Your church', 0)"]);
    const questionsPage = await html(await request("/events/1/register"));
    expect(questionsPage).toMatch(/<a href="\/events\/1\/my-link"[^>]*>Already registered\? Get your private link again<\/a>/);
  });

  it("stays linked from the event's page once registration has closed", async () => {
    await env.DB.prepare("UPDATE churchevents SET registration_enabled = 0 WHERE id = 1").run();
    const eventPage = await html(await request("/events/1"));
    expect(eventPage).toContain("Registration Closed");
    expect(eventPage).toMatch(/<a href="\/events\/1\/my-link"[^>]*>Already registered\? Get your private link again<\/a>/);
  });

  it("says it by e-mail only while SMS is not set up", async () => {
    env.SMS_PROVIDER = "";
    const page = await html(await request(PAGE));
    expect(page).toContain("to the e-mail address you gave when registering");
    expect(page).not.toContain("by SMS");
  });
});

describe("sending the link again", () => {
  it("sends the receipt again to the number and e-mail registered, however the number is typed; the page says it is on its way", async () => {
    const sender = fakeSender();
    const registration = await register("0991 300 301", "yohane@example.mw");
    expect(smsSimulator.sent).toHaveLength(1);
    expect(sender.calls()).toBe(1);
    await ageOutbox(11);

    const asked = await askAgain("+265 991 300 301");
    expect(asked.status).toBe(303);
    expect(asked.headers.get("Location")).toBe(`${PAGE}?sent`);
    await waitForOutbox((rows) => rows.length === 4 && allSettled(rows));

    expect(smsSimulator.sent).toHaveLength(2);
    expect(smsSimulator.sent[1]!.to).toBe("+265991300301");
    expect(smsSimulator.sent[1]!.body).toContain(registration.code);
    expect(smsSimulator.sent[1]!.body).toContain(`/r/${registration.privateUrl.split("/").pop()}`);
    const emails = await receipts("email");
    expect(emails.map((row) => [row.recipient, row.status])).toEqual([
      ["yohane@example.mw", "sent"],
      ["yohane@example.mw", "sent"],
    ]);
    expect(emails[1]!.body_text).toContain(registration.privateUrl);

    const sent = await html(await request(`${PAGE}?sent`));
    expect(sent).toContain("Your link is on its way");
    expect(sent).toContain("If that number is registered for this event, its private link goes to it by SMS (unless SMS were stopped on its page), and by e-mail where an address was given.");
    expect(textOf(sent)).toMatch(/Nothing came\? Call the events team on \+265 999 123 456 ?\./);
    // The number is a tap away.
    expect(await (await request(`${PAGE}?sent`)).text()).toMatch(/<a href="tel:\+265999123456"[^>]*>\+265 999 123 456<\/a>/);
    // Asked again at once, nothing more goes: the page says so, so nobody waits for what is not sent.
    expect(sent).toContain("A link sent in the last 10 minutes (when you registered, or asked here) is not sent again: look for that one first.");
  });

  it("answers a number not registered the same way, and sends nothing", async () => {
    await register("0991 300 302");
    await ageOutbox(11);
    const asked = await askAgain("0991 300 399");
    expect(asked.status).toBe(303);
    expect(asked.headers.get("Location")).toBe(`${PAGE}?sent`);
    expect(await outboxRows()).toHaveLength(1);
  });

  it("sends only the number's own registration: not one for each man of a group on his leader's number", async () => {
    const leader = await register("0991 300 306");
    await runSql([
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token) VALUES
        (1, 'No Phone One', '+265991300306', NULL, 'waitlisted', 'NOPH01', 'token-nophone-000000001'),
        (1, 'No Phone Two', '+265991300306', NULL, 'waitlisted', 'NOPH02', 'token-nophone-000000002')`,
    ]);
    await ageOutbox(11);
    await askAgain("0991 300 306");
    const leaderId = (await env.DB.prepare("SELECT id FROM event_registrations WHERE code = ?").bind(leader.code).first<{ id: number }>())!.id;
    const again = (await receipts("sms")).slice(1);
    expect(again.map((row) => row.about_id)).toEqual([leaderId]);
    await waitForOutbox(allSettled);
  });

  it("sends nothing for a cancelled registration, nor by SMS to a number that stopped SMS", async () => {
    const gone = await register("0991 300 303");
    await postForm(new URL(gone.privateUrl).pathname, { intent: "cancel" });
    const quiet = await register("0991 300 304", "quiet@example.mw");
    await postForm(new URL(quiet.privateUrl).pathname, { intent: "stop-sms" });
    await waitForOutbox(allSettled);
    await ageOutbox(11);
    const before = await outboxRows();

    await askAgain("0991 300 303");
    await askAgain("0991 300 304");
    const written = (await outboxRows()).slice(before.length);
    expect(written.map((row) => [row.channel, row.recipient])).toEqual([["email", "quiet@example.mw"]]);
    await waitForOutbox(allSettled);
  });

  it("a double tap sends one message by each channel, none within 10 minutes of the last, and at most 3 a day", async () => {
    await register("0991 300 305", "twice@example.mw");
    // Just registered: the receipt went a moment ago.
    await askAgain("0991 300 305");
    expect(await outboxRows()).toHaveLength(2);

    await waitForOutbox(allSettled);
    await ageOutbox(11);
    const taps = await Promise.all([askAgain("0991 300 305"), askAgain("0991 300 305"), askAgain("0991 300 305")]);
    expect(taps.map((tap) => tap.status)).toEqual([303, 303, 303]);
    expect((await receipts("sms")).length).toBe(2);
    expect((await receipts("email")).length).toBe(2);

    // Ten minutes on each time (once what went is sent: time passing does not stop a send halfway).
    for (let time = 0; time < 2; time++) {
      await waitForOutbox(allSettled);
      await ageOutbox(11);
      await askAgain("0991 300 305");
    }
    expect((await receipts("sms")).length).toBe(3);
    expect((await receipts("email")).length).toBe(3);
    await waitForOutbox(allSettled);
  });
});

describe("at night (Malawi time)", () => {
  it("sends the link asked for at once: the receipt held for 07:00 goes now, and no second copy follows in the morning", async () => {
    vi.setSystemTime(malawiDaytime(5));
    await postForm("/api/registrations", { event_id: "1", full_name: "At The Gate", phone_number: "0991 300 307", email: "" }, { ip: "198.51.100.99" });
    const [held] = await receipts("sms");
    expect(held).toMatchObject({ status: "queued", urgent: 0 });
    expect(smsSimulator.sent).toHaveLength(0);

    await askAgain("0991 300 307");
    await waitForOutbox((rows) => rows.some((row) => row.urgent === 1 && row.status === "sent"));
    expect(smsSimulator.sent).toHaveLength(1);
    expect(smsSimulator.sent[0]!.to).toBe("+265991300307");
    expect(smsSimulator.sent[0]!.body).toMatch(/Code [A-Z0-9]{6}/);
    // The one held was the one sent: nothing is left waiting for 07:00.
    expect(await receipts("sms")).toEqual([expect.objectContaining({ id: held!.id, status: "sent" })]);
    // Asked again at once: nothing more (the one sent went a moment ago).
    await askAgain("0991 300 307");
    expect(await receipts("sms")).toHaveLength(1);
  });

  it("a group's link held for 07:00 goes at once when its leader asks for it, once", async () => {
    vi.setSystemTime(malawiDaytime(5));
    await runSql([
      "INSERT INTO registration_groups (id, event_id, leader_name, leader_phone, mode, token) VALUES (7, 1, 'Leader Night', '+265991300308', 'all-or-nothing', 'group-token-night-0123456789')",
      "INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, group_id) VALUES (1, 'Man Of The Group', '+265888300309', '+265888300309', 'confirmed', 'GRPMAN', 'token-GRPMAN-0123456789', 7)",
      `INSERT INTO email_outbox (kind, recipient, about_id, channel, next_attempt_at) VALUES ('group-link', '+265991300308', 7, 'sms', '${new Date(Date.now() + 3 * 3600_000).toISOString()}')`,
    ]);
    await askAgain("0991 300 308");
    await waitForOutbox((rows) => rows.some((row) => row.kind === "group-link" && row.status === "sent"));
    expect((await outboxRows("kind = 'group-link'")).map((row) => row.status)).toEqual(["sent"]);
    expect(smsSimulator.sent.filter((sms) => sms.to === "+265991300308")).toHaveLength(1);
  });
});

describe("what it refuses", () => {
  it("a number that cannot be one: the message under the field, what was typed kept", async () => {
    const response = await askAgain("12");
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Please enter a valid phone number with at least 7 digits");
    expect(page).toMatch(/<input[^>]*name="phone_number"[^>]*value="12"/);
    expect(page).toMatch(/aria-invalid="true"/);
    // Said first, in an alert, as a link to the field (nothing moves a reader there without JavaScript).
    expect(page).toMatch(/<div role="alert"[^>]*><p[^>]*>Nothing was sent yet\. Please check:<\/p><ul[^>]*><li><a href="#phone_number"/);
  });

  it("more than 5 asks in 10 minutes from one connection", async () => {
    for (let i = 0; i < 5; i++) expect((await askAgain(`0991 300 ${400 + i}`, "203.0.113.250")).status).toBe(303);
    const refused = await askAgain("0991 300 410", "203.0.113.250");
    expect(refused.status).toBe(429);
    expect(await html(refused)).toContain("Too many requests from your connection. Please wait a few minutes and try again.");
  });
});
