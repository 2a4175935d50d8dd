// The group leader's link (its page, /groups/{token}, holds every man's code): sent
// to him when the group registers, by SMS to his number and by e-mail when he gave an address, and
// again from "Get my link again" with his number, within the same limits as a receipt; a group
// cancelled whole gets nothing.
import { env } from "cloudflare:workers";
import { beforeEach, expect, it } from "vitest";
import { ageOutbox, allSettled, fakeSender, outboxRows, waitForOutbox, withEmailSetUp } from "./email-helpers";
import { postForm, postGroupForm, request, runSql, seedReference } from "./helpers";
import { textOf } from "./public-helpers";
import { smsSimulator, withSmsSetUp } from "./sms-helpers";
import { formatInSiteZone } from "~/lib/time";
import { gsm7Length } from "~/lib/gsm7";
import { deliverOutbox } from "~/features/messaging/sender.server";

withEmailSetUp();
withSmsSetUp();

beforeEach(async () => {
  await seedReference();
  await runSql(["INSERT INTO churchevents (id, name, date, capacity, waitlist_enabled) VALUES (1, 'Men''s Conference', '2099-03-05T07:30:00.000Z', 50, 1)"]);
});

async function registerGroup(leaderEmail = "leader@example.mw") {
  const response = await postGroupForm(
    1,
    { name: "Yohane Banda", phone: "0991 400 400", email: leaderEmail },
    [{ name: "Alinafe Phiri", phone: "0991 400 401" }, { name: "Blessings Banda" }],
    { ip: "198.51.100.40" },
  );
  expect(response.status).toBe(303);
  await waitForOutbox(allSettled);
  return response.headers.get("Location")!;
}

const groupLinks = (channel: string) => outboxRows(`kind = 'group-link' AND channel = '${channel}'`);

it("the leader's e-mail gives the event's day, and its end when it has one (a conference of three days)", async () => {
  fakeSender();
  await runSql(["UPDATE churchevents SET ends_at = '2099-03-07T10:00:00.000Z' WHERE id = 1"]);
  await registerGroup();
  const [email] = await groupLinks("email");
  expect(email!.body_text).toContain("is registered for Men's Conference (Thursday, March 5, 2099 · 9:30 AM – Saturday, March 7, 2099 · 12:00 PM).");
});

it("sends the leader his group's page by SMS and e-mail when the group registers", async () => {
  const sender = fakeSender();
  const page = await registerGroup();
  const url = `https://baptistmen.example${page}`;

  const [sms] = await groupLinks("sms");
  expect(sms).toMatchObject({ recipient: "+265991400400", status: "sent" });
  const text = smsSimulator.sent.find((sent) => sent.body.includes("/groups/"))!;
  expect(text.to).toBe("+265991400400");
  expect(text.body).toBe(`BaptistMen: Your group of 2 is registered for Men's Conference. Every man's code, and cancelling: ${url}`);

  const [email] = await groupLinks("email");
  expect(email).toMatchObject({ recipient: "leader@example.mw", status: "sent", subject: "Your group's page: Men's Conference" });
  expect(email!.body_text).toContain("Your group of 2 men is registered for Men's Conference (Thursday, March 5, 2099).");
  expect(email!.body_text).toContain(url);
  expect(sender.calls()).toBeGreaterThanOrEqual(1);

  // The man with his own phone gets his receipt; the one without, on the leader's number, does not
  // (the leader's link lists his code): the leader gets one SMS, not one for each such man.
  const receipts = await outboxRows("kind IN ('registration-confirmed', 'registration-waitlisted') AND channel = 'sms'");
  expect(receipts.map((row) => row.recipient)).toEqual(["+265991400401"]);
  expect(smsSimulator.sent.filter((sent) => sent.to === "+265991400400")).toHaveLength(1);
});

it("a group whose men do not all get places is never told it 'is registered': the SMS and e-mail say how many have places and how many wait", async () => {
  fakeSender();
  await runSql(["UPDATE churchevents SET capacity = 1 WHERE id = 1"]);
  const response = await postGroupForm(1, { name: "Yohane Banda", phone: "0991 400 400", email: "leader@example.mw" }, [{ name: "Alinafe Phiri" }, { name: "Blessings Banda" }], {
    ip: "198.51.100.40",
    mode: "rest-waitlisted",
  });
  expect(response.status).toBe(303);
  await waitForOutbox(allSettled);
  const text = smsSimulator.sent.find((sent) => sent.body.includes("/groups/"))!.body;
  expect(text).toMatch(/^BaptistMen: Your group: 1 placed, 1 waiting, for Men's Conference\. Every man's code, and cancelling: https:\/\/\S+$/);
  expect(gsm7Length(text)).toBeLessThanOrEqual(160);
  const [email] = await groupLinks("email");
  expect(email!.body_text).toContain("Your group of 2 men: 1 with places, 1 on the waiting list, for Men's Conference (Thursday, March 5, 2099). A man on the waiting list has no place yet");

  // Every man waiting: on the waiting list, not registered.
  smsSimulator.sent.length = 0;
  const second = await postGroupForm(1, { name: "Mphatso Gondwe", phone: "0991 400 500", email: "" }, [{ name: "Chisomo Gondwe" }, { name: "Tadala Gondwe" }], { ip: "198.51.100.41", mode: "rest-waitlisted" });
  expect(second.status).toBe(303);
  await waitForOutbox(allSettled);
  expect(smsSimulator.sent.find((sent) => sent.body.includes("/groups/"))!.body).toMatch(/^BaptistMen: Your group of 2 waits for places at Men's Conference\./);
});

it("on a paid event, the leader's e-mail says the fee a man, how many are to pay, and where each pays (the page it links to says it too)", async () => {
  fakeSender();
  await runSql(["UPDATE churchevents SET price = 15000 WHERE id = 1"]);
  await registerGroup();
  const [email] = await groupLinks("email");
  expect(email!.body_text).toContain("Fee MK 15,000 a man, 2 to pay. Each man's fee is paid on his page (the link below his name; a man with his own phone also has it in his SMS), from his phone or yours, or at the registration desk.");
});

it("on a paid event where payments are not set up, the leader's e-mail sends every man's fee to the registration desk", async () => {
  fakeSender();
  await runSql(["UPDATE churchevents SET price = 15000 WHERE id = 1"]);
  const vars = env as { PAYMENTS_SIMULATOR?: string };
  const before = vars.PAYMENTS_SIMULATOR;
  vars.PAYMENTS_SIMULATOR = "off";
  try {
    await registerGroup();
    const [email] = await groupLinks("email");
    expect(email!.body_text).toContain("Fee MK 15,000 a man, 2 to pay. Each man's fee is paid at the registration desk (his page, the link below his name, says what he owes).");
    expect(email!.body_text).not.toContain("from his phone or yours");
  } finally {
    vars.PAYMENTS_SIMULATOR = before;
  }
});

it("on an event that releases unpaid places, the leader's e-mail says by when to pay to keep the places", async () => {
  fakeSender();
  await runSql(["UPDATE churchevents SET price = 15000, payment_hold_hours = 48 WHERE id = 1"]);
  await registerGroup();
  const { created_at } = (await env.DB.prepare("SELECT min(created_at) AS created_at FROM event_registrations").first<{ created_at: string }>())!;
  const payBy = formatInSiteZone(new Date(Date.parse(created_at) + 48 * 3600_000).toISOString(), "EEEE, MMMM d 'at' h:mm a");
  const [email] = await groupLinks("email");
  expect(email!.body_text).toContain(`Fee MK 15,000 a man, 2 to pay. Pay by ${payBy} to keep their places: a place not paid for by then goes to the next man waiting.`);
});

it("at an event with a fee, a second SMS tells the leader what his men's fees come to and by when, or their places go", async () => {
  fakeSender();
  await runSql(["UPDATE churchevents SET price = 15000, payment_hold_hours = 48 WHERE id = 1"]);
  await registerGroup();
  const [fees] = await outboxRows("kind = 'group-fees'");
  expect(fees).toMatchObject({ channel: "sms", recipient: "+265991400400", status: "sent" });
  const { created_at } = (await env.DB.prepare("SELECT min(created_at) AS created_at FROM event_registrations").first<{ created_at: string }>())!;
  const by = formatInSiteZone(new Date(Date.parse(created_at) + 48 * 3600_000).toISOString(), "EEE d MMM HH:mm");
  expect(fees!.body_text).toBe(`BaptistMen: Men's Conference: 2 men's fees, MK 30,000, due by ${by}, or their places go to men waiting. Each man's page says how to pay.`);
  expect(gsm7Length(fees!.body_text!)).toBeLessThanOrEqual(160);
  expect(smsSimulator.sent.filter((sent) => sent.to === "+265991400400")).toHaveLength(2);
});

it("at an event with a fee, the second SMS goes only while something is left to pay", async () => {
  fakeSender();
  await runSql(["UPDATE churchevents SET price = 15000 WHERE id = 1"]);
  await registerGroup();
  // Written again (as one held for the morning would wait) after every man has paid: it does not go.
  await runSql([
    "UPDATE event_registrations SET payment_status = 'cash'",
    "INSERT INTO email_outbox (kind, recipient, channel, about_id) SELECT 'group-fees', leader_phone, 'sms', id FROM registration_groups",
  ]);
  const { id } = (await env.DB.prepare("SELECT max(id) AS id FROM email_outbox").first<{ id: number }>())!;
  await deliverOutbox([id]);
  expect((await outboxRows(`id = ${id}`))[0]).toMatchObject({ status: "failed", last_error: "Nothing was left to pay for the group when this was to be sent" });
  expect(smsSimulator.sent.filter((sent) => sent.to === "+265991400400")).toHaveLength(2);
});

it("a free event's leader gets one SMS, the link", async () => {
  fakeSender();
  await registerGroup();
  expect(await outboxRows("kind = 'group-fees'")).toEqual([]);
});

it("writes no e-mail for a leader without an address, and nothing once the group is cancelled whole", async () => {
  const page = await registerGroup("");
  expect(await groupLinks("email")).toEqual([]);
  expect(await groupLinks("sms")).toHaveLength(1);

  await postForm(page, { intent: "cancel-all" });
  await waitForOutbox(allSettled);
  await ageOutbox(11);
  await postForm("/events/1/my-link", { phone_number: "0991 400 400" }, { ip: "203.0.113.40" });
  await waitForOutbox(allSettled);
  expect(await groupLinks("sms")).toHaveLength(1);
});

it("'Get my link again' with the leader's number sends the group's page again, once within 10 minutes", async () => {
  fakeSender();
  await registerGroup();
  const ask = () => postForm("/events/1/my-link", { phone_number: "+265 991 400 400" }, { ip: "203.0.113.41" });

  await ask();
  expect(await groupLinks("sms")).toHaveLength(1);
  await ageOutbox(11);
  await Promise.all([ask(), ask()]);
  await waitForOutbox(allSettled);
  expect(await groupLinks("sms")).toHaveLength(2);
  expect(await groupLinks("email")).toHaveLength(2);
  const sent = (await groupLinks("sms")).at(-1)!;
  expect(sent.status).toBe("sent");
  expect((await env.DB.prepare("SELECT count(*) AS n FROM registration_groups").first<{ n: number }>())!.n).toBe(1);
});

it("news about a man without a phone goes to his leader's number naming him, not as if it were the leader's own", async () => {
  const page = await registerGroup();
  const phoneless = (await env.DB.prepare("SELECT id, token FROM event_registrations WHERE full_name = 'Blessings Banda'").first<{ id: number; token: string }>())!;
  smsSimulator.sent.length = 0;

  expect((await postForm(page, { intent: "cancel", registration_id: String(phoneless.id) })).status).toBe(303);
  await waitForOutbox(allSettled);

  const toLeader = smsSimulator.sent.filter((sent) => sent.to === "+265991400400");
  expect(toLeader.map((sent) => sent.body)).toEqual([
    `BaptistMen: The registration of Blessings Banda for Men's Conference is cancelled. Code ${(await codeOf(phoneless.id))}. Info: https://baptistmen.example/r/${phoneless.token}`,
  ]);
});

async function codeOf(id: number) {
  return (await env.DB.prepare("SELECT code FROM event_registrations WHERE id = ?").bind(id).first<{ code: string }>())!.code;
}

it("the page of a man registered on his leader's phone says SMS about him go to the leader, and offers no Stop (that is the leader's choice, for all his men)", async () => {
  fakeSender();
  await registerGroup();
  const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE full_name = 'Blessings Banda'").first<{ token: string }>())!;
  const page = textOf(await (await request(`/registrations/${token}`)).text());
  expect(page).toContain("You were registered on your group leader's phone (+265 991 40 04 00): SMS about you go to him, and he passes them on.");
  expect(page).not.toContain("Stop SMS about this event");
  expect(page).not.toContain("SMS is the only way we can tell you");
  // The man with his own phone keeps his own choice.
  const own = (await env.DB.prepare("SELECT token FROM event_registrations WHERE full_name = 'Alinafe Phiri'").first<{ token: string }>())!.token;
  expect(textOf(await (await request(`/registrations/${own}`)).text())).toContain("Stop SMS about this event");
});
