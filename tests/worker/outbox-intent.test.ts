// The outbox stores intent, not rendered text (issue 22): a registration's row holds its kind,
// recipient and the registration's id until it is sent; it is rendered when sent, from the
// registration as it is then, and what was sent is stored on the row.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { OUTBOX_CRON } from "../../workers/scheduled-jobs";
import { allSettled, fakeSender, MAIL_FROM, outboxRows, runCron, SITE_URL, waitForOutbox, withEmailSetUp } from "./email-helpers";
import { createAdmin, postForm, request, seedReference, signIn } from "./helpers";
import { emailKindLabel } from "~/features/messaging";
import { RENDERED_KINDS } from "~/features/messaging/outbox-render.server";

withEmailSetUp();

beforeEach(async () => {
  await seedReference();
});

async function register(fields: { full_name: string; phone_number: string; email: string }) {
  const response = await postForm("/api/registrations", { event_id: "1", ...fields });
  const answer = await response.json<RegistrationAnswer>();
  return answer.registration!;
}

describe("the outbox page's words for each kind", () => {
  it("names every kind of message the site renders in words, not its stored code (a gift's receipt: 'Gift receipt')", () => {
    expect(RENDERED_KINDS.length).toBeGreaterThan(10);
    for (const kind of RENDERED_KINDS) expect(emailKindLabel(kind), kind).not.toBe(kind);
    expect(emailKindLabel("gift-receipt")).toBe("Gift receipt");
  });
});

describe("an outbox row is intent until it is sent", () => {
  it("holds kind, recipient and the registration's id, no text; a registrant moved up before it is sent gets text for their status then", async () => {
    // E-mail not set up yet: rows wait in the outbox as written.
    env.MAIL_FROM = "";
    await env.DB.prepare("INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Event 1', '2030-06-12T06:00:00.000Z', 1)").run();
    const first = await register({ full_name: "First Man", phone_number: "0991 300 001", email: "" });
    const waiting = await register({ full_name: "Waiting Man", phone_number: "0991 300 002", email: "waiting@example.mw" });
    expect(waiting.status).toBe("waitlisted");

    const registrationId = (await env.DB.prepare("SELECT id FROM event_registrations WHERE full_name = 'Waiting Man'").first<{ id: number }>())!.id;
    const [written] = await outboxRows();
    expect(written).toMatchObject({
      kind: "registration-waitlisted",
      channel: "email",
      recipient: "waiting@example.mw",
      about_id: registrationId,
      about: null,
      status: "queued",
      from_name: null,
      subject: null,
      body_text: null,
      body_html: null,
      reply_to: null,
      attachments: null,
    });

    // /admin/outbox shows the message not sent yet as it would be sent now.
    await createAdmin();
    const cookie = await signIn();
    expect(await (await request("/admin/outbox", { cookie })).text()).toContain("You are on the waiting list: Event 1");
    const preview = await (await request(`/admin/outbox/${written!.id}`, { cookie })).text();
    expect(preview).toContain("Event 1 is full, so you are number 1 on the waiting list.");

    // The first cancels before the e-mail goes: the waiting registrant moves up (and is told so).
    const token = first.privateUrl.split("/registrations/")[1]!;
    expect((await postForm(`/registrations/${token}`, {})).status).toBe(303);
    const rows = await outboxRows();
    expect(rows.map((row) => [row.kind, row.recipient, row.about_id, row.subject])).toEqual([
      ["registration-waitlisted", "waiting@example.mw", registrationId, null],
      ["registration-moved-up", "waiting@example.mw", registrationId, null],
    ]);

    // E-mail set up: the outbox cron sends both, each rendered from the registration as it is now.
    env.MAIL_FROM = MAIL_FROM;
    const sender = fakeSender();
    await runCron(OUTBOX_CRON);
    await waitForOutbox((sent) => sent.length === 2 && allSettled(sent));
    const [receipt, movedUp] = sender.accepted;
    expect(receipt!.subject).toBe("Your place is confirmed: Event 1");
    expect(receipt!.text).toContain("Hello Waiting Man,");
    expect(receipt!.text).toContain("Your place at Event 1 is confirmed.");
    expect(receipt!.text).not.toContain("waiting list");
    expect(receipt!.text).toContain(`${SITE_URL}/registrations/`);
    expect(movedUp!.subject).toBe("A place opened: you are confirmed for Event 1");

    // What was sent is stored on the rows, for /admin/outbox.
    const stored = await outboxRows();
    expect(stored.map((row) => [row.kind, row.status, row.subject])).toEqual([
      ["registration-confirmed", "sent", "Your place is confirmed: Event 1"],
      ["registration-moved-up", "sent", "A place opened: you are confirmed for Event 1"],
    ]);
    expect(stored[0]!.body_text).toBe(receipt!.text);
    expect(stored[0]!.body_html).toBe(receipt!.html);
    const detail = await (await request(`/admin/outbox/${written!.id}`, { cookie })).text();
    expect(detail).toContain("Your place at Event 1 is confirmed.");
  });

  it("a registration cancelled before its confirmation is sent gets no confirmation", async () => {
    env.MAIL_FROM = "";
    await env.DB.prepare("INSERT INTO churchevents (id, name, date) VALUES (1, 'Event 1', '2030-06-12T06:00:00.000Z')").run();
    const registration = await register({ full_name: "Gone Man", phone_number: "0991 300 003", email: "gone@example.mw" });
    await postForm(`/registrations/${registration.privateUrl.split("/registrations/")[1]!}`, {});
    env.MAIL_FROM = MAIL_FROM;
    const sender = fakeSender();
    await runCron(OUTBOX_CRON);
    await waitForOutbox((rows) => rows.length === 2 && allSettled(rows));
    expect((await outboxRows()).map((row) => [row.kind, row.status, row.last_error])).toEqual([
      ["registration-confirmed", "failed", "The registration was cancelled before this was sent"],
      ["registration-cancelled", "sent", null],
    ]);
    expect(sender.accepted.map((payload) => payload.subject)).toEqual(["Registration cancelled: Event 1"]);
  });
});
