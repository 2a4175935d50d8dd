// Reminders (issue 24): tomorrow's event reminds its confirmed registrants from the outbox cron, by
// SMS and by e-mail where given, once, even when two runs race; moving the date arms it again.
import { beforeEach, expect, it, vi } from "vitest";
import { OUTBOX_CRON } from "../../workers/scheduled-jobs";
import { outboxRows, runCron, withEmailSetUp } from "./email-helpers";
import { runSql, seedReference } from "./helpers";
import { env } from "cloudflare:workers";
import { smsSimulator, withSmsSetUp } from "./sms-helpers";

withEmailSetUp();
withSmsSetUp();

const HOUR = 3_600_000;

beforeEach(async () => {
  await seedReference();
});

async function eventWithPeople(startsIn: number, reminder = "day_before") {
  const date = new Date(Date.now() + startsIn).toISOString();
  await runSql([
    `INSERT INTO churchevents (id, name, date, location, reminder) VALUES (1, 'Men''s Conference', '${date}', 'Mzuzu', '${reminder}')`,
    `INSERT INTO event_registrations (event_id, full_name, phone_number, email, status, code, token) VALUES
      (1, 'Phone Only', '+265991000001', NULL, 'confirmed', 'AAAAA2', 'token-aaaaaaaaaaaaaaaaaa1'),
      (1, 'Both', '+265991000002', 'both@example.mw', 'confirmed', 'AAAAA3', 'token-aaaaaaaaaaaaaaaaaa2'),
      (1, 'Waiting', '+265991000003', NULL, 'waitlisted', 'AAAAA4', 'token-aaaaaaaaaaaaaaaaaa3'),
      (1, 'Gone', '+265991000004', 'gone@example.mw', 'cancelled', 'AAAAA5', 'token-aaaaaaaaaaaaaaaaaa4')`,
    `INSERT INTO event_registrations (event_id, full_name, phone_number, status, code, token, sms_stopped_at) VALUES
      (1, 'No SMS', '+265991000005', 'confirmed', 'AAAAA6', 'token-aaaaaaaaaaaaaaaaaa5', '2030-01-01T00:00:00.000Z')`,
    // A group's man without a phone of his own, on Phone Only's number (his leader's): no second SMS there.
    `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token) VALUES
      (1, 'On The Leader''s Phone', '+265991000001', NULL, 'confirmed', 'AAAAA7', 'token-aaaaaaaaaaaaaaaaaa6')`,
  ]);
}

it("tomorrow's event reminds each confirmed person once, by SMS and by e-mail where given", async () => {
  await eventWithPeople(20 * HOUR);
  await Promise.all([runCron(OUTBOX_CRON, Date.now()), runCron(OUTBOX_CRON, Date.now())]);
  await runCron(OUTBOX_CRON, Date.now() + 10 * 60_000);
  const rows = await outboxRows("kind = 'event-reminder'");
  expect(rows.map((row) => [row.channel, row.recipient, row.status]).sort()).toEqual([
    ["email", "both@example.mw", "sent"],
    ["sms", "+265991000001", "sent"],
    ["sms", "+265991000002", "sent"],
  ]);
  expect(smsSimulator.sent.map((sms) => sms.to).sort()).toEqual(["+265991000001", "+265991000002"]);
  expect(smsSimulator.sent[0]!.body).toMatch(/^BaptistMen: Reminder: Men's Conference\. .* At Mzuzu\. Code AAAAA\d\./);
  expect(rows.find((row) => row.channel === "email")!.subject).toBe("Reminder: Men's Conference");
});

it("a phone shared by a leader and his group's men without a phone gets one reminder, with the leader's own code; a man's alone on it is named", async () => {
  const date = new Date(Date.now() + 20 * HOUR).toISOString();
  await runSql([
    `INSERT INTO churchevents (id, name, date, location, reminder) VALUES (1, 'Men''s Conference', '${date}', 'Mzuzu', 'day_before')`,
    `INSERT INTO registration_groups (id, event_id, leader_name, leader_phone, mode, token) VALUES (1, 1, 'Leader', '+265991000001', 'all-or-nothing', 'group-token-000000000001'), (2, 1, 'Absent Leader', '+265991000002', 'all-or-nothing', 'group-token-000000000002')`,
    // Listed before the leader: a man of his group on his number.
    `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, status, code, token, group_id) VALUES
      (1, 'Group Man', '+265991000001', NULL, 'confirmed', 'GROUP2', 'token-group-man-00000001', 1),
      (1, 'Leader', '+265991000001', '+265991000001', 'confirmed', 'LEADR2', 'token-leader-0000000001', 1),
      (1, 'Lone Man', '+265991000002', NULL, 'confirmed', 'LONE22', 'token-lone-man-000000001', 2)`,
  ]);
  await runCron(OUTBOX_CRON, Date.now());
  await runCron(OUTBOX_CRON, Date.now() + 10 * 60_000);
  const byPhone = Object.fromEntries(smsSimulator.sent.map((sms) => [sms.to, sms.body]));
  expect(smsSimulator.sent).toHaveLength(2);
  expect(byPhone["+265991000001"]).toMatch(/^BaptistMen: Reminder: Men's Conference\. .* Code LEADR2\./);
  expect(byPhone["+265991000002"]).toMatch(/^BaptistMen: Reminder for Lone Man: Men's Conference\. .* Code LONE22\./);
});

it("an event further off, or set to no reminder, reminds nobody yet; moving the date arms it again", async () => {
  await eventWithPeople(30 * HOUR);
  await runCron(OUTBOX_CRON, Date.now());
  expect(await outboxRows("kind = 'event-reminder'")).toEqual([]);
  // 7 hours later it is within a day of the start.
  await runCron(OUTBOX_CRON, Date.now() + 7 * HOUR);
  expect(await outboxRows("kind = 'event-reminder'")).toHaveLength(3);
  // Staff move the event: a new date, a new reminder when it is due.
  await runSql([`UPDATE churchevents SET date = '${new Date(Date.now() + 12 * HOUR).toISOString()}'`]);
  await runCron(OUTBOX_CRON, Date.now() + 7 * HOUR);
  expect(await outboxRows("kind = 'event-reminder'")).toHaveLength(6);
});

it("two hours before, for an event set so; none for an event set to no reminder", async () => {
  await eventWithPeople(3 * HOUR, "two_hours");
  await runCron(OUTBOX_CRON, Date.now());
  expect(await outboxRows("kind = 'event-reminder'")).toEqual([]);
  await runCron(OUTBOX_CRON, Date.now() + 65 * 60_000);
  expect(await outboxRows("kind = 'event-reminder'")).toHaveLength(3);
  await runSql(["UPDATE churchevents SET reminder = 'none', reminder_sent_for = NULL"]);
  await runCron(OUTBOX_CRON, Date.now() + 70 * 60_000);
  expect(await outboxRows("kind = 'event-reminder'")).toHaveLength(3);
});

it("an event before 07:00 set to two hours before reminds the evening before, before SMS stop for the night (held for 07:00 it would come after the start)", async () => {
  // The clock is 10:00 in Malawi; the event starts at 05:30 tomorrow.
  await eventWithPeople(19.5 * HOUR, "two_hours");
  await runCron(OUTBOX_CRON, Date.now());
  await runCron(OUTBOX_CRON, Date.now() + 9 * HOUR + 20 * 60_000);
  expect(await outboxRows("kind = 'event-reminder'")).toEqual([]);
  // 19:40: written, and the SMS go at once, before 20:00.
  vi.setSystemTime(Date.now() + 9 * HOUR + 40 * 60_000);
  await runCron(OUTBOX_CRON, Date.now());
  const rows = await outboxRows("kind = 'event-reminder'");
  expect(rows.map((row) => [row.channel, row.recipient, row.status]).sort()).toEqual([
    ["email", "both@example.mw", "sent"],
    ["sms", "+265991000001", "sent"],
    ["sms", "+265991000002", "sent"],
  ]);
});

it("a reminder still waiting when its event has begun is not sent, and the outbox says why", async () => {
  await eventWithPeople(-HOUR, "two_hours");
  const { id } = (await env.DB.prepare("SELECT id FROM event_registrations WHERE full_name = 'Phone Only'").first<{ id: number }>())!;
  await runSql([`INSERT INTO email_outbox (kind, channel, recipient, about_id, next_attempt_at) VALUES ('event-reminder', 'sms', '+265991000001', ${id}, '${new Date(Date.now() - 60_000).toISOString()}')`]);
  await runCron(OUTBOX_CRON, Date.now());
  const [row] = await outboxRows("kind = 'event-reminder'");
  expect(row).toMatchObject({ status: "failed" });
  expect(row!.last_error).toContain("The event had started when the reminder was to be sent");
  expect(smsSimulator.sent).toEqual([]);
});
