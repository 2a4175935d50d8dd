// The newsletter (issue 16, parts 4 to 6): double opt-in, unsubscribing (a GET never does it), the
// composer's refusals, its test and its Send, and the fan-out through the queue: 500 subscribers
// with failures midway, a resume that skips nobody and sends nobody twice, a queue message
// delivered twice, suppressed addresses.
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_PAGE, NEWSLETTER_COPY_REFUSED, UNSUBSCRIBE_PAGE } from "~/features/messaging/newsletter-copy";
import { SUBSCRIBE_MESSAGES } from "~/features/messaging/subscribe-form";
import { NEWSLETTER_MESSAGES } from "~/features/messaging/newsletter-form";
import { claimOutboxRows, SENDING_INTERRUPTED } from "~/server/outbox.server";
import { DAILY_CRON, OUTBOX_CRON } from "../../workers/scheduled-jobs";
import {
  ageOutbox,
  allSettled,
  captureQueue,
  confirmedSubscribers,
  deliverQueueMessages,
  expectNoRemoteContent,
  failMarkingSent,
  fakeSender,
  outboxRows,
  providerError,
  runCron,
  SITE_URL,
  withEmailSetUp,
  waitForOutbox,
} from "./email-helpers";
import { createAdmin, postForm, request, runSql, seedDemo, signIn, TEST_ADMIN, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

withEmailSetUp();

type SubscriberRow = { email: string; confirmed_at: string | null; confirm_token: string | null; confirm_sent_at: string | null; unsubscribe_token: string | null; suppressed_at: string | null };

async function subscribers(): Promise<SubscriberRow[]> {
  return (await env.DB.prepare("SELECT * FROM newsletter_subscribers ORDER BY id").all<SubscriberRow>()).results;
}

function subscribe(email: string) {
  return postForm("/subscribe", { email }, { headers: { Referer: "http://localhost/blog" } });
}

/** The confirmation link of the latest confirmation e-mail to `email`, read from the outbox. */
async function confirmationLink(email: string): Promise<string> {
  const rows = await outboxRows(`kind = 'subscribe-confirmation' AND recipient = '${email}'`);
  const link = /https:\/\/\S+\/newsletter\/confirm\/[a-f0-9]{32}/.exec(rows.at(-1)!.body_text!)?.[0];
  return new URL(link!).pathname;
}

async function mainText(response: Response) {
  const html = await response.text();
  return html.slice(html.indexOf("<main"), html.indexOf("</main>")).replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, " ");
}

describe("double opt-in", () => {
  it("subscribing stores the address unconfirmed and sends one confirmation link; the footer says to check the inbox", async () => {
    const sender = fakeSender();
    const response = await subscribe("Reader@Example.MW");
    expect(response.status).toBe(303);
    expect(await toastOf(response)).toMatchObject({ description: "Thank you! Check your inbox to confirm." });
    await waitForOutbox(allSettled);
    expect(await subscribers()).toMatchObject([{ email: "reader@example.mw", confirmed_at: null }]);
    const sent = sender.accepted[0]!;
    expect(sent.to).toBe("reader@example.mw");
    expect(sent.subject).toBe("Please confirm your subscription to Baptist Men's Ministry Malawi");
    const token = (await subscribers())[0]!.confirm_token!;
    expect(sent.text).toContain(`${SITE_URL}/newsletter/confirm/${token}`);
    expect(sent.html).toContain(`href="${SITE_URL}/newsletter/confirm/${token}"`);
    expect(sent.text).toContain("Falls Area 1, Lilongwe, Malawi");
    expectNoRemoteContent(sent.html!);
  });

  it("subscribing twice looks the same and sends at most one confirmation a day; a confirmed address gets none", async () => {
    const sender = fakeSender();
    for (let i = 0; i < 3; i++) {
      expect(await toastOf(await subscribe("reader@example.mw"))).toMatchObject({ description: SUBSCRIBE_MESSAGES.success });
    }
    await waitForOutbox(allSettled);
    expect(sender.calls()).toBe(1);

    await runSql(["UPDATE newsletter_subscribers SET confirm_sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours')"]);
    const firstLink = await confirmationLink("reader@example.mw");
    expect(await toastOf(await subscribe("reader@example.mw"))).toMatchObject({ description: SUBSCRIBE_MESSAGES.success });
    await waitForOutbox((rows) => rows.length === 2 && allSettled(rows));
    const secondLink = await confirmationLink("reader@example.mw");
    expect(secondLink).not.toBe(firstLink);

    expect((await postForm(secondLink, {})).status).toBe(200);
    expect(await toastOf(await subscribe("reader@example.mw"))).toMatchObject({ description: SUBSCRIBE_MESSAGES.success });
    await runSql(["UPDATE newsletter_subscribers SET confirm_sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 days')"]);
    await subscribe("reader@example.mw");
    expect((await outboxRows()).length).toBe(2);
  });

  it("the link opens a page with a Confirm button; opening it changes nothing, pressing it confirms", async () => {
    fakeSender();
    await subscribe("reader@example.mw");
    await waitForOutbox(allSettled);
    const link = await confirmationLink("reader@example.mw");

    const page = await request(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toContain(CONFIRM_PAGE.pending.title);
    expect(html).toMatch(/<form[^>]* method="post"><button type="submit"[^>]*>Confirm<\/button><\/form>/);
    expect(html).not.toMatch(/<script[^>]*src=/);
    expect((await subscribers())[0]?.confirmed_at).toBeNull();

    const confirmed = await postForm(link, {});
    expect(confirmed.status).toBe(200);
    expect(await mainText(confirmed)).toContain(CONFIRM_PAGE.confirmed.title);
    expect((await subscribers())[0]?.confirmed_at).not.toBeNull();
  });

  it("unknown, expired and used confirmation links get a page that says so", async () => {
    fakeSender();
    await subscribe("reader@example.mw");
    await waitForOutbox(allSettled);
    const link = await confirmationLink("reader@example.mw");

    for (const path of ["/newsletter/confirm/0123456789abcdef0123456789abcdef", "/newsletter/confirm/%3Cscript%3E"]) {
      const page = await request(path);
      expect(page.status).toBe(200);
      expect(await mainText(page)).toContain(CONFIRM_PAGE.unknown.title);
      expect(await mainText(await postForm(path, {}))).toContain(CONFIRM_PAGE.unknown.title);
    }
    await runSql(["UPDATE newsletter_subscribers SET confirm_sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days')"]);
    expect(await mainText(await request(link))).toContain(CONFIRM_PAGE.expired.title);
    expect(await mainText(await postForm(link, {}))).toContain(CONFIRM_PAGE.expired.title);
    expect((await subscribers())[0]?.confirmed_at).toBeNull();

    await runSql(["UPDATE newsletter_subscribers SET confirm_sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 days')"]);
    await postForm(link, {});
    expect(await mainText(await request(link))).toContain(CONFIRM_PAGE["already-confirmed"].title);
    expect(await mainText(await postForm(link, {}))).toContain(CONFIRM_PAGE["already-confirmed"].title);
  });

  it("addresses never confirmed are deleted after 7 days; confirmed ones, and subscribers from before double opt-in, stay", async () => {
    await runSql([
      `INSERT INTO newsletter_subscribers (email, created_at, confirm_sent_at, confirmed_at) VALUES
        ('stale@example.mw', '2026-01-01T00:00:00.000Z', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-8 days'), NULL),
        ('waiting@example.mw', '2026-01-01T00:00:00.000Z', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-6 days'), NULL),
        ('confirmed@example.mw', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
    ]);
    await runCron(DAILY_CRON);
    expect((await subscribers()).map((row) => row.email)).toEqual(["waiting@example.mw", "confirmed@example.mw"]);
  });

  it("the migration counts everyone who subscribed before it as confirmed, each with an unsubscribe link", async () => {
    await reset();
    const migrations = env.TEST_MIGRATIONS;
    const index = migrations.findIndex((migration) => migration.name.startsWith("0006_"));
    await applyD1Migrations(env.DB, migrations.slice(0, index));
    await runSql(["INSERT INTO newsletter_subscribers (email, created_at) VALUES ('early@example.mw', '2025-05-01T10:00:00.000Z'), ('later@example.mw', '2026-02-01T10:00:00.000Z')"]);
    await applyD1Migrations(env.DB, migrations);
    const rows = await subscribers();
    expect(rows.map((row) => [row.email, row.confirmed_at])).toEqual([
      ["early@example.mw", "2025-05-01T10:00:00.000Z"],
      ["later@example.mw", "2026-02-01T10:00:00.000Z"],
    ]);
    expect(new Set(rows.map((row) => row.unsubscribe_token)).size).toBe(2);
    for (const row of rows) expect(row.unsubscribe_token).toMatch(/^[a-f0-9]{32}$/);
    await runCron(DAILY_CRON);
    expect(await subscribers()).toHaveLength(2);
  });
});

describe("unsubscribing", () => {
  beforeEach(async () => {
    await confirmedSubscribers(2);
  });

  it("the link shows an Unsubscribe button and changes nothing; the button unsubscribes without signing in", async () => {
    const page = await request("/newsletter/unsubscribe/token-of-reader-000001");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const text = await mainText(page);
    expect(text).toContain(UNSUBSCRIBE_PAGE.text("reader1@example.mw"));
    expect(text).toContain("Unsubscribe");
    expect(await subscribers()).toHaveLength(2);

    const done = await postForm("/newsletter/unsubscribe/token-of-reader-000001", {});
    expect(done.status).toBe(200);
    expect(await mainText(done)).toContain(UNSUBSCRIBE_PAGE.unsubscribed.title);
    expect((await subscribers()).map((row) => row.email)).toEqual(["reader2@example.mw"]);

    expect(await mainText(await request("/newsletter/unsubscribe/token-of-reader-000001"))).toContain(UNSUBSCRIBE_PAGE["not-subscribed"].title);
    expect(await mainText(await postForm("/newsletter/unsubscribe/token-of-reader-000001", {}))).toContain(UNSUBSCRIBE_PAGE["not-subscribed"].title);
    expect(await mainText(await request("/newsletter/unsubscribe/nope"))).toContain(UNSUBSCRIBE_PAGE["not-subscribed"].title);
  });

  it("takes a mail provider's one-click POST (RFC 8058), which has no Origin and no cookies", async () => {
    const response = await env.DB.prepare("SELECT 1").first().then(() =>
      // Straight to the Worker, as Gmail's servers send it.
      import("cloudflare:workers").then(({ exports }) =>
        exports.default.fetch(
          new Request("http://localhost/newsletter/unsubscribe/token-of-reader-000002", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
        ),
      ),
    );
    expect(response.status).toBe(200);
    expect((await subscribers()).map((row) => row.email)).toEqual(["reader1@example.mw"]);
  });
});

async function composerCookie() {
  if (!(await env.DB.prepare("SELECT 1 FROM admin_users WHERE email = ?1").bind(TEST_ADMIN.email).first())) await createAdmin();
  return signIn();
}

async function sendKeyOf(cookie: string) {
  const html = await (await request("/admin/newsletter", { cookie })).text();
  return /name="send_key" value="([a-f0-9]{32})"/.exec(html)![1]!;
}

function compose(cookie: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return request("/admin/newsletter", { method: "POST", cookie, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.toString() });
}

describe("the composer", () => {
  it("offers recent posts and upcoming events, previews them, and gives the WhatsApp text", async () => {
    await seedDemo();
    const cookie = await composerCookie();
    const page = await (await request("/admin/newsletter", { cookie })).text();
    expect(page).toContain("Recent posts to include");
    expect(page).toContain("Upcoming events to include");
    expect(page).toMatch(/<input type="checkbox"[^>]* name="posts" value="\d+"/);
    expect(page).toContain("Copy for WhatsApp");
    expect(page).toContain("Send a test to me");
    expect(page).toContain("Send to all confirmed subscribers");
    expect(page).toContain("1 person now");

    const postId = /<input type="checkbox"[^>]* name="posts" value="(\d+)"/.exec(page)![1]!;
    const eventId = /<input type="checkbox"[^>]* name="events" value="(\d+)"/.exec(page)![1]!;
    const preview = await compose(cookie, { send_key: await sendKeyOf(cookie), subject: "June news", intro: "Dear brothers,\n\nGreetings.", posts: postId, events: eventId, intent: "preview" });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Subject: June news");
    expect(html).toMatch(/srcDoc="[^"]*Dear brothers,[^"]*From the blog[^"]*Upcoming events/);
    expect(html).toMatch(/<textarea readOnly=""[^>]*aria-label="The newsletter as text for WhatsApp"[^>]*>\*June news\*\n\nDear brothers,\n\nGreetings\.\n\n\*From the blog\*\n• /);
    expect(await outboxRows()).toEqual([]);
  });

  it("refuses an empty subject, an empty newsletter, sending to nobody, and sending while e-mail is not set up", async () => {
    const cookie = await composerCookie();
    const sendKey = await sendKeyOf(cookie);
    const emptySubject = await compose(cookie, { send_key: sendKey, subject: " ", intro: "Hello", intent: "send" });
    expect(emptySubject.status).toBe(400);
    expect(await emptySubject.text()).toContain(NEWSLETTER_MESSAGES.subjectRequired);
    const empty = await compose(cookie, { send_key: sendKey, subject: "News", intro: "  ", intent: "send" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(NEWSLETTER_MESSAGES.empty);
    const nobody = await compose(cookie, { send_key: sendKey, subject: "News", intro: "Hello", intent: "send" });
    expect(nobody.status).toBe(409);
    expect(await nobody.text()).toContain(NEWSLETTER_MESSAGES.noSubscribers);
    env.MAIL_FROM = "";
    await confirmedSubscribers(1);
    const notSetUp = await compose(cookie, { send_key: sendKey, subject: "News", intro: "Hello", intent: "send" });
    expect(notSetUp.status).toBe(409);
    expect(await notSetUp.text()).toContain(NEWSLETTER_MESSAGES.notSetUp);
    expect(await outboxRows()).toEqual([]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletters").first("n")).toBe(0);
  });

  it("sends a test to the signed-in admin only, marked as a test, with the unsubscribe headers", async () => {
    await confirmedSubscribers(3);
    const sender = fakeSender();
    const cookie = await composerCookie();
    const response = await compose(cookie, { send_key: await sendKeyOf(cookie), subject: "June news", intro: "Hello", intent: "test" });
    expect(response.status).toBe(200);
    // Said on the page itself, not only in a toast (which needs JavaScript).
    expect(textOf(await response.text())).toContain(NEWSLETTER_MESSAGES.testSent(TEST_ADMIN.email));
    await waitForOutbox(allSettled);
    expect(sender.accepted.map((payload) => [payload.to, payload.subject])).toEqual([[TEST_ADMIN.email, "[Test] June news"]]);
    expect(sender.accepted[0]!.headers).toEqual({
      "List-Unsubscribe": `<${SITE_URL}/newsletter/unsubscribe/this-link-is-personal-in-each-copy>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletters").first("n")).toBe(0);
  });

  it("Send snapshots the confirmed subscribers into one row each and hands them to the queue 25 at a time; pressed twice it sends once", async () => {
    await confirmedSubscribers(60);
    await runSql([
      "INSERT INTO newsletter_subscribers (email, confirm_token, confirm_sent_at, unsubscribe_token) VALUES ('unconfirmed@example.mw', 'c1', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'u-unconfirmed-000001')",
      "INSERT INTO newsletter_subscribers (email, confirmed_at, suppressed_at, unsubscribe_token) VALUES ('bounced@example.mw', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', 'u-bounced-0000001')",
    ]);
    const queue = captureQueue();
    const cookie = await composerCookie();
    const fields = { send_key: await sendKeyOf(cookie), subject: "June news", intro: "Hello", intent: "send", confirmed: "yes" };
    // Without the dialog (no JavaScript) the first press only asks, and sends nothing.
    const asked = await compose(cookie, { ...fields, confirmed: "" });
    expect(asked.status).toBe(200);
    const page = textOf(await asked.text());
    expect(page).toContain("Send “June news” to 60 confirmed subscribers? Nothing has been sent yet");
    expect(await outboxRows()).toEqual([]);
    const sent = await compose(cookie, fields);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toMatch(/^\/admin\/newsletter\/\d+$/);
    expect(await toastOf(sent)).toMatchObject({ description: NEWSLETTER_MESSAGES.sending(60) });
    const again = await compose(cookie, fields);
    expect(again.headers.get("Location")).toBe(sent.headers.get("Location"));
    expect(await toastOf(again)).toMatchObject({ description: NEWSLETTER_MESSAGES.alreadySent });

    const rows = await outboxRows();
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.recipient)).size).toBe(60);
    expect(rows.every((row) => row.kind === "newsletter" && row.status === "queued" && row.body_html === null)).toBe(true);
    expect(rows.map((row) => row.recipient)).not.toContain("unconfirmed@example.mw");
    expect(rows.map((row) => row.recipient)).not.toContain("bounced@example.mw");
    expect(rows[0]!.unsubscribe_url).toBe(`${SITE_URL}/newsletter/unsubscribe/token-of-reader-000001`);
    expect(queue.messages.map((message) => message.body.ids.length)).toEqual([25, 25, 10]);
    expect(queue.messages.flatMap((message) => message.body.ids)).toEqual(rows.map((row) => row.id));
    expect(await env.DB.prepare("SELECT recipients FROM newsletters").first("recipients")).toBe(60);
  });
});

describe("the same newsletter twice", () => {
  it("two admins pressing Send on the same newsletter at once, each from his own page: it goes once; the other is told, keeps what he typed, and may send it again by ticking", async () => {
    await confirmedSubscribers(3);
    captureQueue();
    const cookie = await composerCookie();
    const fields = { subject: "June news", intro: "Dear brothers,\n\nThe conference is near.", intent: "send", confirmed: "yes" };
    const [one, two] = [await sendKeyOf(cookie), await sendKeyOf(cookie)];
    expect(one).not.toBe(two);
    const answers = await Promise.all([compose(cookie, { ...fields, send_key: one }), compose(cookie, { ...fields, send_key: two })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletters").first("n")).toBe(1);
    expect(await outboxRows()).toHaveLength(3);
    const page = await (answers.find((answer) => answer.status === 409)!).text();
    const text = textOf(page);
    expect(text).toMatch(/This newsletter went to the subscribers at \d\d:\d\d, sent by admin@example\.org, so nothing was sent now\. To send it to them a second time, tick “Send it to them again”/);
    expect(page).toMatch(/name="subject"[^>]*value="June news"/);
    expect(page).toContain("The conference is near.</textarea>");

    // Without JavaScript the confirm step says so before anything goes, and offers the tick.
    const asked = textOf(await (await compose(cookie, { ...fields, send_key: two, confirmed: "" })).text());
    expect(asked).toMatch(/This newsletter went to the subscribers at \d\d:\d\d, sent by admin@example\.org\. Sending it again sends it to them twice\./);
    expect(asked).toContain(NEWSLETTER_MESSAGES.again);

    // Ticked, it goes a second time.
    const again = /name="send_again" value="(\d+)"/.exec(page)![1]!;
    expect((await compose(cookie, { ...fields, send_key: two, send_again: again })).status).toBe(302);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletters").first("n")).toBe(2);
    expect(await outboxRows()).toHaveLength(6);
  });
});

describe("the fan-out", () => {
  async function sendNewsletter(subject = "June news") {
    const cookie = await composerCookie();
    const queue = captureQueue();
    const response = await compose(cookie, { send_key: await sendKeyOf(cookie), subject, intro: "Dear brothers,\n\nThe conference is near.", intent: "send", confirmed: "yes" });
    expect(response.status).toBe(302);
    return { cookie, queue, page: response.headers.get("Location")! };
  }

  it("each copy goes to one reader with their own unsubscribe link and headers", async () => {
    await confirmedSubscribers(3);
    const { queue } = await sendNewsletter();
    const sender = fakeSender();
    const result = await deliverQueueMessages(queue.messages);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(sender.accepted.map((payload) => payload.to)).toEqual(["reader1@example.mw", "reader2@example.mw", "reader3@example.mw"]);
    for (const [i, payload] of sender.accepted.entries()) {
      const url = `${SITE_URL}/newsletter/unsubscribe/token-of-reader-00000${i + 1}`;
      expect(payload.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect(payload.text).toContain(`Unsubscribe:\n${url}`);
      expect(payload.html).toContain(`href="${url}"`);
      expect(payload.text).toContain("The conference is near.");
      expect(payload.text).toContain("Falls Area 1, Lilongwe, Malawi");
      expect(payload.subject).toBe("June news");
      expectNoRemoteContent(payload.html!);
    }
  });

  it("a reply to a copy, to a test or to the confirmation reaches the ministry's general address (the sender's address need not be a mailbox)", async () => {
    await confirmedSubscribers(1);
    const { queue, cookie } = await sendNewsletter();
    const sender = fakeSender();
    await deliverQueueMessages(queue.messages);
    await compose(cookie, { send_key: await sendKeyOf(cookie), subject: "June news", intro: "Hello", intent: "test" });
    await subscribe("new@example.mw");
    await waitForOutbox((rows) => rows.length === 3 && allSettled(rows));
    const ministry = { email: "president@baptistmen.mw", name: "Baptist Men's Ministry Malawi" };
    expect(sender.accepted.map((payload) => [payload.to, payload.replyTo])).toEqual([
      ["reader1@example.mw", ministry],
      [TEST_ADMIN.email, ministry],
      ["new@example.mw", ministry],
    ]);
  });

  it("500 subscribers with a rate limit, failing readers and a dead worker midway: the resume skips nobody and sends nobody twice", async () => {
    await confirmedSubscribers(500);
    const { queue, cookie, page } = await sendNewsletter();
    expect(queue.messages).toHaveLength(20);

    const flaky = new Set(["reader77@example.mw", "reader301@example.mw"]);
    const sender = fakeSender((payload, call) => {
      if (call === 200) return providerError("E_RATE_LIMIT_EXCEEDED", "too fast");
      if (flaky.has(payload.to as string)) {
        flaky.delete(payload.to as string);
        return providerError("E_INTERNAL_SERVER_ERROR", "try again");
      }
      return undefined;
    });

    // A worker claims the rows of message 12 and dies before sending any of them.
    const dead = queue.messages[11]!;
    await claimOutboxRows(dead.body.ids, new Date(), new Date());

    const first = await deliverQueueMessages(queue.messages);
    // Call 200 hit the rate limit: the rest of that message waits a minute, and the queue delivers it again.
    expect(first.retryMessages).toEqual([{ msgId: "m8" }]);
    const waiting = await outboxRows("status = 'queued'");
    expect(waiting.map((row) => row.id)).toEqual(queue.messages[7]!.body.ids.slice(-1));
    expect(waiting[0]).toMatchObject({ attempts: 0, last_error: "Waiting: E_RATE_LIMIT_EXCEEDED: too fast" });
    // A minute from when it was put back (not from now: sending the other 300 copies takes a while on a busy machine).
    expect(Date.parse(waiting[0]!.next_attempt_at!) - Date.parse(waiting[0]!.updated_at)).toBe(60_000);
    const retried = new Set(first.retryMessages.map((retry) => retry.msgId));

    let progress = await (await request(page, { cookie })).text();
    expect(progress).toMatch(/\d+ sent/);
    expect(progress).toContain("2 failed");
    // "This page updates by itself" holds without JavaScript too: the browser reloads it while copies go out.
    expect(progress).toMatch(/<noscript><meta http-equiv="refresh" content="15"\/?><\/noscript>/);

    // The queue delivers the retried messages again after their delay: they are due by then.
    await ageOutbox(2, "status = 'queued'");
    const second = await deliverQueueMessages(queue.messages.filter((message) => retried.has(message.id)).map((message) => ({ ...message, attempts: 2 })));
    expect(second.retryMessages).toEqual([]);

    // The dead worker's rows: after 15 minutes the outbox cron puts them back and hands them to the queue.
    const before = queue.messages.length;
    await ageOutbox(16, "status = 'sending'");
    await runCron(OUTBOX_CRON);
    const requeued = queue.messages.slice(before);
    expect(requeued.flatMap((message) => message.body.ids)).toEqual(dead.body.ids);
    await deliverQueueMessages(requeued);

    // The two readers whose send failed are retried by the cron after the backoff.
    await ageOutbox(3, "status = 'failed'");
    await runCron(OUTBOX_CRON);
    await deliverQueueMessages(queue.messages.slice(before + requeued.length));

    // Every message delivered once more (as a queue may): nothing more is sent.
    const calls = sender.calls();
    const redelivered = await deliverQueueMessages(queue.messages.map((message) => ({ ...message, attempts: 3 })));
    expect(redelivered.explicitAcks).toHaveLength(queue.messages.length);
    expect(sender.calls()).toBe(calls);

    const recipients = sender.accepted.map((payload) => payload.to as string);
    expect(recipients).toHaveLength(500);
    expect(new Set(recipients).size).toBe(500);
    const rows = await outboxRows();
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(500);
    progress = await (await request(page, { cookie })).text();
    expect(progress).toContain("500 sent");
    expect(progress).toContain("0 failed");
    expect(progress).toContain("0 remaining");
    expect(progress).not.toContain('http-equiv="refresh"');
    // 500 sends with two D1 writes each (the attempt, then the result: decision 028): 11-24 s on a busy 2-core machine.
  }, 60_000);

  it("a copy the provider took but that could not be marked sent is not sent again; copies a dead worker only claimed are sent", async () => {
    await confirmedSubscribers(30);
    const { queue, cookie, page } = await sendNewsletter();
    expect(queue.messages).toHaveLength(2);
    // A worker claims the rows of the second message and dies before handing any to the provider.
    const claimedOnly = queue.messages[1]!.body.ids;
    await claimOutboxRows(claimedOnly, new Date(), new Date());
    // The provider takes reader7's copy, and D1 fails as the outbox marks it sent.
    let lastTo = "";
    const sender = fakeSender((payload) => {
      lastTo = payload.to as string;
      return undefined;
    });
    failMarkingSent(() => lastTo === "reader7@example.mw");
    vi.spyOn(console, "error").mockImplementation(() => {});
    await deliverQueueMessages(queue.messages);
    expect(sender.calls()).toBe(25);

    // After 15 minutes the outbox cron hands the claimed copies to the queue again, and not reader7's.
    const before = queue.messages.length;
    await ageOutbox(16, "status = 'sending'");
    await runCron(OUTBOX_CRON);
    const requeued = queue.messages.slice(before);
    expect(requeued.flatMap((message) => message.body.ids)).toEqual(claimedOnly);
    await deliverQueueMessages(requeued);
    // Every message delivered once more (as a queue may), and the cron again: nothing more goes out.
    await deliverQueueMessages(queue.messages.map((message) => ({ ...message, attempts: 2 })));
    await ageOutbox(16);
    await runCron(OUTBOX_CRON);

    const recipients = sender.accepted.map((payload) => payload.to as string);
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
    expect((await outboxRows("status <> 'sent'")).map((row) => [row.recipient, row.status, row.last_error])).toEqual([["reader7@example.mw", "failed", SENDING_INTERRUPTED]]);
    const progress = await (await request(page, { cookie })).text();
    expect(progress).toContain("29 sent");
    expect(progress).toContain("1 failed");
    expect(progress).toContain("0 remaining");
  });

  it("a redelivered queue message finds its rows sent and sends nothing", async () => {
    await confirmedSubscribers(25);
    const { queue } = await sendNewsletter();
    const sender = fakeSender();
    await deliverQueueMessages(queue.messages);
    expect(sender.calls()).toBe(25);
    const again = await deliverQueueMessages(queue.messages.map((message) => ({ ...message, attempts: 2 })));
    expect(again.explicitAcks).toEqual(["m1"]);
    expect(sender.calls()).toBe(25);
  });

  it("a suppressed reader is marked and skipped, now and in the next newsletter", async () => {
    await confirmedSubscribers(3);
    const { queue } = await sendNewsletter();
    const sender = fakeSender((payload) => (payload.to === "reader2@example.mw" ? providerError("E_RECIPIENT_SUPPRESSED", "hard bounce") : undefined));
    await deliverQueueMessages(queue.messages);
    expect((await outboxRows()).map((row) => [row.recipient, row.status, row.last_error])).toEqual([
      ["reader1@example.mw", "sent", null],
      ["reader2@example.mw", "failed", "Suppressed: E_RECIPIENT_SUPPRESSED: hard bounce"],
      ["reader3@example.mw", "sent", null],
    ]);
    expect((await subscribers()).find((row) => row.email === "reader2@example.mw")?.suppressed_at).not.toBeNull();
    await runCron(OUTBOX_CRON);
    expect(sender.calls()).toBe(3);

    const next = await sendNewsletter("July news");
    expect(next.queue.messages.flatMap((message) => message.body.ids)).toHaveLength(2);
  });

  it("an unsubscribe while a newsletter is going out stops that reader's copy", async () => {
    await confirmedSubscribers(2);
    const { queue } = await sendNewsletter();
    await postForm("/newsletter/unsubscribe/token-of-reader-000001", {});
    const sender = fakeSender();
    await deliverQueueMessages(queue.messages);
    expect(sender.accepted.map((payload) => payload.to)).toEqual(["reader2@example.mw"]);
    expect((await outboxRows())[0]).toMatchObject({ status: "failed", last_error: "Unsubscribed before it was sent" });
  });

  it("a copy that failed is never sent to a reader who since unsubscribed, bounced or left: not by the automatic retry, and the outbox offers no Retry and says why", async () => {
    await confirmedSubscribers(4);
    const { queue, cookie } = await sendNewsletter();
    // The service is down: every copy fails, to be tried again by itself later.
    const sender = fakeSender((_payload, call) => (call <= 4 ? providerError("E_INTERNAL_SERVER_ERROR", "try again") : undefined));
    await deliverQueueMessages(queue.messages);
    expect((await outboxRows()).map((row) => row.status)).toEqual(["failed", "failed", "failed", "failed"]);
    // Meanwhile reader1 unsubscribes, reader2's address bounces elsewhere, reader3 leaves and subscribes again.
    await postForm("/newsletter/unsubscribe/token-of-reader-000001", {});
    await runSql([
      "UPDATE newsletter_subscribers SET suppressed_at = '2026-03-01T00:00:00.000Z' WHERE email = 'reader2@example.mw'",
      "UPDATE newsletter_subscribers SET unsubscribe_token = 'token-of-reader3-again' WHERE email = 'reader3@example.mw'",
    ]);

    const [unsubscribed] = await outboxRows("recipient = 'reader1@example.mw'");
    const page = textOf(await (await request(`/admin/outbox/${unsubscribed!.id}`, { cookie })).text());
    expect(page).toContain(NEWSLETTER_COPY_REFUSED.unsubscribed);
    expect(page).not.toContain("Retry");
    // A Retry posted from a page opened before the reader left is refused, and sends nothing.
    const retry = await postForm(`/admin/outbox/${unsubscribed!.id}`, { intent: "retry" }, { cookie });
    expect(await toastOf(retry)).toMatchObject({ description: `Not sent again: ${NEWSLETTER_COPY_REFUSED.unsubscribed}` });

    const before = queue.messages.length;
    await ageOutbox(3, "status = 'failed'");
    await runCron(OUTBOX_CRON);
    await deliverQueueMessages(queue.messages.slice(before));
    expect(sender.accepted.map((payload) => payload.to)).toEqual(["reader4@example.mw"]);
    expect((await outboxRows()).map((row) => [row.recipient, row.status, row.last_error])).toEqual([
      ["reader1@example.mw", "failed", NEWSLETTER_COPY_REFUSED.unsubscribed],
      ["reader2@example.mw", "failed", NEWSLETTER_COPY_REFUSED.suppressed],
      ["reader3@example.mw", "failed", NEWSLETTER_COPY_REFUSED.resubscribed],
      // Sent by the retry; its first error stays, for its page.
      ["reader4@example.mw", "sent", "E_INTERNAL_SERVER_ERROR: try again"],
    ]);
    const suppressed = textOf(await (await request(`/admin/outbox/${(await outboxRows("recipient = 'reader2@example.mw'"))[0]!.id}`, { cookie })).text());
    expect(suppressed).toContain(NEWSLETTER_COPY_REFUSED.suppressed);
    expect(suppressed).not.toContain("Retry");
  });

  it("without a queue, the outbox cron sends the copies in portions", async () => {
    // Send sends the first 50 copies after its response; each outbox cron run then sends at most 100
    // (FIRST_PORTION_WITHOUT_QUEUE in the composer, NEWSLETTER_ROWS_PER_RUN.withoutQueue in the jobs).
    await confirmedSubscribers(230);
    const queue = env.OUTBOX_QUEUE;
    env.OUTBOX_QUEUE = undefined;
    try {
      const sender = fakeSender();
      const cookie = await composerCookie();
      const sent = await compose(cookie, { send_key: await sendKeyOf(cookie), subject: "June news", intro: "Hello", intent: "send", confirmed: "yes" });
      expect(sent.status).toBe(302);
      const sentCount = (rows: { status: string }[]) => rows.filter((row) => row.status === "sent").length;
      await waitForOutbox((rows) => rows.length === 230 && sentCount(rows) === 50);
      expect(sender.calls()).toBe(50);
      expect((await outboxRows("status = 'queued'")).length).toBe(180);

      await runCron(OUTBOX_CRON);
      expect(sender.calls()).toBe(150);
      expect((await outboxRows("status = 'queued'")).length).toBe(80);

      await runCron(OUTBOX_CRON);
      expect(sender.calls()).toBe(230);
      expect(await outboxRows("status <> 'sent'")).toEqual([]);

      await runCron(OUTBOX_CRON);
      expect(sender.calls()).toBe(230);
      const expected = Array.from({ length: 230 }, (_, i) => `reader${i + 1}@example.mw`);
      expect(sender.accepted.map((payload) => payload.to)).toEqual(expected);
    } finally {
      env.OUTBOX_QUEUE = queue;
    }
  });

  it("the composer lists past newsletters with their progress", async () => {
    await confirmedSubscribers(2);
    const { cookie, queue } = await sendNewsletter("June news");
    fakeSender();
    await deliverQueueMessages(queue.messages);
    const composer = await (await request("/admin/newsletter", { cookie })).text();
    expect(composer).toContain("Past newsletters");
    expect(composer).toMatch(/June news<\/a>/);
    expect(composer).toContain("2 sent");
  });

  it("the progress page points to failed copies only when some failed", async () => {
    await confirmedSubscribers(2);
    const { cookie, queue } = await sendNewsletter("June news");
    fakeSender();
    await deliverQueueMessages(queue.messages);
    const id = await env.DB.prepare("SELECT id FROM newsletters").first<number>("id");
    const done = textOf(await (await request(`/admin/newsletter/${id}`, { cookie })).text());
    expect(done).toContain("Done: every copy was sent.");
    expect(done).not.toContain("Failed copies are in the outbox");
    await runSql(["UPDATE email_outbox SET status = 'failed', last_error = 'Mailbox full' WHERE id = (SELECT min(id) FROM email_outbox WHERE kind = 'newsletter')"]);
    const failed = textOf(await (await request(`/admin/newsletter/${id}`, { cookie })).text());
    expect(failed).toContain("1 failed");
    expect(failed).toMatch(/Done\. Failed copies are in the outbox ?, where each can be retried\./);
  });
});
