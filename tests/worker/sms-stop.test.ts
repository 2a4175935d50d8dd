// "Stop SMS about this event" (issue 24): the registration form says what SMS the number gets, the
// private page's button turns SMS off (a GET never does), and nothing is sent to it afterwards.
import { env } from "cloudflare:workers";
import { beforeEach, expect, it } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { deliverOutbox } from "~/features/messaging/sender.server";
import { outboxRows, waitForOutbox } from "./email-helpers";
import { createAdmin, html, postForm, request, seedReference, signIn, toastOf } from "./helpers";
import { smsSimulator, withSmsSetUp } from "./sms-helpers";
import { textOf } from "./public-helpers";

withSmsSetUp();

beforeEach(async () => {
  await seedReference();
  await env.DB.prepare("INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Men''s Conference', '2031-06-12T06:00:00.000Z', 1)").run();
});

async function register(phone: string) {
  const response = await postForm("/api/registrations", { event_id: "1", full_name: "Phone Only", phone_number: phone });
  const registration = (await response.json<RegistrationAnswer>()).registration!;
  return registration.privateUrl.split("/").pop()!;
}

const settled = (rows: { status: string }[]) => rows.length > 0 && rows.every((row) => !["queued", "sending"].includes(row.status));

it("the registration form says the number gets SMS about this event only", async () => {
  const page = await html(await request("/events/1?register=1"));
  expect(page).toContain("We send SMS about this event only");
});

it("a GET of the private page changes nothing; its button stops SMS, and nothing more is sent to that number", async () => {
  const token = await register("0991 300 301");
  await waitForOutbox(settled);
  expect(smsSimulator.sent).toHaveLength(1);

  // Opening the page (or the short link) is not enough.
  await request(`/r/${token}`);
  const page = await html(await request(`/registrations/${token}`));
  expect(page).toContain("Stop SMS about this event");
  expect((await env.DB.prepare("SELECT sms_stopped_at FROM event_registrations").first())!.sms_stopped_at).toBeNull();

  // An SMS already queued when he stops them is not sent.
  await env.DB.prepare(
    "INSERT INTO email_outbox (kind, channel, recipient, about_id, next_attempt_at) SELECT 'event-reminder', 'sms', phone_number, id, '2000-01-01T00:00:00.000Z' FROM event_registrations",
  ).run();
  const queued = (await outboxRows("kind = 'event-reminder'"))[0]!;

  const stopped = await postForm(`/registrations/${token}`, { intent: "stop-sms" });
  expect(stopped.status).toBe(303);
  expect((await env.DB.prepare("SELECT sms_stopped_at FROM event_registrations").first())!.sms_stopped_at).not.toBeNull();
  expect(await html(await request(`/registrations/${token}`))).toContain("You will get no more SMS about this event.");

  await deliverOutbox([queued.id]);
  expect((await outboxRows(`id = ${queued.id}`))[0]).toMatchObject({ status: "failed", last_error: "The registrant turned SMS off for this event" });
  expect(await html(await request(`/registrations/${token}`))).toMatch(/<button[^>]*value="start-sms"[^>]*>Send me SMS again<\/button>/);

  // His cancellation writes no SMS at all; the person moving up into his place still gets one.
  const waiting = await register("0991 300 302");
  await waitForOutbox(settled);
  const before = smsSimulator.sent.length;
  await postForm(`/registrations/${token}`, {});
  await waitForOutbox(settled);
  const texts = smsSimulator.sent.slice(before);
  expect(texts.map((sms) => sms.to)).toEqual(["+265991300302"]);
  expect(texts[0]!.body).toContain("A place opened");
  expect(waiting).not.toBe(token);
  expect(smsSimulator.sent.filter((sms) => sms.to === "+265991300301")).toHaveLength(1);
});

it("'Send me SMS again' turns them back on for what comes next; what was refused meanwhile stays unsent", async () => {
  const token = await register("0991 300 303");
  await waitForOutbox(settled);
  expect((await postForm(`/registrations/${token}`, { intent: "stop-sms" })).status).toBe(303);
  const again = await postForm(`/registrations/${token}`, { intent: "start-sms" });
  expect(again.status).toBe(303);
  expect((await env.DB.prepare("SELECT sms_stopped_at FROM event_registrations").first())!.sms_stopped_at).toBeNull();
  const page = await html(await request(`/registrations/${token}`));
  expect(page).toContain("Stop SMS about this event");
  expect(page).not.toContain("You will get no more SMS about this event.");
  // The next SMS (his cancellation) goes to him again.
  const before = smsSimulator.sent.length;
  await postForm(`/registrations/${token}`, {});
  await waitForOutbox(settled);
  expect(smsSimulator.sent.slice(before).map((sms) => sms.to)).toEqual(["+265991300303"]);
});

it("stopping SMS on a phone's page stops them for every registration of the event on that phone (his group's men without a phone of their own), and nobody else's", async () => {
  await env.DB.prepare("UPDATE churchevents SET capacity = NULL WHERE id = 1").run();
  const token = await register("0991 300 310");
  await env.DB.prepare(
    `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token) VALUES
      (1, 'No Phone One', '+265991300310', NULL, 'confirmed', 'NOPHN1', 'token-nophone-one-000001'),
      (1, 'No Phone Two', '+265991300310', NULL, 'confirmed', 'NOPHN2', 'token-nophone-two-000002'),
      (1, 'Someone Else', '+265991300399', '+265991300399', 'confirmed', 'ELSE22', 'token-someone-else-00003')`,
  ).run();
  expect((await postForm(`/registrations/${token}`, { intent: "stop-sms" })).status).toBe(303);
  const stopped = await env.DB.prepare("SELECT full_name, sms_stopped_at IS NOT NULL AS stopped FROM event_registrations ORDER BY id").all();
  expect(stopped.results).toEqual([
    { full_name: "Phone Only", stopped: 1 },
    { full_name: "No Phone One", stopped: 1 },
    { full_name: "No Phone Two", stopped: 1 },
    { full_name: "Someone Else", stopped: 0 },
  ]);
  // And back on, for all of them on his phone.
  await postForm(`/registrations/${token}`, { intent: "start-sms" });
  expect((await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE sms_stopped_at IS NOT NULL").first<{ n: number }>())!.n).toBe(0);
});

it("the outbox page of an SMS refused because its man turned SMS off says it is an SMS, to whom and why, and offers no Retry that could only fail", async () => {
  const token = await register("0991 300 320");
  await waitForOutbox(settled);
  await env.DB.prepare(
    "INSERT INTO email_outbox (kind, channel, recipient, about_id, next_attempt_at) SELECT 'event-reminder', 'sms', phone_number, id, '2000-01-01T00:00:00.000Z' FROM event_registrations",
  ).run();
  const queued = (await outboxRows("kind = 'event-reminder'"))[0]!;
  await postForm(`/registrations/${token}`, { intent: "stop-sms" });
  await deliverOutbox([queued.id]);
  await createAdmin();
  const page = await html(await request(`/admin/outbox/${queued.id}`, { cookie: await signIn() }));
  expect(page).toContain("SMS to +265991300320");
  expect(page).toContain("This SMS cannot be sent as stored: The registrant turned SMS off for this event");
  expect(page).not.toContain("This e-mail cannot be sent");
  expect(page).not.toMatch(/<button[^>]*value="retry"/);
});

it("a landline's page says no SMS can reach it, with no button; while this site sends no SMS the page says nothing of SMS", async () => {
  const landline = await register("01 756 222");
  const page = await html(await request(`/registrations/${landline}`));
  expect(page).toContain("The number you gave is a landline, which cannot receive SMS. Write down your code and keep this page&#x27;s link.");
  expect(page).not.toContain("Stop SMS about this event");
  expect(page).not.toContain("We send SMS about this event only");

  const mobile = await register("0991 300 309");
  const vars = env as { SMS_PROVIDER?: string };
  const provider = vars.SMS_PROVIDER;
  vars.SMS_PROVIDER = "";
  try {
    const unset = await html(await request(`/registrations/${mobile}`));
    expect(unset).not.toContain("SMS about this event");
    expect(unset).not.toContain("Stop SMS");
    // Nor does the form promise any, and a man waiting is not told an SMS will come.
    const form = textOf(await html(await request("/events/1?register=1")));
    expect(form).not.toContain("We send SMS");
    expect(form).toContain("Keep the link to your registration's page that you get after registering: it shows your place, and any change.");
    expect(form).toContain("we tell you by e-mail if you gave your address");
    expect(form).not.toContain("we tell you by SMS");
    const waiting = textOf(await html(await request(`/registrations/${mobile}`)));
    expect(waiting).toContain("You are number 1 on the waiting list");
    expect(waiting).toContain("We cannot send you an SMS and you gave no e-mail address, so nothing else will tell you: keep this page's link and look at it again.");
  } finally {
    vars.SMS_PROVIDER = provider;
  }
  expect(await html(await request(`/registrations/${mobile}`))).toContain("Stop SMS about this event");
});

it("a man with no e-mail address is told before he stops SMS that they are his only news, and his waiting-list page stops promising an SMS once he has", async () => {
  // The one place is taken: he is on the waiting list, with no e-mail address.
  await register("0991 300 310");
  const token = await register("0991 300 311");
  const before = textOf(await html(await request(`/registrations/${token}`)));
  expect(before).toContain("You gave no e-mail address, so SMS is the only way we can tell you when you get a place, or if the time or place changes. With SMS stopped, look at this page for news.");
  expect(before).toContain("we tell you by SMS, and by e-mail if you gave your address");

  expect((await postForm(`/registrations/${token}`, { intent: "stop-sms" })).status).toBe(303);
  const after = textOf(await html(await request(`/registrations/${token}`)));
  expect(after).toContain("You gave no e-mail address, so we cannot tell you when you get a place, or if the time or place changes: look at this page for news, or send SMS again.");
  expect(after).toContain("You stopped SMS and gave no e-mail address, so nothing else will tell you: look at this page again.");
  expect(after).not.toContain("we tell you by SMS");

  // With an e-mail address, stopping SMS still leaves a way: no such warning.
  const response = await postForm("/api/registrations", { event_id: "1", full_name: "Has Email", phone_number: "0991 300 312", email: "has@example.mw" });
  const withEmail = (await response.json<RegistrationAnswer>()).registration!.privateUrl.split("/").pop()!;
  expect(textOf(await html(await request(`/registrations/${withEmail}`)))).not.toContain("You gave no e-mail address");
});

it("a man who stopped SMS and then corrects his phone is told that SMS about the event go to the new number", async () => {
  const token = await register("0991 300 330");
  expect((await postForm(`/registrations/${token}`, { intent: "stop-sms" })).status).toBe(303);
  const { updated_at } = (await env.DB.prepare("SELECT updated_at FROM event_registrations WHERE token = ?1").bind(token).first<{ updated_at: string }>())!;
  const saved = await postForm(`/registrations/${token}`, { intent: "correct-mine", updated_at, full_name: "Phone Only", phone_number: "0991 300 331" });
  expect(saved.status).toBe(303);
  expect((await toastOf(saved))?.description).toContain("You had stopped SMS for the old number: SMS about this event go to the new one. Stop them below if you do not want them.");
  const newPage = textOf(await html(await request(saved.headers.get("Location")!)));
  expect(newPage).toContain("Stop SMS about this event");
});
