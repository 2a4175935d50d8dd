// One way out for every e-mail (issue 16, parts 1, 3, 5 and 6): the outbox row written in the same
// batch as what causes it, sent after the response by the Email Service binding (a fake here that
// records and can throw), retried with backoff, kept for /admin/outbox, and nothing broken while
// e-mail is not set up. Also the outbox's API on its own (a made-up caller here); the registration
// e-mails that use it are in registration-emails.test.ts.
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT_DEFAULTS, ORGANISATION_DEFAULTS } from "~/features/settings/organisation";
import { site_meta } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { buildICalendar } from "~/features/events/icalendar";
import { enqueueRenderedEmailQuery, sendAfterResponse, SENDING_INTERRUPTED } from "~/server/outbox.server";
import { checkHeaders, EmailRefused, type OutboxEmail } from "~/server/email-rules.server";
import { DAILY_CRON, OUTBOX_CRON } from "../../workers/scheduled-jobs";
import {
  ageOutbox,
  allSettled,
  expectNoRemoteContent,
  fakeSender,
  MAIL_FROM,
  outboxRows,
  providerError,
  runCron,
  SITE_URL,
  withEmailSetUp,
  waitForOutbox,
} from "./email-helpers";
import { createAdmin, postForm, request, runSql, signIn, toastOf } from "./helpers";

withEmailSetUp();

const MESSAGE = { full_name: "Chisomo Tembo", email: "chisomo@example.mw", subject: "Joining a chapter", message: "Where does the fellowship meet?\n\nThank you." };
const PRESIDENT = "m.banda@baptistmen.example";

async function saveContactSettings(changes: Partial<typeof CONTACT_DEFAULTS>) {
  const value = JSON.stringify({ ...CONTACT_DEFAULTS, ...changes });
  await env.DB.prepare("INSERT INTO site_settings (key, value) VALUES ('contact', ?1)").bind(value).run();
}

function sendContact(fields: Partial<typeof MESSAGE> = {}) {
  return postForm("/contact", { ...MESSAGE, ...fields }, { headers: { Referer: "http://localhost/contact" } });
}

describe("a contact message tells the president", () => {
  it("writes the e-mail with the message, sends it after the response to president_email from the settings, reply-to the visitor", async () => {
    await saveContactSettings({ president_email: PRESIDENT, address_lines: ["Falls Area 1", "Lilongwe", "Malawi"] });
    const sender = fakeSender();
    expect((await sendContact()).status).toBe(303);
    await waitForOutbox(allSettled);

    const [row] = await outboxRows();
    expect(row).toMatchObject({ kind: "contact-notification", recipient: PRESIDENT, subject: "New contact message: Joining a chapter", status: "sent", attempts: 1 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first("n")).toBe(1);

    expect(sender.accepted).toHaveLength(1);
    const sent = sender.accepted[0]!;
    expect(sent).toMatchObject({
      from: { email: MAIL_FROM, name: ORGANISATION_DEFAULTS.name },
      to: PRESIDENT,
      replyTo: { email: "chisomo@example.mw", name: "Chisomo Tembo" },
      subject: "New contact message: Joining a chapter",
    });
    // The binding refuses a raw Reply-To header: it travels in the replyTo field only.
    expect(sent.headers).toBeUndefined();
    expect(sent.text).toContain("Chisomo Tembo (chisomo@example.mw) wrote through the website's contact form.");
    expect(sent.text).toContain("> Where does the fellowship meet?");
    expect(sent.text).toContain(`${SITE_URL}/admin/messages`);
    for (const part of [sent.text!, sent.html!]) {
      expect(part).toContain(ORGANISATION_DEFAULTS.name.replace("'", part === sent.html ? "&#39;" : "'"));
      expect(part).toContain("Falls Area 1, Lilongwe, Malawi");
    }
    expect(sent.html).toContain(`href="${SITE_URL}/admin/messages"`);
    expectNoRemoteContent(sent.html!);
  });

  it("from a visitor without e-mail: no reply-to, and the e-mail says to call or WhatsApp the number he gave", async () => {
    await saveContactSettings({ president_email: PRESIDENT });
    const sender = fakeSender();
    expect((await sendContact({ email: "", phone_number: "0888 12 34 56" } as Partial<typeof MESSAGE>)).status).toBe(303);
    await waitForOutbox(allSettled);
    const sent = sender.accepted[0]!;
    expect(sent.to).toBe(PRESIDENT);
    expect(sent.replyTo).toBeUndefined();
    expect(sent.text).toContain("Chisomo Tembo (+265 888 12 34 56) wrote through the website's contact form.");
    expect(sent.text).toContain("Chisomo Tembo gave no e-mail address: call or WhatsApp them on +265 888 12 34 56 to answer.");
    expect(sent.text).not.toContain("Reply to this e-mail");
  });

  it("stores and e-mails the same message once when Send is tapped twice without JavaScript, and both answers say it was sent", async () => {
    await saveContactSettings({ president_email: PRESIDENT });
    const sender = fakeSender();
    const messagesStored = () => env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first("n");
    // Two taps at once on a slow line, then the same once more after the answers (sent again after a time-out).
    const answers = [...(await Promise.all([sendContact(), sendContact()])), await sendContact()];
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(await toastOf(answer)).toMatchObject({ title: "Message sent", description: "Thank you for contacting us. We will reply as soon as we can." });
    }
    await waitForOutbox(allSettled);
    expect(await messagesStored()).toBe(1);
    expect((await outboxRows()).map((row) => row.subject)).toEqual(["New contact message: Joining a chapter"]);
    expect(sender.accepted.map((sent) => sent.to)).toEqual([PRESIDENT]);

    // Another message, or the same one written again later, is a message of its own.
    await sendContact({ message: "And is there a retreat this year?" });
    await env.DB.prepare("UPDATE contact_messages SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 minutes')").run();
    await sendContact();
    await waitForOutbox((rows) => rows.length === 3 && allSettled(rows));
    expect(await messagesStored()).toBe(3);
    expect(sender.accepted).toHaveLength(3);
  });

  it("keeps what visitors type out of the headers and the HTML", async () => {
    const sender = fakeSender();
    await sendContact({
      full_name: "Eve\r\nBcc: everyone@example.mw",
      subject: "Hello\r\nBcc: victim@example.mw\nX-Injected: 1",
      message: '<script>alert(1)</script><img src="https://tracker.example/p.gif">',
    });
    await waitForOutbox(allSettled);
    const sent = sender.accepted[0]!;
    expect(sent.subject).toBe("New contact message: Hello Bcc: victim@example.mw X-Injected: 1");
    expect(sent.replyTo).toEqual({ email: "chisomo@example.mw", name: "Eve Bcc: everyone@example.mw" });
    expect(sent.headers).toBeUndefined();
    expect(sent.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=&quot;https://tracker.example/p.gif&quot;&gt;");
    expectNoRemoteContent(sent.html!);
  });

  it("answers the visitor at once, before and whatever the sending does", async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const sender = fakeSender();
    sender.spy.mockImplementation(async () => {
      await slow;
      return { messageId: "<slow@fake.test>" };
    });
    const response = await sendContact();
    expect(response.status).toBe(303);
    expect((await outboxRows())[0]?.status).toMatch(/queued|sending/);
    release();
    await waitForOutbox(allSettled);
  });
});

describe("failures and retries", () => {
  it("an error the e-mail service reports marks that message failed with its reason; the outbox cron retries it after the backoff", async () => {
    const sender = fakeSender((_, call) => (call === 1 ? providerError("E_INTERNAL_SERVER_ERROR", "temporarily unavailable") : undefined));
    await sendContact();
    await waitForOutbox(allSettled);
    let [row] = await outboxRows();
    expect(row).toMatchObject({ status: "failed", attempts: 1, last_error: "E_INTERNAL_SERVER_ERROR: temporarily unavailable" });
    const retryAt = Date.parse(row!.next_attempt_at!);
    expect(retryAt - Date.now()).toBeGreaterThan(60_000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(2 * 60_000);

    await runCron(OUTBOX_CRON);
    expect((await outboxRows())[0]?.status).toBe("failed"); // not due yet
    await ageOutbox(3);
    await runCron(OUTBOX_CRON);
    [row] = await outboxRows();
    // Sent, and what went wrong the first time is still there for staff to see.
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: "E_INTERNAL_SERVER_ERROR: temporarily unavailable" });
    expect(sender.calls()).toBe(2);
  });

  it("waits longer after each failure and gives up after 5 attempts; an admin can still retry it", async () => {
    const sender = fakeSender(() => providerError("E_INTERNAL_SERVER_ERROR", "temporarily unavailable"));
    await sendContact();
    await waitForOutbox(allSettled);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: "failed", attempts: attempt, last_error: "E_INTERNAL_SERVER_ERROR: temporarily unavailable" });
      if (attempt === 5) {
        expect(row!.next_attempt_at).toBeNull();
        break;
      }
      const minutes = Math.round((Date.parse(row!.next_attempt_at!) - Date.now()) / 60_000);
      waits.push(minutes);
      await ageOutbox(minutes + 1);
      await runCron(OUTBOX_CRON);
    }
    expect(waits).toEqual([2, 10, 60, 360]);
    expect(sender.calls()).toBe(5);

    sender.spy.mockResolvedValue({ messageId: "<retried@fake.test>" });
    await createAdmin();
    const cookie = await signIn();
    const [row] = await outboxRows();
    const retry = await postForm(`/admin/outbox/${row!.id}`, { intent: "retry" }, { cookie });
    expect(retry.status).toBe(302);
    await waitForOutbox((rows) => rows[0]?.status === "sent");
    expect((await outboxRows())[0]).toMatchObject({ attempts: 1, status: "sent" });
    // Its page says it was sent, and why it had failed before; the list says only that it was sent.
    const page = (await (await request(`/admin/outbox/${row!.id}`, { cookie })).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(page).toContain("Earlier error E_INTERNAL_SERVER_ERROR: temporarily unavailable");
    const list = (await (await request("/admin/outbox", { cookie })).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(list).toContain("Sent");
    expect(list).not.toContain("temporarily unavailable");
    // The log keeps what was retried and why it had failed.
    const logged = await env.DB.prepare("SELECT action, target, summary FROM activity_log WHERE action LIKE 'Retried%'").first();
    expect(logged).toEqual({
      action: "Retried an e-mail",
      target: `e-mail ${row!.id} “Contact message: ${row!.subject}”`,
      summary: "It had failed: E_INTERNAL_SERVER_ERROR: temporarily unavailable",
    });
  });

  it("a message the provider refuses fails at once without retrying; others are unaffected", async () => {
    fakeSender((payload) => (payload.subject.includes("Refuse me") ? providerError("E_VALIDATION_ERROR", "invalid recipient") : undefined));
    await sendContact({ subject: "Refuse me" });
    await sendContact({ subject: "Fine" });
    await waitForOutbox((rows) => rows.length === 2 && allSettled(rows));
    const rows = await outboxRows();
    expect(rows.map((row) => [row.subject, row.status, row.last_error, row.next_attempt_at])).toEqual([
      ["New contact message: Refuse me", "failed", "E_VALIDATION_ERROR: invalid recipient", null],
      ["New contact message: Fine", "sent", null, null],
    ]);
  });

  it("a rate limit makes the message wait a minute without counting an attempt, then it goes", async () => {
    const sender = fakeSender((_, call) => (call === 1 ? providerError("E_RATE_LIMIT_EXCEEDED", "slow down") : undefined));
    await sendContact();
    await waitForOutbox((rows) => rows[0]?.last_error !== null && rows[0]?.status === "queued");
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "queued", attempts: 0, last_error: "Waiting: E_RATE_LIMIT_EXCEEDED: slow down" });
    expect(Date.parse(row!.next_attempt_at!) - Date.now()).toBeGreaterThan(50_000);
    await ageOutbox(2);
    await runCron(OUTBOX_CRON);
    expect((await outboxRows())[0]).toMatchObject({ status: "sent", attempts: 1 });
    expect(sender.calls()).toBe(2);
  });

  it("sends at once a row D1 stamped due a moment ahead of the Worker's clock, but not one due minutes later", async () => {
    const sender = fakeSender();
    await runSql([
      `INSERT INTO email_outbox (kind, recipient, from_name, subject, body_text, body_html, next_attempt_at)
       VALUES ('contact-notification', 'president@baptistmen.mw', 'BMM', 'Clock ahead', 't', '<p>h</p>', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+2 seconds')),
              ('contact-notification', 'president@baptistmen.mw', 'BMM', 'Later', 't', '<p>h</p>', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+2 minutes'))`,
    ]);
    sendAfterResponse((await outboxRows()).map((row) => row.id));
    await waitForOutbox((rows) => rows[0]?.status === "sent");
    expect((await outboxRows()).map((row) => row.status)).toEqual(["sent", "queued"]);
    expect(sender.accepted.map((payload) => payload.subject)).toEqual(["Clock ahead"]);
  });

  it("a row stuck in 'sending' for 15 minutes is sent again by the outbox cron only if its sender died before handing it to the e-mail service", async () => {
    const sender = fakeSender();
    // next_attempt_at is set while a row is only claimed, and cleared when it is handed over (decision 028).
    await runSql([
      `INSERT INTO email_outbox (kind, recipient, from_name, subject, body_text, body_html, status, attempts, claimed_at, next_attempt_at)
       VALUES ('contact-notification', 'president@baptistmen.mw', 'BMM', 'Stuck', 't', '<p>h</p>', 'sending', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-16 minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-16 minutes')),
              ('contact-notification', 'president@baptistmen.mw', 'BMM', 'Handed over', 't', '<p>h</p>', 'sending', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-16 minutes'), NULL),
              ('contact-notification', 'president@baptistmen.mw', 'BMM', 'Still being sent', 't', '<p>h</p>', 'sending', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-5 minutes'), NULL)`,
    ]);
    await runCron(OUTBOX_CRON);
    await runCron(OUTBOX_CRON);
    expect((await outboxRows()).map((row) => [row.subject, row.status, row.attempts, row.last_error, row.next_attempt_at])).toEqual([
      ["Stuck", "sent", 2, null, null],
      ["Handed over", "failed", 1, SENDING_INTERRUPTED, null],
      ["Still being sent", "sending", 1, null, null],
    ]);
    expect(sender.accepted.map((payload) => payload.subject)).toEqual(["Stuck"]);
  });
});

describe("without e-mail set up", () => {
  it("the site works, messages wait in the outbox, admins see 'E-mail is not set up', and after 7 days they are given up", async () => {
    env.MAIL_FROM = "";
    const sender = fakeSender();
    expect((await sendContact()).status).toBe(303);
    expect((await postForm("/subscribe", { email: "new@example.mw" })).status).toBe(303);
    await runCron(OUTBOX_CRON);
    expect((await outboxRows()).map((row) => [row.kind, row.status])).toEqual([
      ["contact-notification", "queued"],
      ["subscribe-confirmation", "queued"],
    ]);
    expect(sender.calls()).toBe(0);

    await createAdmin();
    const cookie = await signIn();
    for (const path of ["/admin/outbox", "/admin/newsletter"]) {
      const page = await (await request(path, { cookie })).text();
      expect(page).toContain("E-mail is not set up");
      expect(page).toContain("This deploy is missing the MAIL_FROM address.");
      expect(page).toContain('href="/admin/outbox/setup"');
    }
    const setup = await (await request("/admin/outbox/setup", { cookie })).text();
    // The guide's section reads as a page: its Markdown is headings, steps and commands.
    expect(setup).toContain("<h2>E-mail and the newsletter</h2>");
    expect(setup).toContain("<code>npx wrangler queues create baptist-men-malawi-outbox</code>");
    expect(setup).toMatch(/<pre><code[^>]*>[^<]*&quot;send_email&quot;/);
    expect(setup).toContain("<th>Needs</th>");
    expect(setup).not.toMatch(/## |\*\*/);

    await ageOutbox(7 * 24 * 60 + 1);
    await runCron(DAILY_CRON);
    expect((await outboxRows()).map((row) => [row.status, row.last_error])).toEqual([
      ["failed", "Expired: not sent within 7 days"],
      ["failed", "Expired: not sent within 7 days"],
    ]);
  });

  it("set up later, messages still within 7 days go out with the next outbox cron", async () => {
    env.MAIL_FROM = "";
    await sendContact();
    env.MAIL_FROM = MAIL_FROM;
    const sender = fakeSender();
    await runCron(OUTBOX_CRON);
    expect((await outboxRows())[0]?.status).toBe("sent");
    expect(sender.accepted[0]?.from).toEqual({ email: MAIL_FROM, name: ORGANISATION_DEFAULTS.name });
  });
});

describe("the outbox API for other features (a made-up caller)", () => {
  const ics = () =>
    buildICalendar({
      uid: "event-7@baptistmen.example",
      start: new Date("2027-06-12T06:00:00Z"),
      end: new Date("2027-06-12T08:00:00Z"),
      summary: "National Men's Conference",
      location: "Lilongwe",
      description: null,
      url: `${SITE_URL}/events/7`,
    }, new Date("2027-05-01T10:00:00Z"));
  const confirmation = (to: string): OutboxEmail => ({
    kind: "registration-confirmed",
    to,
    fromName: "Baptist Men",
    subject: "You are registered: number 12",
    text: "Your code is K7Q2. See you there.",
    html: "<p>Your code is <b>K7Q2</b>.</p>",
    replyTo: { email: "events@baptistmen.example", name: "Events desk" },
    attachments: [{ filename: "event.ics", type: "text/calendar; method=PUBLISH", content: ics() }],
  });

  // The made-up caller writes a row of site_meta where the desk would write a registration.
  const registered = (key: string) => getDb().insert(site_meta).values({ key, value: "registered" });

  it("writes the e-mail in the same drizzle batch as what causes it, guarded by it, and sends it with its .ics attachment after the response", async () => {
    const sender = fakeSender();
    const db = getDb();
    const guard = sql`EXISTS (SELECT 1 FROM ${site_meta} WHERE ${site_meta.key} = 'registration-7-gift')`;
    const [, written] = await db.batch([registered("registration-7-gift"), enqueueRenderedEmailQuery(db, confirmation("gift@example.mw"), guard)]);
    expect(written).toHaveLength(1);
    sendAfterResponse(written.map((row) => row.id));
    await waitForOutbox(allSettled);

    const sent = sender.accepted[0]!;
    expect(sent.replyTo).toEqual({ email: "events@baptistmen.example", name: "Events desk" });
    const [attachment] = sent.attachments!;
    expect(attachment).toMatchObject({ filename: "event.ics", type: "text/calendar; method=PUBLISH", disposition: "attachment" });
    // Sent base64-encoded (the binding's form for string content); it decodes to the calendar file.
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(attachment!.content as string), (c) => c.charCodeAt(0)));
    expect(decoded).toBe(ics());
    expect(decoded).toContain("SUMMARY:National Men's Conference");
    expect(JSON.parse((await outboxRows())[0]!.attachments!)[0].content).toBe(ics());
  });

  it("writes nothing when the guard fails, and nothing when the write it goes with fails", async () => {
    const db = getDb();
    const guard = sql`EXISTS (SELECT 1 FROM ${site_meta} WHERE ${site_meta.key} = 'no-such-registration')`;
    const [written] = await db.batch([enqueueRenderedEmailQuery(db, confirmation("gift@example.mw"), guard)]);
    expect(written).toEqual([]);
    await registered("registration-8-x");
    await expect(db.batch([enqueueRenderedEmailQuery(db, confirmation("x@example.mw")), registered("registration-8-x")])).rejects.toThrow();
    expect(await outboxRows()).toEqual([]);
  });

  it("refuses, when it is written, an e-mail the provider would refuse", () => {
    const db = getDb();
    const refused = (changes: Partial<OutboxEmail>) => () => enqueueRenderedEmailQuery(db, { ...confirmation("gift@example.mw"), ...changes });
    expect(refused({ to: "not an address" })).toThrow(EmailRefused);
    expect(refused({ to: "a@example.mw, b@example.mw" })).toThrow(EmailRefused);
    expect(refused({ replyTo: { email: "x@example.mw\r\nBcc: y@example.mw" } })).toThrow(/reply-to/);
    expect(refused({ headers: { "Reply-To": "x@example.mw" } })).toThrow(/replyTo/);
    expect(refused({ attachments: [{ filename: "../x.ics", type: "text/calendar", content: "x" }] })).toThrow(/not allowed/);
    expect(() => checkHeaders({ From: "x@example.mw" })).toThrow(/its own field/);
    expect(() => checkHeaders({ Date: "today" })).toThrow(/not allowed/);
    expect(() => checkHeaders({ "List-Unsubscribe": "<http://baptistmen.example/u>" })).toThrow(/https/);
    expect(() => checkHeaders({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" })).toThrow(/https List-Unsubscribe/);
    expect(() => checkHeaders({ "X-Campaign": "a\r\nBcc: b@example.mw" })).toThrow(/one non-empty line/);
    expect(checkHeaders({ "list-unsubscribe": "<https://baptistmen.example/u>", "X-Campaign": "n1" })).toEqual({ "List-Unsubscribe": "<https://baptistmen.example/u>", "X-Campaign": "n1" });
  });
});

describe("/admin/outbox", () => {
  it("finds the messages to one phone number (typed as people write it) or e-mail address, however many went since", async () => {
    await runSql([
      `INSERT INTO email_outbox (kind, recipient, channel, status, body_text, next_attempt_at, created_at) VALUES
        ('registration-confirmed', '+265991000001', 'sms', 'sent', 'BaptistMen: You are registered for Men''s Conference.', '2031-01-01T08:00:00.000Z', '2031-01-01T08:00:00.000Z'),
        ('registration-confirmed', '+265888000002', 'sms', 'sent', 'BaptistMen: Someone else.', '2031-01-01T08:01:00.000Z', '2031-01-01T08:01:00.000Z')`,
      // 150 newsletter copies after it: the list shows the newest 100.
      `INSERT INTO email_outbox (kind, recipient, from_name, subject, body_text, body_html, status, next_attempt_at, created_at)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
        SELECT 'newsletter', 'reader' || i || '@example.mw', 'Baptist Men', 'December news', 'Text', '<p>Text</p>', 'sent', '2031-02-01T08:00:00.000Z', '2031-02-01T08:00:00.000Z' FROM n`,
    ]);
    await createAdmin();
    const cookie = await signIn();
    const text = async (path: string) => (await (await request(path, { cookie })).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(await text("/admin/outbox")).not.toContain("SMS to +265991000001");

    const found = await text(`/admin/outbox?to=${encodeURIComponent("0991 000 001")}`);
    expect(found).toContain("SMS to +265991000001");
    expect(found).not.toContain("+265888000002");
    expect(found).not.toContain("December news");
    expect(found).toContain("All (1)");
    expect(await text("/admin/outbox?to=%2B265991000001")).toContain("SMS to +265991000001");
    const reader = await text("/admin/outbox?to=Reader12%40example");
    expect(reader).toContain("To reader12@example.mw");
    expect(reader).not.toContain("reader13@example.mw");
    // A search's own wildcards match nothing but themselves.
    expect(await text("/admin/outbox?to=%25")).toContain("Nothing to %.");
    // Its form works without a script and names its field.
    const page = await (await request("/admin/outbox?to=0991", { cookie })).text();
    expect(page).toMatch(/<form (?=[^>]*method="get")(?=[^>]*role="search")/);
    expect(page).toMatch(/<label for="outbox-to"[^>]*>Find by phone number or e-mail<\/label>/);
    expect(page).toContain('value="0991"');
    // In words for staff who are not engineers: what each tab means, and an empty one speaks of SMS too.
    const failed = await text("/admin/outbox?status=failed");
    expect(failed).toContain("Delivered: the SMS service says it reached the phone (e-mails never say so).");
    expect(failed).toContain("No failed e-mails or SMS.");
  });

  it("lists messages newest first with recipient, kind, subject, status, error and time; one opens to exactly what was sent", async () => {
    await saveContactSettings({ president_email: PRESIDENT });
    fakeSender((payload) => (payload.subject.includes("Second") ? new Error("connection reset") : undefined));
    await sendContact({ subject: "First" });
    await waitForOutbox((rows) => rows.length === 1 && allSettled(rows));
    await sendContact({ subject: "Second" });
    await waitForOutbox((rows) => rows.length === 2 && allSettled(rows));
    await createAdmin();
    const cookie = await signIn();

    const list = await (await request("/admin/outbox", { cookie })).text();
    expect(list.indexOf("New contact message: Second")).toBeLessThan(list.indexOf("New contact message: First"));
    expect(list).toContain(`To ${PRESIDENT} · Contact message · `);
    expect(list).toContain("connection reset");
    expect(list).toMatch(/>Sent<\/span>/);
    expect(list).toMatch(/>Failed<\/span>/);
    expect(list).toContain("All (2)");
    const failedOnly = await (await request("/admin/outbox?status=failed", { cookie })).text();
    expect(failedOnly).toContain("New contact message: Second");
    expect(failedOnly).not.toContain("New contact message: First");

    const [first, second] = await outboxRows();
    const detail = await (await request(`/admin/outbox/${first!.id}`, { cookie })).text();
    expect(detail).toContain(`Baptist Men&#x27;s Ministry Malawi &lt;${MAIL_FROM}&gt;`);
    expect(detail).toContain("Chisomo Tembo &lt;chisomo@example.mw&gt;");
    expect(detail).toContain("Where does the fellowship meet?");
    expect(detail).toMatch(/<iframe[^>]*sandbox=""/);
    expect(detail).not.toContain('value="retry"');
    const failedDetail = await (await request(`/admin/outbox/${second!.id}`, { cookie })).text();
    expect(failedDetail).toContain('value="retry"');
    expect((await request(`/admin/outbox/${first!.id}`)).status).toBe(302);
    expect((await postForm(`/admin/outbox/${first!.id}`, { intent: "retry" }, { cookie })).status).toBe(302);
    expect((await outboxRows())[0]?.status).toBe("sent");
  });
});
