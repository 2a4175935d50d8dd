// An event's "Hours to pay" (payment_hold_hours): the every-10-minutes cron cancels a registration
// still unpaid that long after it was made, with the reason "not paid", and moves the next people
// waiting up in the same batch; exact when runs overlap (issue 23). Hours set on an event men had
// registered at run from when they were set (decision 021).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OUTBOX_CRON } from "../../workers/scheduled-jobs";
import worker from "../../workers/app";
import { deliverOutbox } from "~/features/messaging/sender.server";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { gsm7Length } from "~/lib/gsm7";
import { allSettled, fakeSender, outboxRows, waitForOutbox, withEmailSetUp } from "./email-helpers";
import { withSmsSetUp } from "./sms-helpers";
import { completeSimulatedCharge } from "~/features/payments/simulator.server";
import { createAdmin, FIXTURE_CODE, FIXTURE_TOKEN, formVersion, postForm, request, runSql, signIn, toastOf } from "./helpers";
import { PAY_BY_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import { mainHtml, textOf } from "./public-helpers";
import { verifyUnreachable } from "./payment-helpers";

const HOUR = 3_600_000;
const NOW = Date.parse("2030-06-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

async function runCron(scheduledTime: number) {
  const handler: ExportedHandler<Env> = worker;
  const ctx = createExecutionContext();
  await handler.scheduled!(createScheduledController({ cron: OUTBOX_CRON, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** `n` registrations of event 1 with `status`, made at `at`, numbered from `from` (phones differ). */
function people(n: number, from: number, status: string, at: number, extra = "") {
  return Array.from({ length: n }, (_, i) => {
    const k = from + i;
    const made = iso(at + i * 1000);
    return `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, created_at, queued_at${extra ? ", payment_status" : ""})
      SELECT 1, 'Person ${k}', '+26599${String(k).padStart(7, "0")}', '+26599${String(k).padStart(7, "0")}', '${status}', ${FIXTURE_CODE}, ${FIXTURE_TOKEN}, '${made}', '${made}'${extra ? `, '${extra}'` : ""}`;
  });
}

async function counts() {
  return (await env.DB.prepare(`SELECT
      count(*) FILTER (WHERE status = 'confirmed') AS confirmed,
      count(*) FILTER (WHERE status = 'waitlisted') AS waiting,
      count(*) FILTER (WHERE status = 'cancelled' AND cancel_reason = 'not paid') AS notPaid,
      count(*) FILTER (WHERE promoted_at IS NOT NULL) AS promoted
    FROM event_registrations WHERE event_id = 1`).first())!;
}

describe("releasing unpaid places", () => {
  beforeEach(async () => {
    await runSql(["INSERT INTO churchevents (id, name, date, price, payment_hold_hours, capacity) VALUES (1, 'Men''s Conference', '2030-07-01T06:00:00.000Z', 15000, 48, 30)"]);
  });

  it("gives exactly 30 places to the 30 waiting when 30 unpaid holds run out, however many runs overlap", async () => {
    await runSql([...people(30, 1, "confirmed", NOW - 49 * HOUR), ...people(30, 101, "waitlisted", NOW - 40 * HOUR)]);
    await Promise.all(Array.from({ length: 5 }, () => runCron(NOW)));
    expect(await counts()).toEqual({ confirmed: 30, waiting: 0, notPaid: 30, promoted: 30 });
    // The 30 who moved up are the 30 who waited; each place went once.
    const up = await env.DB.prepare("SELECT count(DISTINCT id) AS n FROM event_registrations WHERE promoted_at IS NOT NULL AND full_name LIKE 'Person 1__'").first<{ n: number }>();
    expect(up!.n).toBe(30);
    // Those who moved up have their own 48 hours from now: the next run leaves them.
    await runCron(NOW + 10 * 60_000);
    expect(await counts()).toEqual({ confirmed: 30, waiting: 0, notPaid: 30, promoted: 30 });
    await runCron(NOW + 49 * HOUR);
    expect((await counts()).notPaid).toBe(60);
  });

  it("keeps the paid, the waived, the holds still running, and every place of an event without hours to pay", async () => {
    await runSql([
      ...people(2, 1, "confirmed", NOW - 49 * HOUR, "paid-online"),
      ...people(1, 3, "confirmed", NOW - 49 * HOUR, "waived"),
      ...people(1, 4, "confirmed", NOW - 47 * HOUR),
      "INSERT INTO churchevents (id, name, price) VALUES (2, 'No Hold', 15000)",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, status, code, token, created_at) SELECT 2, 'Old Unpaid', '+265888000001', 'confirmed', ${FIXTURE_CODE}, ${FIXTURE_TOKEN}, '${iso(NOW - 500 * HOUR)}'`,
    ]);
    await runCron(NOW);
    expect((await counts()).notPaid).toBe(0);
    expect((await env.DB.prepare("SELECT status FROM event_registrations WHERE event_id = 2").first())).toEqual({ status: "confirmed" });
    await runCron(NOW + 2 * HOUR);
    const cancelled = await env.DB.prepare("SELECT full_name, cancel_reason FROM event_registrations WHERE status = 'cancelled'").all();
    expect(cancelled.results).toEqual([{ full_name: "Person 4", cancel_reason: "not paid" }]);
  });
});

describe("what the release never touches", () => {
  it("a man checked in at the door keeps his place unpaid; once the event has started no place is released and no one moved up", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, price, payment_hold_hours, capacity, waitlist_enabled) VALUES (1, 'Men''s Conference', '2030-07-01T06:00:00.000Z', 15000, 48, 2, 1)",
      `INSERT INTO churchevents (id, name, date, price, payment_hold_hours, capacity, waitlist_enabled) VALUES (2, 'Started', '${iso(NOW - HOUR)}', 15000, 1, 1, 1)`,
      ...people(2, 1, "confirmed", NOW - 49 * HOUR),
      `UPDATE event_registrations SET checked_in_at = '${iso(NOW - HOUR)}' WHERE full_name = 'Person 1'`,
      ...people(1, 101, "waitlisted", NOW - 40 * HOUR),
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, created_at, queued_at) VALUES
        (2, 'Late Man', '+265888100001', '+265888100001', 'confirmed', 'LATE33', 'late-started-0123456789', '${iso(NOW - 3 * HOUR)}', '${iso(NOW - 3 * HOUR)}'),
        (2, 'Waiting Man', '+265888100002', '+265888100002', 'waitlisted', 'WAIT33', 'wait-started-0123456789', '${iso(NOW - 3 * HOUR)}', '${iso(NOW - 3 * HOUR)}')`,
    ]);
    await runCron(NOW);
    const rows = await env.DB.prepare("SELECT full_name, status, cancel_reason FROM event_registrations ORDER BY id").all();
    expect(rows.results).toEqual([
      { full_name: "Person 1", status: "confirmed", cancel_reason: null },
      { full_name: "Person 2", status: "cancelled", cancel_reason: "not paid" },
      { full_name: "Person 101", status: "confirmed", cancel_reason: null },
      { full_name: "Late Man", status: "confirmed", cancel_reason: null },
      { full_name: "Waiting Man", status: "waitlisted", cancel_reason: null },
    ]);
  });

  it("a time to pay that would fall at or after the event's start is none: his page says no 'Pay by'", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, price, payment_hold_hours) VALUES (1, 'Men''s Conference', '2030-07-01T06:00:00.000Z', 15000, 48)",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, created_at) VALUES
        (1, 'Late Comer', '+265888100003', '+265888100003', 'confirmed', 'LATE34', 'late-comer-0123456789ab', '2030-06-30T08:00:00.000Z')`,
    ]);
    const page = textOf(mainHtml(await (await request("/registrations/late-comer-0123456789ab")).text()));
    expect(page).toContain("Fee: MK 15,000");
    expect(page).not.toContain("Pay by");
  });
});

describe("a man paying as his hold runs out", () => {
  beforeEach(async () => {
    await runSql(["INSERT INTO churchevents (id, name, date, price, payment_hold_hours, capacity, waitlist_enabled) VALUES (1, 'Men''s Conference', '2030-07-01T06:00:00.000Z', 15000, 48, 1, 1)"]);
    await runSql([...people(1, 1, "confirmed", NOW - 49 * HOUR), ...people(1, 2, "waitlisted", NOW - 40 * HOUR)]);
  });

  it("approved in time but its webhook lost: the release asks the provider first, records the payment, and he keeps his place", async () => {
    const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE full_name = 'Person 1'").first<{ token: string }>())!;
    expect((await postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0990 000 001" })).status).toBe(303);
    const { reference } = (await env.DB.prepare("SELECT reference FROM payments").first<{ reference: string }>())!;
    // He approves on his phone; the provider's webhook never reaches the site.
    await completeSimulatedCharge(reference, true);
    await runCron(NOW);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 1, notPaid: 0, promoted: 0 });
    expect(await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE full_name = 'Person 1'").first()).toEqual({ payment_status: "paid-online" });
  });

  it("a payment that did not match the fee keeps his place while staff sort it out; given back, his hours to pay start again", async () => {
    const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE full_name = 'Person 1'").first<{ token: string }>())!;
    expect((await postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0990 000 001" })).status).toBe(303);
    const { reference } = (await env.DB.prepare("SELECT reference FROM payments").first<{ reference: string }>())!;
    // MK 1,500 of the MK 15,000 approved on his phone; the webhook never reaches the site.
    await env.DB.prepare("UPDATE payment_simulator_charges SET amount = 1500").run();
    await completeSimulatedCharge(reference, true);
    await runCron(NOW);
    expect(await env.DB.prepare("SELECT status, flagged FROM payments").first()).toEqual({ status: "paid", flagged: 1 });
    await runCron(NOW + 10 * HOUR);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 1, notPaid: 0, promoted: 0 });
    expect(await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE full_name = 'Person 1'").first()).toEqual({ payment_status: "unpaid" });
    // Neither his page nor the desk says "pay by" a time that does not apply while the office sorts it out.
    const kept = textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
    expect(kept).toContain("does not match the fee");
    expect(kept).not.toMatch(/Pay by|held for you until/i);

    // The office gives it back at the desk: his 48 hours to pay start again from then, not from when he registered.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW + 11 * HOUR);
    await createAdmin();
    const cookie = await signIn();
    const { id } = (await env.DB.prepare("SELECT id FROM payments").first<{ id: number }>())!;
    expect(textOf(await (await request("/admin/events/registrations/1", { cookie })).text())).not.toContain("Pay by");
    const given = await postForm("/admin/events/registrations/1", { intent: "record-refund", registration_id: "1", refund_of: String(id), amount: "1500" }, { cookie });
    expect(await toastOf(given)).toMatchObject({ title: "Refund recorded" });
    const payBy = formatInSiteZone(new Date(NOW + 59 * HOUR), PAY_BY_FORMAT);
    expect(textOf(mainHtml(await (await request(`/registrations/${token}`)).text()))).toContain(`Pay by ${payBy} to keep your place`);
    await runCron(NOW + 12 * HOUR);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 1, notPaid: 0, promoted: 0 });
    await runCron(NOW + 60 * HOUR);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 0, notPaid: 1, promoted: 1 });
  });

  it("a payment the provider has not settled keeps the place for a while; one never settled lets it go", async () => {
    // He pressed Pay a minute before the run, and his phone has not answered: the provider says pending.
    const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE full_name = 'Person 1'").first<{ token: string }>())!;
    expect((await postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0990 000 001" })).status).toBe(303);
    await runSql([`UPDATE payments SET created_at = '${iso(NOW - 60_000)}'`]);
    await runCron(NOW);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 1, notPaid: 0, promoted: 0 });
    await runCron(NOW + 20 * 60_000);
    expect((await counts()).notPaid).toBe(0);
    // Half an hour on, still unsettled: taken as never coming; the place goes to the next man.
    await runCron(NOW + 31 * 60_000);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 0, notPaid: 1, promoted: 1 });
  });
});

describe("a man paying as his hold runs out, while the provider cannot be asked", () => {
  beforeEach(async () => {
    await runSql(["INSERT INTO churchevents (id, name, date, price, payment_hold_hours, capacity, waitlist_enabled) VALUES (1, 'Men''s Conference', '2030-07-01T06:00:00.000Z', 15000, 48, 1, 1)"]);
    await runSql([...people(1, 1, "confirmed", NOW - 49 * HOUR), ...people(1, 2, "waitlisted", NOW - 40 * HOUR)]);
  });

  async function paysAndApproves() {
    const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE full_name = 'Person 1'").first<{ token: string }>())!;
    expect((await postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0990 000 001" })).status).toBe(303);
    const { reference } = (await env.DB.prepare("SELECT reference FROM payments").first<{ reference: string }>())!;
    await completeSimulatedCharge(reference, true);
    return token;
  }

  it("approved in time, webhook lost, and no answer from the provider for an hour: he keeps his place until a run gets the answer, then is paid", async () => {
    await paysAndApproves();
    // His payment began 40 minutes before the run: past the time a payment under way keeps a place by itself.
    await runSql([`UPDATE payments SET created_at = '${iso(NOW - 40 * 60_000)}'`]);
    const outage = verifyUnreachable();
    for (const minutes of [0, 10, 60]) {
      await runCron(NOW + minutes * 60_000);
      expect(await counts(), `${minutes} minutes`).toEqual({ confirmed: 1, waiting: 1, notPaid: 0, promoted: 0 });
    }
    expect(await outboxRows("kind = 'registration-cancelled'")).toEqual([]);
    outage.mockRestore();
    await runCron(NOW + 70 * 60_000);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 1, notPaid: 0, promoted: 0 });
    expect(await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE full_name = 'Person 1'").first()).toEqual({ payment_status: "paid-online" });
  });

  it("a payment the provider confirms after his place was released is shown to the desk as paid by a man no longer confirmed, with a refund to give or a place to restore", async () => {
    const { token } = (await env.DB.prepare("SELECT token FROM event_registrations WHERE full_name = 'Person 1'").first<{ token: string }>())!;
    expect((await postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0990 000 001" })).status).toBe(303);
    const { reference } = (await env.DB.prepare("SELECT reference FROM payments").first<{ reference: string }>())!;
    // Not approved yet, and long begun: the provider says pending, so the place goes.
    await runSql([`UPDATE payments SET created_at = '${iso(NOW - 40 * 60_000)}'`]);
    await runCron(NOW);
    expect(await counts()).toEqual({ confirmed: 1, waiting: 0, notPaid: 1, promoted: 1 });
    // He approves on his phone after all; the provider's webhook says so.
    await request(`/api/payments/simulator/${reference}/approve`, { method: "POST" });
    expect(await env.DB.prepare("SELECT status, refund_due FROM payments").first()).toEqual({ status: "paid", refund_due: 0 });
    await createAdmin();
    const desk = textOf(await (await request("/admin/events/registrations/1", { cookie: await signIn() })).text());
    expect(desk).toContain("Paid but no longer confirmed: refund or keep");
    expect(desk).toContain("Record refund");
  });
});

describe("telling the registrant", () => {
  withEmailSetUp();

  it("a released place is told why, by e-mail: the fee was not paid in time, and the place went to the next person", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, price, payment_hold_hours) VALUES (1, 'Men''s Conference', '2030-07-01T06:00:00.000Z', 15000, 48)",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, email, status, code, token, created_at) VALUES
        (1, 'Late Payer', '+265991000003', '+265991000003', 'late@example.mw', 'confirmed', 'LATE22', 'late-token-0123456789ab', '${iso(NOW - 49 * HOUR)}')`,
    ]);
    await runCron(NOW);
    const [told] = await outboxRows("kind = 'registration-cancelled' AND channel = 'email'");
    expect(told).toMatchObject({ recipient: "late@example.mw" });
    await deliverOutbox([told!.id]);
    const sent = (await outboxRows(`id = ${told!.id}`))[0]!;
    expect(sent.body_text).toContain("Your registration for Men's Conference (code LATE22) is cancelled: the fee was not paid in time, so the place went to the next person waiting.");
    // His page says why, as the e-mail does.
    const page = textOf(mainHtml(await (await request("/registrations/late-token-0123456789ab")).text()));
    expect(page).toContain("This registration is cancelled: the fee was not paid in time, so the place went to the next person waiting.");
    // A later run tells him nothing more.
    await runCron(NOW + 10 * 60_000);
    expect((await outboxRows("kind = 'registration-cancelled' AND channel = 'email'")).length).toBe(1);
  });

  it("the private page says by when to pay to keep the place (Malawi time), and says nothing of it without hours to pay", async () => {
    const made = "2030-06-01T10:00:00.000Z";
    await runSql([
      "INSERT INTO churchevents (id, name, date, price, payment_hold_hours) VALUES (1, 'Men''s Conference', '2030-07-01T06:00:00.000Z', 15000, 48), (2, 'No Hold', '2030-07-01T06:00:00.000Z', 15000, NULL)",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, created_at) VALUES
        (1, 'Held Man', '+265991000001', '+265991000001', 'confirmed', 'HELD22', 'held-token-0123456789ab', '${made}'),
        (2, 'Free Hold', '+265991000002', '+265991000002', 'confirmed', 'FREE22', 'free-token-0123456789ab', '${made}')`,
    ]);
    const held = textOf(mainHtml(await (await request("/registrations/held-token-0123456789ab")).text()));
    expect(held).toContain("Fee: MK 15,000");
    expect(held).toContain("Pay by Monday, June 3 at 12:00 PM to keep your place: after that it goes to the next person waiting.");
    const free = textOf(mainHtml(await (await request("/registrations/free-token-0123456789ab")).text()));
    expect(free).toContain("Fee: MK 15,000");
    expect(free).not.toContain("Pay by");
  });
});

describe("a place held for its fee is not called confirmed", () => {
  withEmailSetUp();
  // The clock at 10:00 in Malawi tomorrow: the 48 hours to pay run to 10:00 two days later.
  withSmsSetUp();
  const payBy = () => new Date(Date.now() + 48 * HOUR);
  const inMalawi = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Blantyre", ...options }).format(payBy());
  /** "Monday, June 3 at 10:00 AM". */
  const until = () => `${inMalawi({ weekday: "long" })}, ${inMalawi({ month: "long" })} ${inMalawi({ day: "numeric" })} at 10:00 AM`;

  beforeEach(async () => {
    fakeSender();
    await runSql([
      "INSERT INTO churchevents (id, name, date, price, payment_hold_hours) VALUES (1, 'Men''s Conference', '2040-07-01T06:00:00.000Z', 15000, 48), (2, 'No Hold', '2040-07-01T06:00:00.000Z', 15000, NULL)",
    ]);
  });

  async function register(eventId: number, phone: string) {
    const response = await postForm("/api/registrations", { event_id: String(eventId), full_name: "Held Man", phone_number: phone, email: `${phone.replace(/\D/g, "")}@example.mw` });
    return (await response.json<RegistrationAnswer>()).registration!;
  }

  it("registering says until when the place is held, and so does the e-mail (the SMS says the fee is due); once paid, confirmed", async () => {
    const registration = await register(1, "0991 400 001");
    const UNTIL = until();
    expect(registration.statusText).toBe(`Your place is held for you until ${UNTIL}. Pay the fee to keep it.`);
    await waitForOutbox(allSettled);
    const [email] = await outboxRows("channel = 'email' AND kind = 'registration-confirmed'");
    expect(email!.subject).toBe(`Pay by ${UNTIL} to keep your place: Men's Conference`);
    expect(email!.body_text).toContain(`Your place at Men's Conference is held for you until ${UNTIL}.`);
    expect(email!.body_text).toContain(`Fee: MK 15,000, still to pay by ${UNTIL}: after that your place goes to the next person waiting.`);
    expect(email!.body_text).not.toContain("confirmed");
    const [sms] = await outboxRows("channel = 'sms' AND kind = 'registration-confirmed'");
    expect(sms!.body_text).toContain("Fee MK 15,000 due.");
    expect(gsm7Length(sms!.body_text!)).toBeLessThanOrEqual(160);

    const token = registration.privateUrl.split("/").at(-1)!;
    const page = async () => textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
    expect(await page()).toContain(`Your place is held for you until ${UNTIL}. Pay the fee to keep it.`);
    expect(await page()).not.toContain("Your place is confirmed.");
    // Paid in cash at the desk: the place is his to keep.
    await runSql([`UPDATE event_registrations SET payment_status = 'cash' WHERE token = '${token}'`]);
    const paid = await page();
    expect(paid).toContain("Your place is confirmed.");
    expect(paid).not.toContain("held for you");
  });

  it("moving up from the waiting list into a place held for its fee says until when, not 'confirmed'", async () => {
    await runSql(["UPDATE churchevents SET capacity = 1, waitlist_enabled = 1 WHERE id = 1"]);
    const first = await register(1, "0991 400 003");
    expect((await register(1, "0991 400 004")).status).toBe("waitlisted");
    await waitForOutbox(allSettled);
    const token = first.privateUrl.split("/").at(-1)!;
    expect((await postForm(`/registrations/${token}`, {})).status).toBe(303);
    await waitForOutbox((rows) => rows.some((row) => row.kind === "registration-moved-up" && row.channel === "email") && allSettled(rows));
    const [email] = await outboxRows("channel = 'email' AND kind = 'registration-moved-up'");
    expect(email!.subject).toBe("A place opened for you: Men's Conference");
    expect(email!.body_text).toContain(`you have moved up from the waiting list. Your place is held for you until ${until()}.`);
    const [sms] = await outboxRows("channel = 'sms' AND kind = 'registration-moved-up'");
    // One SMS segment has no room for the deadline beside the event's name and the link; the link's page says it.
    expect(sms!.body_text).toContain("Fee MK 15,000 due.");
  });

  it("an event without hours to pay calls the place confirmed, its fee still to pay", async () => {
    const registration = await register(2, "0991 400 002");
    expect(registration.statusText).toBe("Your place is confirmed.");
    await waitForOutbox(allSettled);
    const [email] = await outboxRows("channel = 'email'");
    expect(email!.subject).toBe("Your place is confirmed: No Hold");
    expect(email!.body_text).toContain("Fee: MK 15,000, still to pay. Your registration's page");
    const [sms] = await outboxRows("channel = 'sms'");
    expect(sms!.body_text).toContain("Fee MK 15,000 due.");
  });
});

describe("setting 'Hours to pay' on an event men registered at long before", () => {
  withEmailSetUp();
  const DAY = 24 * HOUR;
  const form = {
    intent: "save",
    name: "Men's Conference",
    date: "2040-07-01T08:00",
    location: "",
    description: "",
    image_alt: "",
    active: "on",
    registration_enabled: "on",
    price: "15000",
  };
  let cookie: string;

  beforeEach(async () => {
    await createAdmin();
    cookie = await signIn();
    // Registered days ago, when the event had no hours to pay: two still owe the fee, one paid.
    const made = (days: number) => iso(Date.now() - days * DAY);
    await runSql([
      "INSERT INTO churchevents (id, name, date, price) VALUES (1, 'Men''s Conference', '2040-07-01T06:00:00.000Z', 15000)",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, email, status, payment_status, code, token, created_at) VALUES
        (1, 'Early Man', '+265991000011', '+265991000011', 'early@example.mw', 'confirmed', 'unpaid', 'EARLY1', 'early-token-0123456789ab', '${made(5)}'),
        (1, 'Other Man', '+265991000012', '+265991000012', 'other@example.mw', 'confirmed', 'unpaid', 'OTHER1', 'other-token-0123456789ab', '${made(3)}'),
        (1, 'Paid Man', '+265991000013', '+265991000013', 'paid@example.mw', 'confirmed', 'cash', 'PAID11', 'paid-token-01234567890ab', '${made(4)}')`,
    ]);
  });

  const save = async (hours: string) => postForm("/admin/events/edit/1", { ...form, version: await formVersion("churchevents", 1), payment_hold_hours: hours }, { cookie });
  const statuses = async () =>
    (await env.DB.prepare("SELECT full_name, status, cancel_reason FROM event_registrations ORDER BY id").all()).results;
  const holdSince = async () => (await env.DB.prepare("SELECT payment_hold_since AS since FROM churchevents WHERE id = 1").first<{ since: string | null }>())!.since;

  it("gives the men already registered the full hours from the save: the next run releases nobody, the run after them releases the unpaid as before", async () => {
    const saved = await save("1");
    // The cron's next runs, days after they registered: nobody is cancelled or told so.
    await runCron(Date.now());
    await runCron(Date.now() + 50 * 60_000);
    expect(await statuses()).toEqual([
      { full_name: "Early Man", status: "confirmed", cancel_reason: null },
      { full_name: "Other Man", status: "confirmed", cancel_reason: null },
      { full_name: "Paid Man", status: "confirmed", cancel_reason: null },
    ]);
    expect(await outboxRows("kind = 'registration-cancelled'")).toEqual([]);

    // The save says how many men this gives until when; their page and the desk give that time.
    const since = await holdSince();
    const payBy = formatInSiteZone(new Date(Date.parse(since!) + HOUR), PAY_BY_FORMAT);
    expect(await toastOf(saved)).toEqual({
      title: "Event updated",
      description: `The event has been successfully updated. 2 confirmed men have not paid the fee: the hours to pay run from this save, so they have until ${payBy} to pay before their places are released. Their registration pages say so; to tell them, use Message registrants on the registration desk.`,
    });
    const page = textOf(mainHtml(await (await request("/registrations/early-token-0123456789ab")).text()));
    expect(page).toContain(`Pay by ${payBy} to keep your place`);
    const desk = textOf(await (await request("/admin/events/registrations/1", { cookie })).text());
    expect(desk.split(`Pay by ${payBy}`).length - 1).toBe(2);

    // Saved again with the same hours (a new description): the hours keep running from the first save.
    const again = await postForm("/admin/events/edit/1", { ...form, description: "Bring a Bible.", version: await formVersion("churchevents", 1), payment_hold_hours: "1" }, { cookie });
    expect(await toastOf(again)).toEqual({ title: "Event updated", description: "The event has been successfully updated." });
    expect(await holdSince()).toBe(since);

    // The hour from the save has passed: the unpaid are released and told, as before.
    await runCron(Date.parse(since!) + HOUR + 60_000);
    expect(await statuses()).toEqual([
      { full_name: "Early Man", status: "cancelled", cancel_reason: "not paid" },
      { full_name: "Other Man", status: "cancelled", cancel_reason: "not paid" },
      { full_name: "Paid Man", status: "confirmed", cancel_reason: null },
    ]);
    expect((await outboxRows("kind = 'registration-cancelled' AND channel = 'email'")).map((row) => row.recipient).sort()).toEqual(["early@example.mw", "other@example.mw"]);
  });

  it("changing the hours starts them again from the change; nobody unpaid, nothing to say", async () => {
    await save("48");
    const before = Date.now();
    await save("1");
    // An hour from the change, not from the registrations days ago.
    await runCron(before + 50 * 60_000);
    expect((await statuses()).filter((row) => row.status === "cancelled")).toEqual([]);
    expect(Date.parse((await holdSince())!)).toBeGreaterThanOrEqual(before);
    await runCron(Date.now() + HOUR + 60_000);
    expect((await statuses()).filter((row) => row.status === "cancelled").length).toBe(2);

    // With every man paid (or none registered), the save says nothing of the hours.
    await runSql(["UPDATE event_registrations SET status = 'confirmed', payment_status = 'waived'"]);
    expect(await toastOf(await save("24"))).toEqual({ title: "Event updated", description: "The event has been successfully updated." });
  });

  it("hours that from the save would end after the event starts release nobody, and the save says so", async () => {
    await runSql(["UPDATE churchevents SET date = '" + iso(Date.now() + 2 * DAY) + "' WHERE id = 1"]);
    const soon = formatInSiteZone(new Date(Date.now() + 2 * DAY), "yyyy-MM-dd'T'HH:mm")!;
    const saved = await postForm("/admin/events/edit/1", { ...form, date: soon, version: await formVersion("churchevents", 1), payment_hold_hours: "72" }, { cookie });
    await runCron(Date.now() + DAY);
    expect((await statuses()).filter((row) => row.status === "cancelled")).toEqual([]);
    expect((await toastOf(saved))!.description).toBe(
      "The event has been successfully updated. 2 confirmed men have not paid the fee: the hours to pay from now end after the event starts, so no place is released (the fee is paid at the door).",
    );
  });
});
