// SMS as the outbox's second channel (issue 24, decision 022): a registration writes its SMS in
// the same batch, the simulator sends it once however often it is claimed or delivered from the
// queue, delivery callbacks are checked, and nothing goes at night unless urgent.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { deliverOutbox } from "~/features/messaging/sender.server";
import { gsm7Length, isGsm7 } from "~/lib/gsm7";
import { formatInSiteZone } from "~/lib/time";
import { claimOutboxRows } from "~/server/outbox.server";
import { smsDueAt, SmsSendError } from "~/server/sms.server";
import { deliverQueueMessages, outboxRows, runCron, waitForOutbox } from "./email-helpers";
import { createAdmin, postForm, request, seedReference, signIn } from "./helpers";
import { textOf } from "./public-helpers";
import { malawiDaytime, SMS_SITE_URL, smsSimulator, withSmsSetUp } from "./sms-helpers";

withSmsSetUp();

beforeEach(async () => {
  await seedReference();
  await env.DB.prepare("INSERT INTO churchevents (id, name, date, location) VALUES (1, 'Men''s Conference', '2031-06-12T06:00:00.000Z', 'Lilongwe Baptist Church')").run();
});

async function register(fields: Record<string, string>) {
  const response = await postForm("/api/registrations", { event_id: "1", full_name: "Phone Only", phone_number: "0991 300 300", ...fields });
  return (await response.json<RegistrationAnswer>()).registration!;
}

const settled = (rows: { status: string }[]) => rows.length > 0 && rows.every((row) => !["queued", "sending"].includes(row.status));

describe("a phone changed with a private link", () => {
  it("tells the old phone by SMS, once, with the last digits of the new one and the link to put it right; a name alone tells no one", async () => {
    const registration = await register({});
    await waitForOutbox(settled);
    const token = registration.privateUrl.split("/").at(-1)!;
    const opened = async () => (await env.DB.prepare("SELECT updated_at FROM event_registrations WHERE token = ?1").bind(token).first<{ updated_at: string }>())!.updated_at;
    const correct = async (fields: Record<string, string>) =>
      postForm(`/registrations/${token}`, { intent: "correct-mine", updated_at: await opened(), full_name: "Phone Only", phone_number: "0991 300 300", ...fields });

    expect((await correct({ full_name: "Phone Onlie" })).status).toBe(303);
    expect(await outboxRows("kind = 'registration-phone-changed'")).toEqual([]);

    expect((await correct({ phone_number: "0888 765 432" })).status).toBe(303);
    await waitForOutbox((rows) => rows.some((row) => row.kind === "registration-phone-changed") && settled(rows));
    const notices = await outboxRows("kind = 'registration-phone-changed'");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ channel: "sms", recipient: "+265991300300", status: "sent" });
    expect(notices[0]!.body_text).toMatch(new RegExp(`^BaptistMen: Your registration for Men's Conference: phone changed to \\.\\.\\.432\\. Not you\\? Tell us: ${SMS_SITE_URL}/contact$`));
    expect(isGsm7(notices[0]!.body_text!) && gsm7Length(notices[0]!.body_text!) <= 160).toBe(true);
    // The new phone gets his code and his page's new link; the old link (in the old phone's SMS) no longer opens it.
    const { token: newToken } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE phone_number = '+265888765432'").first<{ token: string }>())!;
    expect(newToken).not.toBe(token);
    const receipts = await outboxRows("kind = 'registration-confirmed' AND recipient = '+265888765432'");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body_text).toContain(`${SMS_SITE_URL}/r/${newToken}`);
    expect((await request(`/registrations/${token}`)).status).toBe(404);
    expect((await request((await request(`/r/${token}`)).headers.get("Location")!)).status).toBe(404);
  });

  it("still warns the old phone when whoever holds the link stopped SMS first", async () => {
    const registration = await register({});
    await waitForOutbox(settled);
    const token = registration.privateUrl.split("/").at(-1)!;
    expect((await postForm(`/registrations/${token}`, { intent: "stop-sms" })).status).toBe(303);
    const { updated_at } = (await env.DB.prepare("SELECT updated_at FROM event_registrations WHERE token = ?1").bind(token).first<{ updated_at: string }>())!;
    expect((await postForm(`/registrations/${token}`, { intent: "correct-mine", updated_at, full_name: "Phone Only", phone_number: "0888 765 432" })).status).toBe(303);
    await waitForOutbox((rows) => rows.some((row) => row.kind === "registration-phone-changed") && settled(rows));
    expect((await outboxRows("kind = 'registration-phone-changed'"))[0]).toMatchObject({ recipient: "+265991300300", status: "sent" });
    // Stopped for the old phone, not for the new one: it gets his code and new link.
    expect(await outboxRows("kind = 'registration-confirmed' AND recipient = '+265888765432'")).toHaveLength(1);
  });
});

describe("a registration's SMS", () => {
  it("registering without an e-mail writes one SMS row, sent as one GSM-7 segment with the code and a /r/ link", async () => {
    const registration = await register({});
    expect(registration.status).toBe("confirmed");
    await waitForOutbox(settled);
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "sms", recipient: "+265991300300", kind: "registration-confirmed", status: "sent", from_name: "BaptistMen" });
    const text = rows[0]!.body_text!;
    expect(text).toContain(`Code ${registration.code}`);
    expect(text).toMatch(new RegExp(`${SMS_SITE_URL}/r/[A-Za-z0-9_-]{22}$`));
    expect(text).toMatch(/^BaptistMen: .*Men's Conference/);
    expect(isGsm7(text) && gsm7Length(text) <= 160).toBe(true);
    expect(smsSimulator.sent).toHaveLength(1);
    expect(smsSimulator.sent[0]).toMatchObject({ to: "+265991300300", from: "BaptistMen", body: text, statusCallback: `${SMS_SITE_URL}/api/sms/status` });
  });

  it("a man registered on a landline (01 xxx xxx, which the form takes) is sent no SMS: the outbox says a landline cannot receive one", async () => {
    await register({ phone_number: "01 234 567" });
    await waitForOutbox(settled);
    const rows = await outboxRows();
    expect(rows.map((row) => [row.channel, row.recipient, row.status, row.last_error])).toEqual([["sms", "+2651234567", "failed", "A landline cannot receive SMS"]]);
    expect(smsSimulator.sent).toEqual([]);
  });

  it("a number abroad is sent no SMS (a script must not spend airtime on premium numbers); its page says so", async () => {
    const registration = await register({ phone_number: "+44 7911 123456" });
    await waitForOutbox(settled);
    const rows = await outboxRows();
    expect(rows.map((row) => [row.channel, row.recipient, row.status, row.last_error])).toEqual([["sms", "+447911123456", "failed", "SMS go only to Malawi mobile numbers"]]);
    expect(smsSimulator.sent).toEqual([]);
    const page = await (await request(new URL(registration.privateUrl).pathname)).text();
    expect(page).toContain("We send SMS only to Malawi mobile numbers, so the number you gave gets none.");
    expect(page).not.toContain("Stop SMS about this event");
  });

  it("registering with an e-mail writes the e-mail and the SMS in the same batch", async () => {
    await register({ email: "both@example.mw" });
    const rows = await outboxRows();
    expect(rows.map((row) => [row.channel, row.recipient, row.kind])).toEqual([
      ["email", "both@example.mw", "registration-confirmed"],
      ["sms", "+265991300300", "registration-confirmed"],
    ]);
  });

  it("an event with a fee: the confirmation SMS says the fee is due (the /r/ link leads to its form); a free event's does not", async () => {
    await env.DB.prepare("UPDATE churchevents SET price = 15000 WHERE id = 1").run();
    await register({});
    await waitForOutbox(settled);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ kind: "registration-confirmed", status: "sent" });
    expect(row!.body_text).toContain("Fee MK 15,000 due. Code ");
    expect(gsm7Length(row!.body_text!)).toBeLessThanOrEqual(160);
    await env.DB.prepare("UPDATE churchevents SET price = NULL WHERE id = 1").run();
    await postForm("/api/registrations", { event_id: "1", full_name: "Free Man", phone_number: "0991 300 301" });
    await waitForOutbox((rows) => rows.length === 2 && settled(rows));
    const free = (await outboxRows()).find((found) => found.recipient === "+265991300301")!;
    expect(free.body_text).not.toContain("Fee");
  });

  it("cash taken at the desk sends his receipt by SMS as mobile money does: what he paid, and his paper receipt's number", async () => {
    await env.DB.prepare("UPDATE churchevents SET price = 15000 WHERE id = 1").run();
    const registration = await register({});
    await waitForOutbox(settled);
    await createAdmin();
    const cookie = await signIn();
    const { id } = (await env.DB.prepare("SELECT id FROM event_registrations WHERE token = ?1").bind(registration.privateUrl.split("/").pop()).first<{ id: number }>())!;
    const taken = await postForm("/admin/events/registrations/1", { intent: "record-cash", registration_id: String(id), amount: "15000", receipt_number: "R-0101" }, { cookie });
    expect(taken.status).toBe(302);
    await waitForOutbox((rows) => rows.length === 2 && settled(rows));
    const receipt = (await outboxRows()).find((row) => row.kind === "registration-fee-paid")!;
    expect(receipt).toMatchObject({ channel: "sms", recipient: "+265991300300", status: "sent" });
    expect(receipt.body_text).toMatch(/^BaptistMen: Payment received for Men's Conference\. MK 15,000 paid\. Ref R-0101\. Code \w{6}\. Info\/stop SMS: /);
    // A second tap records nothing, and sends nothing more.
    await postForm("/admin/events/registrations/1", { intent: "record-cash", registration_id: String(id), amount: "15000", receipt_number: "R-0101" }, { cookie });
    expect((await outboxRows()).filter((row) => row.kind === "registration-fee-paid")).toHaveLength(1);
  });

  it("a full event's waiting-list place goes by SMS with the number on the list", async () => {
    await env.DB.prepare("UPDATE churchevents SET capacity = 0 WHERE id = 1").run();
    await register({});
    await waitForOutbox(settled);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ kind: "registration-waitlisted", status: "sent" });
    expect(row!.body_text).toContain("no. 1 on the waiting list");
  });

  it("the short link leads to the private page and changes nothing", async () => {
    const registration = await register({});
    const token = registration.privateUrl.split("/").pop()!;
    const response = await request(`/r/${token}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/registrations/${token}`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    // A link cut short leads to the site's own 404 page.
    const cut = await request("/r/not-a-token");
    expect(cut.headers.get("Location")).toBe("/registrations/not-a-token");
    const missing = await request(cut.headers.get("Location")!);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");
  });

  it("/admin/outbox shows the SMS with its text", async () => {
    await register({});
    await waitForOutbox(settled);
    await createAdmin();
    const cookie = await signIn();
    const page = await (await request("/admin/outbox", { cookie })).text();
    expect(page).toContain("SMS to +265991300300");
    expect(page).toContain("SMS: BaptistMen: You are registered for Men&#x27;s Conference");
    const [row] = await outboxRows();
    const one = await (await request(`/admin/outbox/${row!.id}`, { cookie })).text();
    expect(one).toContain("The SMS");
    expect(one).toMatch(/\d+ characters, 1 SMS/);
  });
});

describe("SMS simulated (every local run)", () => {
  it("the outbox and the setup page say nothing reaches a phone (a message's preview too: sms-messages.test.ts); with the provider's keys they do not", async () => {
    await createAdmin();
    const cookie = await signIn();
    const SIMULATED = "SMS are simulated on this computer: nothing reaches a phone. Those marked Sent show what would have gone.";
    expect(await (await request("/admin/outbox", { cookie })).text()).toContain(SIMULATED);
    expect(await (await request("/admin/outbox/setup", { cookie })).text()).toContain("SMS: simulated on this computer (SMS_PROVIDER is “simulator”): nothing reaches a phone.");

    Object.assign(env, { SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`, TWILIO_AUTH_TOKEN: "a-real-looking-token" });
    try {
      expect(await (await request("/admin/outbox", { cookie })).text()).not.toContain("simulated");
      expect(await (await request("/admin/outbox/setup", { cookie })).text()).toContain("SMS: set up.");
    } finally {
      Object.assign(env, { TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined });
    }
  });
});

describe("SMS not set up", () => {
  it("writes no SMS row, and e-mail goes on as before", async () => {
    env.SMS_PROVIDER = "";
    await register({ email: "only-email@example.mw" });
    expect((await outboxRows()).map((row) => row.channel)).toEqual(["email"]);
  });

  it("the outbox says so to Administrators, with the way to the steps: the deploy guide's SMS section on the setup page", async () => {
    env.SMS_PROVIDER = "";
    await createAdmin();
    const cookie = await signIn();
    const outbox = await (await request("/admin/outbox", { cookie })).text();
    expect(outbox).toContain("SMS is not set up, so no SMS are written. SMS_PROVIDER is not set (twilio; simulator locally).");
    expect(outbox).toContain('href="/admin/outbox/setup#sms"');
    const setup = await (await request("/admin/outbox/setup", { cookie })).text();
    expect(setup).toContain("SMS: not set up. SMS_PROVIDER is not set (twilio; simulator locally).");
    // Each thing to fix reads as its own sentence.
    env.SMS_PROVIDER = "twilio";
    const twilio = textOf(await (await request("/admin/outbox/setup", { cookie })).text());
    expect(twilio).toContain("SMS: not set up. TWILIO_ACCOUNT_SID must be your Twilio Account SID, AC followed by 32 hex digits. The TWILIO_AUTH_TOKEN secret is not set.");
    expect(setup).toMatch(/id="sms"[^>]*>\s*<section[^>]*><h2>SMS \(registrations, reminders, messages to registrants\)<\/h2>/);
  });

  it("refuses a generic sender ID", async () => {
    env.SMS_SENDER_ID = "INFO";
    await register({});
    expect(await outboxRows()).toEqual([]);
  });
});

describe("sending once", () => {
  it("a message claimed twice at once sends once", async () => {
    env.SMS_PROVIDER = "";
    await register({});
    env.SMS_PROVIDER = "simulator";
    // Written while SMS was off: none. Write one now with SMS on, without sending after the response.
    await env.DB.prepare(
      "INSERT INTO email_outbox (kind, channel, recipient, about_id) SELECT 'registration-confirmed', 'sms', phone_number, id FROM event_registrations",
    ).run();
    const [row] = await outboxRows();
    const results = await Promise.all([deliverOutbox([row!.id]), deliverOutbox([row!.id]), deliverOutbox([row!.id])]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(smsSimulator.sent).toHaveLength(1);
  });

  it("a queue message delivered twice sends once", async () => {
    env.SMS_PROVIDER = "";
    await register({});
    env.SMS_PROVIDER = "simulator";
    await env.DB.prepare(
      "INSERT INTO email_outbox (kind, channel, recipient, about_id) SELECT 'registration-confirmed', 'sms', phone_number, id FROM event_registrations",
    ).run();
    const [row] = await outboxRows();
    await deliverQueueMessages([{ id: "a", body: { ids: [row!.id] } }]);
    await deliverQueueMessages([{ id: "a", body: { ids: [row!.id] }, attempts: 2 }]);
    expect(smsSimulator.sent).toHaveLength(1);
  });

  it("a send Twilio answers with a failure is retried with backoff and then sent", async () => {
    smsSimulator.fail = (_sms, call) => (call === 1 ? new SmsSendError("Twilio 503 (error 20503): Service unavailable", 503, 20503) : undefined);
    await register({});
    await waitForOutbox(settled);
    const [failed] = await outboxRows();
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed!.next_attempt_at).not.toBeNull();
    await env.DB.prepare("UPDATE email_outbox SET next_attempt_at = ?").bind(new Date(Date.now() - 1000).toISOString()).run();
    await runCron("*/10 * * * *", Date.now());
    const [sent] = await outboxRows();
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(smsSimulator.sent).toHaveLength(1);
  });
});

describe("delivery reports", () => {
  const statusUrl = `${SMS_SITE_URL}/api/sms/status`;

  async function sentRow() {
    await register({});
    await waitForOutbox(settled);
    return (await outboxRows())[0]!;
  }

  it("a delivered report marks the SMS delivered", async () => {
    const row = await sentRow();
    const response = await request("/api/sms/status", { ...(await asOptions(await smsSimulator.callback(statusUrl, smsSimulator.sent[0]!.sid, "delivered"))) });
    expect(response.status).toBe(204);
    expect((await outboxRows())[0]).toMatchObject({ id: row.id, status: "delivered" });
  });

  it("an undelivered report marks it failed with the network's code", async () => {
    await sentRow();
    await request("/api/sms/status", await asOptions(await smsSimulator.callback(statusUrl, smsSimulator.sent[0]!.sid, "undelivered", 30005)));
    const [row] = await outboxRows();
    expect(row!.status).toBe("failed");
    expect(row!.last_error).toContain("30005");
  });

  it("a forged report gets 401 and changes nothing", async () => {
    const row = await sentRow();
    const genuine = await smsSimulator.callback(statusUrl, smsSimulator.sent[0]!.sid, "undelivered");
    const body = await genuine.text();
    const forged: { headers: Record<string, string>; body: string }[] = [
      { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body },
      { headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" }, body },
      // The genuine signature over a changed body.
      { headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": genuine.headers.get("x-twilio-signature")! }, body: body.replace("undelivered", "delivered") },
    ];
    for (const attempt of forged) {
      const response = await request("/api/sms/status", { method: "POST", ...attempt });
      expect(response.status).toBe(401);
    }
    expect((await outboxRows())[0]).toMatchObject({ id: row.id, status: "sent", last_error: null });
  });
});

async function asOptions(signed: Request) {
  return { method: "POST", headers: Object.fromEntries(signed.headers), body: await signed.text() };
}

describe("Malawi's sending hours", () => {
  it("an SMS due at night waits for 07:00 in Malawi; one written by day goes at once", () => {
    expect(smsDueAt(new Date("2031-03-04T19:30:00Z")).toISOString()).toBe("2031-03-05T05:00:00.000Z");
    expect(smsDueAt(new Date("2031-03-04T02:00:00Z")).toISOString()).toBe("2031-03-04T05:00:00.000Z");
    expect(smsDueAt(new Date("2031-03-04T05:00:00Z")).toISOString()).toBe("2031-03-04T05:00:00.000Z");
    expect(smsDueAt(new Date("2031-03-04T17:59:00Z")).toISOString()).toBe("2031-03-04T17:59:00.000Z");
    expect(smsDueAt(new Date("2031-03-04T19:30:00Z"), true).toISOString()).toBe("2031-03-04T19:30:00.000Z");
  });

  it("the outbox says when a message held for the morning goes; one due now says nothing of the kind", async () => {
    // A man registering at 23:00: his SMS waits for 07:00 the next morning.
    const night = malawiDaytime(23);
    vi.setSystemTime(night);
    await register({ full_name: "Night Registrant", phone_number: "0991 300 331" });
    const morning = formatInSiteZone(new Date(night.getTime() + 8 * 3600_000).toISOString(), "MMM d, yyyy HH:mm");
    await env.DB.prepare("INSERT INTO email_outbox (kind, channel, recipient, next_attempt_at) VALUES ('event-message', 'sms', '+265991000004', '2000-01-01T00:00:00.000Z')").run();
    await createAdmin();
    const page = textOf(await (await request("/admin/outbox", { cookie: await signIn() })).text());
    expect(page).toContain("SMS to +265991300331");
    expect(page).toContain("SMS to +265991000004");
    expect(page.match(/Goes at [^·]*?\d\d:\d\d/g)).toEqual([`Goes at ${morning}`]);
    expect(morning).toMatch(/07:00$/);
  });

  it("a man registering at night for an event before 07:00 gets his SMS at once (held for 07:00 it would come after the start)", async () => {
    const night = malawiDaytime(2);
    vi.setSystemTime(night);
    await env.DB.prepare("UPDATE churchevents SET date = ?1, registration_closes_at = NULL WHERE id = 1").bind(new Date(night.getTime() + 3 * 3_600_000).toISOString()).run();
    await register({ full_name: "Early Riser", phone_number: "0991 300 341" });
    await waitForOutbox(settled);
    expect(smsSimulator.sent.map((sms) => sms.to)).toEqual(["+265991300341"]);
    expect(smsSimulator.sent[0]!.body).toContain("Code ");
    // For an event later in the day, the SMS still waits for 07:00.
    await env.DB.prepare("UPDATE churchevents SET date = ?1 WHERE id = 1").bind(new Date(night.getTime() + 12 * 3_600_000).toISOString()).run();
    await register({ full_name: "Sound Sleeper", phone_number: "0991 300 342" });
    const [later] = await outboxRows("recipient = '+265991300342'");
    expect(later).toMatchObject({ status: "queued", urgent: 0 });
  });

  it("a message held for the morning that will not go as things stand (its man stopped SMS) says so, not when it goes", async () => {
    vi.setSystemTime(malawiDaytime(23));
    const registration = await register({ full_name: "Night Stopper", phone_number: "0991 300 321" });
    expect((await postForm(new URL(registration.privateUrl).pathname, { intent: "stop-sms" })).status).toBe(303);
    await createAdmin();
    const cookie = await signIn();
    const page = textOf(await (await request("/admin/outbox", { cookie })).text());
    expect(page).toContain("SMS to +265991300321");
    expect(page).toContain("Will not be sent");
    expect(page).toMatch(/Will not be sent: [^.]+\. It moves to Failed when its time comes\./);
    expect(page).not.toContain("Goes at");
    const [row] = await outboxRows();
    expect(row!.status).toBe("queued");
    const one = textOf(await (await request(`/admin/outbox/${row!.id}`, { cookie })).text());
    expect(one).toContain("Will not be sent");
  });

  it("a man who registers at night onto the waiting list and moves up before 07:00 gets one SMS in the morning: that he is registered", async () => {
    await env.DB.prepare("UPDATE churchevents SET capacity = 1 WHERE id = 1").run();
    vi.setSystemTime(malawiDaytime(23));
    const first = await register({ full_name: "Night First", phone_number: "0991 300 311" });
    const waiting = await register({ full_name: "Night Waiting", phone_number: "0991 300 312" });
    expect(waiting.status).toBe("waitlisted");
    // The first cancels on his private page, still at night: the waiting man moves up.
    vi.setSystemTime(new Date(malawiDaytime(23).getTime() + 30 * 60_000));
    expect((await postForm(new URL(first.privateUrl).pathname, {})).status).toBe(303);
    expect(smsSimulator.sent).toHaveLength(0);

    vi.setSystemTime(new Date(malawiDaytime(7).getTime() + 24 * 3600_000 + 60_000));
    await runCron("*/10 * * * *", Date.now());
    await waitForOutbox(settled);
    const texts = smsSimulator.sent.filter((sms) => sms.to === "+265991300312");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(`Code ${waiting.code}`);
    expect(texts[0]!.body).not.toContain("waiting list");
    const movedUp = await outboxRows("kind = 'registration-moved-up' AND channel = 'sms'");
    expect(movedUp).toEqual([expect.objectContaining({ status: "failed", last_error: "His registration's own SMS, sent after the place opened, says he is registered" })]);
    // The desk counts him as told (his text said he is registered): it does not ask staff to tell him.
    await createAdmin();
    const desk = textOf(await (await request("/admin/events/registrations/1", { cookie: await signIn() })).text());
    expect(desk).toContain("Night Waiting");
    expect(desk).not.toContain("not told yet");
  });

  it("a man told by SMS that he is on the waiting list still hears that a place opened", async () => {
    await env.DB.prepare("UPDATE churchevents SET capacity = 1 WHERE id = 1").run();
    const first = await register({ full_name: "Day First", phone_number: "0991 300 313" });
    await register({ full_name: "Day Waiting", phone_number: "0991 300 314" });
    await waitForOutbox(settled);
    vi.setSystemTime(new Date(malawiDaytime().getTime() + 60_000));
    expect((await postForm(new URL(first.privateUrl).pathname, {})).status).toBe(303);
    await waitForOutbox((rows) => rows.length === 4 && settled(rows));
    expect(smsSimulator.sent.filter((sms) => sms.to === "+265991300314").map((sms) => /waiting list|A place opened/.exec(sms.body)?.[0])).toEqual(["waiting list", "A place opened"]);
  });

  it("at night only urgent SMS are claimed; the rest stay queued", async () => {
    await env.DB.prepare(
      "INSERT INTO email_outbox (kind, channel, recipient, urgent, next_attempt_at) VALUES ('event-message', 'sms', '+265991000001', 0, '2000-01-01T00:00:00.000Z'), ('event-message', 'sms', '+265991000002', 1, '2000-01-01T00:00:00.000Z')",
    ).run();
    const rows = await outboxRows();
    const night = new Date(malawiDaytime(22).getTime());
    const claimed = await claimOutboxRows(
      rows.map((row) => row.id),
      night,
      night,
      ["sms"],
    );
    expect(claimed.map((row) => row.recipient)).toEqual(["+265991000002"]);
    expect((await outboxRows("urgent = 0"))[0]!.status).toBe("queued");
  });
});
