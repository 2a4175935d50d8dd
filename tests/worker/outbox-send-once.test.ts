// A message goes out at most once by itself (issue 28, "A double send"; decision 028): when the
// provider took a message and the outbox could not record it, or the provider never answered, the
// outbox cron does not send it again; /admin/outbox says it may have gone out, and only a person's
// Retry sends it. Failures the provider reports are still retried by themselves, and senders racing
// for the same rows (the cron twice, the queue's consumer) send each message once. The newsletter's
// queue path is in email-newsletter.test.ts ("a copy the provider took but that could not be marked...").
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { claimOutboxRows, noAnswerReason, outboxSweep, recordSendAttempt, SENDING_INTERRUPTED } from "~/server/outbox.server";
import { SmsSendError } from "~/server/sms.server";
import { OUTBOX_CRON } from "../../workers/scheduled-jobs";
import {
  ageOutbox,
  allSettled,
  deliverQueueMessages,
  failMarkingSent,
  fakeSender,
  MAIL_FROM,
  outboxRows,
  providerError,
  runCron,
  waitForOutbox,
  withEmailSetUp,
} from "./email-helpers";
import { createAdmin, postForm, request, runSql, seedReference, signIn } from "./helpers";
import { smsSimulator, withSmsSetUp } from "./sms-helpers";

withEmailSetUp();

const CONTACT = { full_name: "Chisomo Tembo", email: "chisomo@example.mw", message: "Where does the fellowship meet?" };

function sendContact(subject: string) {
  return postForm("/contact", { ...CONTACT, subject }, { headers: { Referer: "http://localhost/contact" } });
}

/** What /admin/outbox and the message's own page show an Administrator. */
async function adminSees(id: number) {
  await createAdmin();
  const cookie = await signIn();
  return { cookie, list: await (await request("/admin/outbox?status=failed", { cookie })).text(), detail: await (await request(`/admin/outbox/${id}`, { cookie })).text() };
}

describe("an e-mail the provider took but the outbox could not mark sent", () => {
  it("is not sent again by the outbox cron; /admin/outbox says it may have gone out; a person's Retry sends it once", async () => {
    // Written while e-mail was not set up, so the outbox cron sends it (and the test knows when it is done).
    env.MAIL_FROM = "";
    await sendContact("Sent once");
    env.MAIL_FROM = MAIL_FROM;
    const sender = fakeSender();
    const marking = failMarkingSent();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await runCron(OUTBOX_CRON);
    marking.mockRestore();
    expect(sender.calls()).toBe(1);

    // Within 15 minutes the row may still be with its sender; after them, the cron finds it.
    await runCron(OUTBOX_CRON);
    await ageOutbox(16);
    await runCron(OUTBOX_CRON);
    await runCron(OUTBOX_CRON);
    expect(sender.calls()).toBe(1);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "failed", last_error: SENDING_INTERRUPTED, next_attempt_at: null });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("went out but could not be marked sent"), expect.anything());

    const { cookie, list, detail } = await adminSees(row!.id);
    expect(list).toContain("New contact message: Sent once");
    expect(list).toContain(SENDING_INTERRUPTED);
    expect(detail).toContain(SENDING_INTERRUPTED);
    expect(detail).not.toContain("Tried again by itself");
    expect(detail).toContain('value="retry"');

    // The staff's Retry is deliberate: it sends the message, once.
    expect((await postForm(`/admin/outbox/${row!.id}`, { intent: "retry" }, { cookie })).status).toBe(302);
    await waitForOutbox((rows) => rows[0]?.status === "sent");
    await ageOutbox(16);
    await runCron(OUTBOX_CRON);
    expect(sender.calls()).toBe(2);
    expect(sender.accepted.map((payload) => payload.subject)).toEqual(["New contact message: Sent once", "New contact message: Sent once"]);
    expect((await outboxRows())[0]).toMatchObject({ status: "sent", attempts: 1, last_error: SENDING_INTERRUPTED });
  });

  it("is marked sent after all when D1 fails only for a moment (the mark is tried again)", async () => {
    const sender = fakeSender();
    let failures = 0;
    failMarkingSent(() => ++failures <= 2);
    await sendContact("Brief hiccup");
    await waitForOutbox((rows) => rows[0]?.status === "sent");
    expect(sender.calls()).toBe(1);
  });
});

describe("what the e-mail service answered decides the automatic retry", () => {
  it("a failure it reports is retried by itself; a send it never answers fails as 'may have gone out' and is not", async () => {
    const sender = fakeSender((payload, call) => {
      if (call > 2) return undefined;
      return payload.subject.includes("Reported") ? providerError("E_INTERNAL_SERVER_ERROR", "temporarily unavailable") : new Error("Network connection lost.");
    });
    await sendContact("Reported");
    await waitForOutbox((rows) => rows.length === 1 && allSettled(rows));
    await sendContact("Unanswered");
    await waitForOutbox((rows) => rows.length === 2 && allSettled(rows));
    const [reported, unanswered] = await outboxRows();
    expect(reported).toMatchObject({ status: "failed", last_error: "E_INTERNAL_SERVER_ERROR: temporarily unavailable" });
    expect(reported!.next_attempt_at).not.toBeNull();
    expect(unanswered).toMatchObject({ status: "failed", last_error: noAnswerReason("Network connection lost."), next_attempt_at: null });

    await ageOutbox(7 * 60);
    await runCron(OUTBOX_CRON);
    expect((await outboxRows()).map((row) => row.status)).toEqual(["sent", "failed"]);
    expect(sender.calls()).toBe(3);
    expect(sender.accepted.map((payload) => payload.subject)).toEqual(["New contact message: Reported"]);
  });
});

describe("senders racing for the same rows", () => {
  /** `n` e-mails due now to reader1@…, then rows a dead sender left in 'sending' 16 minutes ago: claimed only, then handed over. */
  async function writeMessages(n: number, stale: { handedOver: number; claimedOnly: number } = { handedOver: 0, claimedOnly: 0 }) {
    const row = (i: number, rest: string) => `('contact-notification', 'reader${i}@example.mw', 'BMM', 'Message ${i}', 't', '<p>h</p>'${rest})`;
    const sixteen = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-16 minutes')";
    const due = Array.from({ length: n }, (_, i) => row(i + 1, ", 'queued', 0, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"));
    const claimed = Array.from({ length: stale.claimedOnly }, (_, i) => row(n + i + 1, `, 'sending', 1, ${sixteen}, ${sixteen}`));
    const handed = Array.from({ length: stale.handedOver }, (_, i) => row(n + stale.claimedOnly + i + 1, `, 'sending', 1, ${sixteen}, NULL`));
    await runSql([
      `INSERT INTO email_outbox (kind, recipient, from_name, subject, body_text, body_html, status, attempts, claimed_at, next_attempt_at) VALUES ${[...due, ...claimed, ...handed].join(", ")}`,
    ]);
    return (await outboxRows()).map((stored) => stored.id);
  }

  it("two outbox cron runs and the queue's consumer at once send each message once, and none that may have gone out", async () => {
    const sender = fakeSender();
    const ids = await writeMessages(30, { claimedOnly: 5, handedOver: 2 });
    const jobs = [{ id: "a", body: { ids: ids.slice(0, 25) } }, { id: "b", body: { ids: ids.slice(25) } }];
    await Promise.all([runCron(OUTBOX_CRON), runCron(OUTBOX_CRON), deliverQueueMessages(jobs), deliverQueueMessages(jobs)]);
    await Promise.all([runCron(OUTBOX_CRON), deliverQueueMessages(jobs.map((job) => ({ ...job, attempts: 2 })))]);

    const recipients = sender.accepted.map((payload) => payload.to as string);
    expect(recipients.sort()).toEqual(Array.from({ length: 35 }, (_, i) => `reader${i + 1}@example.mw`).sort());
    const rows = await outboxRows();
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(35);
    expect(rows.filter((row) => row.status !== "sent").map((row) => [row.recipient, row.status, row.last_error])).toEqual([
      ["reader36@example.mw", "failed", SENDING_INTERRUPTED],
      ["reader37@example.mw", "failed", SENDING_INTERRUPTED],
    ]);
  });

  it("a sender that wakes after the outbox cron handed its claim to another does not send it", async () => {
    const [id] = await writeMessages(1);
    const now = Date.now();
    // A sender claims the row and stalls for 16 minutes before calling the provider.
    const [slow] = await claimOutboxRows([id!], new Date(now - 16 * 60_000), new Date(now));
    await outboxSweep(new Date(now), { withQueue: false, newsletterLimit: 0 });
    const [fast] = await claimOutboxRows([id!], new Date(now), new Date(now));
    expect(await recordSendAttempt(slow!, new Date())).toBe(false);
    expect(await recordSendAttempt(fast!, new Date())).toBe(true);
  });
});

describe("SMS", () => {
  withSmsSetUp();

  beforeEach(async () => {
    await seedReference();
    await env.DB.prepare("INSERT INTO churchevents (id, name, date, location) VALUES (1, 'Men''s Conference', '2031-06-12T06:00:00.000Z', 'Lilongwe Baptist Church')").run();
  });

  async function register() {
    const response = await postForm("/api/registrations", { event_id: "1", full_name: "Phone Only", phone_number: "0991 300 300" });
    expect((await response.json<RegistrationAnswer>()).registration).toBeTruthy();
  }

  const smsRows = () => outboxRows("channel = 'sms'");
  const later = (minutes: number) => vi.setSystemTime(Date.now() + minutes * 60_000);

  it("an SMS Twilio took but the outbox could not mark sent is not sent again by the cron; a person's Retry sends it once", async () => {
    // Registered while SMS was off, the SMS written afterwards, so the outbox cron sends it (as sms-outbox.test.ts does).
    env.SMS_PROVIDER = "";
    await register();
    env.SMS_PROVIDER = "simulator";
    await runSql(["INSERT INTO email_outbox (kind, channel, recipient, about_id) SELECT 'registration-confirmed', 'sms', phone_number, id FROM event_registrations"]);
    const marking = failMarkingSent();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await runCron(OUTBOX_CRON, Date.now());
    marking.mockRestore();
    expect(smsSimulator.sent).toHaveLength(1);

    later(16);
    await runCron(OUTBOX_CRON, Date.now());
    await runCron(OUTBOX_CRON, Date.now());
    expect(smsSimulator.sent).toHaveLength(1);
    const [row] = await smsRows();
    expect(row).toMatchObject({ status: "failed", last_error: SENDING_INTERRUPTED, next_attempt_at: null });

    const { cookie, list } = await adminSees(row!.id);
    expect(list).toContain(SENDING_INTERRUPTED);
    expect((await postForm(`/admin/outbox/${row!.id}`, { intent: "retry" }, { cookie })).status).toBe(302);
    await waitForOutbox((rows) => rows[0]?.status === "sent", "channel = 'sms'");
    later(16);
    await runCron(OUTBOX_CRON, Date.now());
    expect(smsSimulator.sent).toHaveLength(2);
  });

  it("an SMS Twilio never answered fails as 'may have gone out' and is not sent again by itself", async () => {
    smsSimulator.fail = (_sms, call) => (call === 1 ? new SmsSendError("Twilio did not answer: Network connection lost.", null, null) : undefined);
    await register();
    await waitForOutbox((rows) => rows.length === 1 && allSettled(rows), "channel = 'sms'");
    const [row] = await smsRows();
    expect(row).toMatchObject({ status: "failed", last_error: noAnswerReason("Twilio did not answer: Network connection lost."), next_attempt_at: null });
    later(7 * 60);
    await runCron(OUTBOX_CRON, Date.now());
    expect(smsSimulator.calls).toBe(1);
    expect((await smsRows())[0]?.status).toBe("failed");
  });
});
