// Messages to registrants by status (/admin/events/{id}/message, issue 24): Administrators and
// Editors only, a preview with counts, segments and cost, exactly the audience chosen, a second
// Send of the same preview sends nothing more, and 500 recipients with 5% provider failures each
// get exactly one SMS once the failures are retried.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SmsSendError } from "~/server/sms.server";
import { OUTBOX_CRON } from "../../workers/scheduled-jobs";
import { captureQueue, deliverQueueMessages, outboxRows, runCron } from "./email-helpers";
import { createAdmin, html, postForm, request, runSql, seedReference, signIn } from "./helpers";
import { smsSimulator, withSmsSetUp } from "./sms-helpers";
import { textOf } from "./public-helpers";

withSmsSetUp();

const PATH = "/admin/events/1/message";

beforeEach(async () => {
  await seedReference();
  await runSql([
    "INSERT INTO churchevents (id, name, date) VALUES (1, 'Men''s Conference', '2031-06-12T06:00:00.000Z')",
    `INSERT INTO event_registrations (event_id, full_name, phone_number, email, status, code, token, checked_in_at) VALUES
      (1, 'In Already', '+265991000001', NULL, 'confirmed', 'AAAAA2', 'token-aaaaaaaaaaaaaaaaaa1', '2031-06-12T06:10:00.000Z'),
      (1, 'Not Yet', '+265991000002', 'notyet@example.mw', 'confirmed', 'AAAAA3', 'token-aaaaaaaaaaaaaaaaaa2', NULL),
      (1, 'Not Yet Either', '+265991000003', NULL, 'confirmed', 'AAAAA4', 'token-aaaaaaaaaaaaaaaaaa3', NULL),
      (1, 'Waiting', '+265991000004', NULL, 'waitlisted', 'AAAAA5', 'token-aaaaaaaaaaaaaaaaaa4', NULL),
      (1, 'Gone', '+265991000005', NULL, 'cancelled', 'AAAAA6', 'token-aaaaaaaaaaaaaaaaaa5', NULL)`,
  ]);
});

async function staff(role: "admin" | "editor" | "volunteer" = "editor") {
  const email = `${role}@example.org`;
  await createAdmin(email, "correct-horse-battery", role);
  return signIn(email, "correct-horse-battery");
}

function sendKeyOf(page: string): string {
  return /name="send_key" value="([^"]+)"/.exec(page)![1]!;
}

/** What a preview's Send posts besides the form: its send key and what was previewed (hidden fields). */
function sendFieldsOf(page: string) {
  const previewed = /name="previewed" value="([^"]+)"/.exec(page)![1]!.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return { intent: "send", send_key: sendKeyOf(page), previewed };
}

async function preview(cookie: string, fields: Record<string, string>) {
  return postForm(PATH, { intent: "preview", ...fields }, { cookie });
}

describe("who may", () => {
  it("Door volunteers are refused the page and the send; Editors get it", async () => {
    const door = await staff("volunteer");
    expect((await request(PATH, { cookie: door })).status).toBe(403);
    expect((await postForm(PATH, { intent: "send", audience: "everyone", channel: "sms", body: "Hello", send_key: "k".repeat(22) }, { cookie: door })).status).toBe(403);
    expect(await outboxRows()).toEqual([]);
    const editor = await staff("editor");
    const page = await html(await request(PATH, { cookie: editor }));
    expect(page).toContain("SMS carries event logistics only");
  });
});

describe("what the preview warns of", () => {
  const text = async (response: Response) => (await response.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  it("says how many of the chosen people this way misses (no e-mail address, no phone for SMS, SMS stopped)", async () => {
    const cookie = await staff();
    // Three confirmed: one has an e-mail address; all three have phones.
    const byEmail = await text(await preview(cookie, { audience: "confirmed", channel: "email", body: "The hall has moved." }));
    expect(byEmail).toContain("2 people of this group get nothing this way (no e-mail address, or no phone that takes SMS, or SMS stopped). Choose SMS and e-mail to reach them.");
    expect(await text(await preview(cookie, { audience: "confirmed", channel: "both", body: "The hall has moved." }))).not.toContain("nothing this way");
    await runSql(["UPDATE event_registrations SET sms_stopped_at = '2030-01-01T00:00:00.000Z' WHERE full_name = 'Not Yet Either'"]);
    const both = await text(await preview(cookie, { audience: "confirmed", channel: "both", body: "The hall has moved." }));
    expect(both).toContain("1 person of this group gets nothing this way (no e-mail address, or no phone that takes SMS, or SMS stopped).");
    expect(both).not.toContain("Choose SMS and e-mail");
    // By SMS, the man who stopped them and has no e-mail is missed: e-mail too would reach nobody more, so it is not suggested.
    const bySms = await text(await preview(cookie, { audience: "confirmed", channel: "sms", body: "The hall has moved." }));
    expect(bySms).toContain("1 person of this group gets nothing this way");
    expect(bySms).not.toContain("Choose SMS and e-mail");
    // With an address, he would be reached by e-mail: then it is.
    await runSql(["UPDATE event_registrations SET email = 'either@example.mw' WHERE full_name = 'Not Yet Either'"]);
    expect(await text(await preview(cookie, { audience: "confirmed", channel: "sms", body: "The hall has moved." }))).toContain("Choose SMS and e-mail to reach that person.");
  });

  it("at night, says the SMS wait until 07:00 unless Urgent is ticked", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2031-06-11T20:30:00.000Z")); // 22:30 in Malawi
      const cookie = await staff();
      const night = await text(await preview(cookie, { audience: "confirmed", channel: "sms", body: "The bus leaves at 06:00." }));
      expect(night).toContain("It is night: the SMS wait until 07:00. Tick Urgent to send them now.");
      expect(await text(await preview(cookie, { audience: "confirmed", channel: "sms", body: "The bus leaves at 06:00.", urgent: "on" }))).not.toContain("It is night");
      vi.setSystemTime(new Date("2031-06-11T08:00:00.000Z")); // 10:00
      expect(await text(await preview(cookie, { audience: "confirmed", channel: "sms", body: "The bus leaves at 06:00." }))).not.toContain("It is night");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("preview and send", () => {
  it("the preview counts recipients, segments and cost without JavaScript, and shows no phone number", async () => {
    const cookie = await staff();
    const response = await preview(cookie, { audience: "not_checked_in", channel: "both", body: "The hall has moved to Room 2 “upstairs” 🙏" });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("By SMS: 2 people");
    expect(page).toContain("By e-mail: 1 person");
    // Two SMS and one e-mail: the button counts the three messages, not the people.
    expect(page).toMatch(/<button[^>]*value="send"[^>]*>Send 3 messages<\/button>/);
    expect(page).toMatch(/Each SMS: \d+ characters, 1 SMS/);
    expect(page).toContain("Estimated cost: MK 80");
    // Every local run simulates SMS: the preview says nothing will reach a phone.
    expect(page).toContain("SMS are simulated on this computer: nothing reaches a phone.");
    expect(page).toContain("BaptistMen: Men&#x27;s Conference: The hall has moved to Room 2 &quot;upstairs&quot; Info/stop SMS:");
    expect(page).not.toMatch(/\+?265 ?99/);
    expect(await outboxRows()).toEqual([]);

    // The price per SMS is staff's setting (Settings, "Registrations and SMS"), not the code's.
    await env.DB.prepare(
      `INSERT INTO site_settings (key, value) VALUES ('registrations', '{"registrations_per_address_per_hour":20,"sms_price_mwk":25}')
       ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ).run();
    const repriced = await html(await preview(cookie, { audience: "not_checked_in", channel: "both", body: "The hall has moved to Room 2" }));
    expect(repriced).toContain("Estimated cost: MK 50");
  });

  it("an e-mail-only preview shows the e-mail, not an SMS's length and cost; one that reaches nobody offers no Send", async () => {
    const cookie = await staff();
    const page = textOf(await html(await preview(cookie, { audience: "not_checked_in", channel: "email", body: "Bring a Bible" })));
    expect(page).toContain("By e-mail: 1 person");
    expect(page).toContain("The e-mail greets each person by name and ends with a “My registration” button: Bring a Bible");
    expect(page).not.toMatch(/Each SMS|Estimated cost|By SMS|The SMS:/);
    // Nobody on the waiting list gave an e-mail address.
    const nobody = await html(await preview(cookie, { audience: "waitlisted", channel: "email", body: "Bring a Bible" }));
    expect(textOf(nobody)).toContain("Nobody would get this message: choose other people or another channel.");
    expect(nobody).not.toMatch(/<button[^>]*value="send"/);
  });

  it("the preview says when e-mail is not set up (the e-mails would only wait), and says nothing of it when it is", async () => {
    const cookie = await staff();
    const saved = env.MAIL_FROM;
    try {
      env.MAIL_FROM = "";
      expect(await html(await preview(cookie, { audience: "not_checked_in", channel: "both", body: "Hello" }))).toContain("E-mail is not set up: the e-mails wait in the outbox and are given up after 7 days.");
      env.MAIL_FROM = "news@example.mw";
      expect(await html(await preview(cookie, { audience: "not_checked_in", channel: "both", body: "Hello" }))).not.toContain("E-mail is not set up");
    } finally {
      env.MAIL_FROM = saved;
    }
  });

  it("a phone several of the audience share (a group's men on their leader's number) gets one SMS, and the preview counts phones", async () => {
    await runSql([
      "UPDATE event_registrations SET dedupe_key = phone_number",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token) VALUES
        (1, 'Group Man One', '+265991000002', NULL, 'confirmed', 'GROUP2', 'token-group-man-one-0001'),
        (1, 'Group Man Two', '+265991000002', NULL, 'confirmed', 'GROUP3', 'token-group-man-two-0002')`,
    ]);
    const cookie = await staff();
    const fields = { audience: "not_checked_in", channel: "sms", body: "Bring a blanket." };
    const page = await html(await preview(cookie, fields));
    expect(page).toContain("By SMS: 2 people");
    const send = sendFieldsOf(page);
    expect((await postForm(PATH, { ...send, ...fields }, { cookie })).status).toBe(302);
    const rows = await outboxRows("kind = 'event-message'");
    expect(rows.map((row) => row.recipient).sort()).toEqual(["+265991000002", "+265991000003"]);
    // For the phone's owner's own registration ("Not Yet"), not a man on his number.
    const owner = (await env.DB.prepare("SELECT id FROM event_registrations WHERE full_name = 'Not Yet'").first<{ id: number }>())!.id;
    expect(JSON.parse(String(rows.find((row) => row.recipient === "+265991000002")!.about))).toEqual({ registration: owner });
  });

  it("the same message to the same people within the hour is said before it goes twice (two staff, two tabs), with who sent it", async () => {
    const fields = { audience: "not_checked_in", channel: "sms", body: "Doors open at 07:30." };
    const editor = await staff("editor");
    const send = sendFieldsOf(await html(await preview(editor, fields)));
    expect((await postForm(PATH, { ...send, ...fields }, { cookie: editor })).status).toBe(302);
    const admin = await staff("admin");
    const again = await html(await preview(admin, fields));
    expect(again).toMatch(/This message went to the same people at \d\d:\d\d, sent by editor@example\.org\. Sending it again sends it to them twice\./);
    expect(await html(await preview(admin, { ...fields, body: "Doors open at 08:00." }))).not.toContain("This message went to the same people");
    expect(await html(await request(PATH, { cookie: admin }))).toMatch(/ by editor@example\.org · To: /);
  });

  it("two staff pressing Send on the same message at once, each from his own preview: it goes once; the other is told, keeps what he typed, and may send it again by ticking", async () => {
    const fields = { audience: "not_checked_in", channel: "sms", body: "Doors open at 07:30." };
    const editor = await staff("editor");
    const admin = await staff("admin");
    const [editorSend, adminSend] = [sendFieldsOf(await html(await preview(editor, fields))), sendFieldsOf(await html(await preview(admin, fields)))];
    expect(editorSend.send_key).not.toBe(adminSend.send_key);
    const answers = await Promise.all([postForm(PATH, { ...editorSend, ...fields }, { cookie: editor }), postForm(PATH, { ...adminSend, ...fields }, { cookie: admin })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM event_messages").first("n")).toBe(1);
    expect((await outboxRows("kind = 'event-message'")).map((row) => row.recipient).sort()).toEqual(["+265991000002", "+265991000003"]);
    const refused = answers.find((answer) => answer.status === 409)!;
    const sender = (await env.DB.prepare("SELECT sent_by FROM event_messages").first<string>("sent_by"))!;
    const page = await html(refused);
    const said = new RegExp(`This message went to the same people at \\d\\d:\\d\\d, sent by ${sender.replace(".", "\\.")}, so nothing was sent now\\. To send it to them a second time, tick “Send it to them again” and press Send\\.`);
    expect(page).toMatch(said);
    expect(page).toContain(">Doors open at 07:30.</textarea>");
    expect(page).toContain("Send it to them again");

    // Ticked, it goes a second time (from the refused page: its send key, and the tick naming the message it repeats).
    const cookie = refused === answers[0] ? editor : admin;
    const again = /name="send_again" value="(\d+)"/.exec(page)![1]!;
    expect((await postForm(PATH, { ...sendFieldsOf(page), ...fields, send_again: again }, { cookie })).status).toBe(302);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM event_messages").first("n")).toBe(2);
    expect(await outboxRows("kind = 'event-message'")).toHaveLength(4);
  });

  it("a message to 'not checked in' reaches exactly those people, once however often Send is pressed", async () => {
    const cookie = await staff();
    const fields = { audience: "not_checked_in", channel: "sms", body: "Doors open at 07:30." };
    const send = sendFieldsOf(await html(await preview(cookie, fields)));
    const [first, second] = await Promise.all([postForm(PATH, { ...send, ...fields }, { cookie }), postForm(PATH, { ...send, ...fields }, { cookie })]);
    expect([first.status, second.status]).toEqual([302, 302]);
    const rows = await outboxRows("kind = 'event-message'");
    expect(rows.map((row) => row.recipient).sort()).toEqual(["+265991000002", "+265991000003"]);
    const logged = await env.DB.prepare("SELECT action, target, summary FROM activity_log WHERE action = 'Sent a message to registrants'").all();
    expect(logged.results).toHaveLength(1);
    // In the log's words, as the page says it: not "not_checked_in, sms".
    expect(logged.results[0]).toMatchObject({ summary: "To: Confirmed, not checked in · By SMS: 2 messages" });
    await runCron(OUTBOX_CRON, Date.now());
    expect(smsSimulator.sent.map((sms) => sms.to).sort()).toEqual(["+265991000002", "+265991000003"]);
    expect(smsSimulator.sent[0]!.body).toMatch(/^BaptistMen: Men's Conference: Doors open at 07:30\. Info\/stop SMS: https:\/\/baptistmen\.example\/r\/token-/);
    const page = await html(await request(PATH, { cookie }));
    expect(page).toContain("2 of 2 sent");
    // Listed in the form's words, not its stored values.
    expect(page).toContain("To: Confirmed, not checked in · By SMS · 2 of 2 sent");
  });
});

describe("a message changed after its preview", () => {
  it("is not sent: Send shows the new preview, and sends only once that was seen", async () => {
    const cookie = await staff();
    const fields = { audience: "not_checked_in", channel: "sms", body: "Doors open at 07:30." };
    const send = sendFieldsOf(await html(await preview(cookie, fields)));
    for (const changed of [{ body: "Doors open at 07:30. Bring your Bible, a pen and a notebook for the sessions of the day." }, { audience: "everyone" }, { channel: "both" }]) {
      const refused = await postForm(PATH, { ...send, ...fields, ...changed }, { cookie });
      expect(refused.status).toBe(409);
      const page = await html(refused);
      expect(page).toContain("The message changed after its preview, so nothing was sent. Check the new preview below, then press Send.");
      expect(page).toContain("Preview");
      expect(await outboxRows("kind = 'event-message'")).toEqual([]);
    }
    const changed = { ...fields, body: "Doors open at 08:00." };
    const newPreview = await html(await postForm(PATH, { ...send, ...changed }, { cookie }));
    expect(newPreview).toContain("Doors open at 08:00. Info/stop SMS:");
    expect((await postForm(PATH, { ...sendFieldsOf(newPreview), ...changed }, { cookie })).status).toBe(302);
    expect((await outboxRows("kind = 'event-message'")).length).toBe(2);
  });
});

describe("fan-out", () => {
  it("500 recipients with 5% provider failures: each gets exactly one SMS once the failures are retried", async () => {
    await runSql(["DELETE FROM event_registrations"]);
    const values = Array.from({ length: 500 }, (_, i) => `(1, 'Man ${i}', '+26599${String(1000000 + i)}', 'confirmed', 'C${String(i).padStart(5, "0")}', 'token-bulk-${String(i).padStart(16, "0")}')`);
    for (let i = 0; i < 500; i += 250) await runSql([`INSERT INTO event_registrations (event_id, full_name, phone_number, status, code, token) VALUES ${values.slice(i, i + 250).join(", ")}`]);
    const cookie = await staff();
    const queue = captureQueue();
    const fields = { audience: "confirmed", channel: "sms", body: "Buses leave Lilongwe at 06:00." };
    const send = sendFieldsOf(await html(await preview(cookie, fields)));
    await postForm(PATH, { ...send, ...fields }, { cookie });
    expect(queue.messages).toHaveLength(20);

    // Every 20th call fails; one queue message is delivered twice.
    smsSimulator.fail = (_sms, call) => (call % 20 === 0 ? new SmsSendError("Twilio 503: try later", 503, null) : undefined);
    for (const message of queue.messages) await deliverQueueMessages([message]);
    await deliverQueueMessages([queue.messages[3]!]);
    const failed = await outboxRows("status = 'failed'");
    expect(failed).toHaveLength(25);
    expect(failed.every((row) => row.next_attempt_at !== null)).toBe(true);
    expect(new Set(smsSimulator.sent.map((sms) => sms.to)).size).toBe(475);

    // The retries come due; the outbox cron sends them (50 a run).
    smsSimulator.fail = null;
    await runSql([`UPDATE email_outbox SET next_attempt_at = '${new Date(Date.now() - 1000).toISOString()}' WHERE status = 'failed'`]);
    await runCron(OUTBOX_CRON, Date.now());
    expect(await outboxRows("status <> 'sent'")).toEqual([]);
    const perNumber = new Map<string, number>();
    for (const sms of smsSimulator.sent) perNumber.set(sms.to, (perNumber.get(sms.to) ?? 0) + 1);
    expect(perNumber.size).toBe(500);
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
  });
});

describe("on this computer, with no SITE_URL", () => {
  beforeEach(() => {
    env.SITE_URL = "";
  });

  it("an SMS the outbox cron sends links to the site the last request came to, not a bare path", async () => {
    const cookie = await staff();
    const fields = { audience: "not_checked_in", channel: "sms", body: "Doors open at 07:30." };
    const send = sendFieldsOf(await html(await preview(cookie, fields)));
    expect((await postForm(PATH, { ...send, ...fields }, { cookie })).status).toBe(302);
    await runCron(OUTBOX_CRON, Date.now());
    expect(smsSimulator.sent).toHaveLength(2);
    for (const sms of smsSimulator.sent) expect(sms.body).toMatch(/Info\/stop SMS: http:\/\/localhost\/r\/token-/);
  });
});
