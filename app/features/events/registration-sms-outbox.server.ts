// The events feature's SMS in the outbox (channel 'sms', decision 022): the renderer that turns
// stored rows into SMS when they are sent (./registration-sms.ts holds the texts). Like the e-mails,
// an SMS is rendered from the registration as it is at that moment: nothing goes to a person who
// turned SMS off for the event, a confirmation becomes the waiting-list text (or nothing) as the
// status now says, and a reminder goes only to someone still confirmed.
import { sql } from "drizzle-orm";
import type { RegistrationStatus } from "~/db/schema";
import { batchable, getDb } from "~/db/db.server";
import { gsm7Length, SMS_SEGMENT_LENGTH } from "~/lib/gsm7";
import { EmailRefused } from "~/server/email-rules.server";
import { inIds, type SmsContent, type SmsRenderer } from "~/server/outbox.server";
import { registrationSms, SMS_TEXT_KINDS, type RegistrationSmsKind } from "./registration-sms";
import { TO_THE_REGISTRANT } from "./registration-message-kinds";
import { feeOwedSql, waitlistPlaceSql } from "./registrations.server";

/** The kinds this renderer sends by SMS (about_id is the registration): every one to the man himself. */
/** To the registrant's phone, and to his old phone when a private link changed it (never moved to the new one). */
export const REGISTRATION_SMS_KINDS = [...TO_THE_REGISTRANT, "registration-phone-changed"] as const;

type Row = {
  phone_number: string;
  full_name: string;
  id: number;
  cancel_reason: string | null;
  cancelled_at: string | null;
  /** When his latest online payment was confirmed (null: none). */
  paid_at: string | null;
  status: RegistrationStatus;
  code: string;
  token: string;
  place: number | null;
  sms_stopped_at: string | null;
  event_name: string;
  event_date: string | null;
  event_location: string | null;
  fee_owed: number | null;
  on_behalf_of: string | null;
  phone_end: string;
  paid_amount: number | null;
  paid_reference: string | null;
  /** His receipt by SMS goes (or went) after he moved up, so it says he is registered. */
  receipt_says_it: number;
};

/**
 * Whether a registration's receipt by SMS says he is registered though he was on the waiting list
 * when it was written: it was held for the morning (written at night), and he moved up before it
 * went. Then "A place opened" would only say it a second time, on his airtime budget and ours.
 */
const receiptAfterMovingUpSql = sql`EXISTS (SELECT 1 FROM email_outbox o
    WHERE o.about_id = t.id AND o.channel = 'sms' AND o.kind IN ('registration-confirmed', 'registration-waitlisted')
      AND (o.status IN ('queued', 'sending') OR (o.status = 'sent' AND o.sent_at >= t.promoted_at)))`;

/**
 * Which text a row's kind sends, given the registration as it is now; a string is why none goes.
 * `paidAt`: when his payment was confirmed, `cancelledAt`: when he cancelled.
 */
function textKind(kind: string, row: Row, now: number): RegistrationSmsKind | string {
  const { status, paid_at: paidAt, cancelled_at: cancelledAt } = row;
  switch (kind) {
    case "registration-confirmed":
    case "registration-waitlisted":
      return status === "cancelled" ? "The registration was cancelled before this was sent" : status;
    case "registration-moved-up":
      if (row.receipt_says_it) return "His registration's own SMS, sent after the place opened, says he is registered";
      return status === "confirmed" ? "moved-up" : "The registration was no longer confirmed when this was to be sent";
    case "registration-cancelled":
      return status === "cancelled" ? "cancelled" : "The registration was restored before this was sent";
    case "event-reminder":
      // Held for the morning past the start (written late at night for an early event): a reminder of an event begun is no use.
      if (row.event_date && Date.parse(row.event_date) <= now) return "The event had started when the reminder was to be sent";
      return status === "confirmed" ? "reminder" : "The registration was no longer confirmed when the reminder was to be sent";
    case "registration-phone-changed":
      return "phone-changed";
    case "registration-fee-paid":
      // Approved on his phone after he cancelled: he must still hear that the money came in. Paid,
      // then cancelled before this went (held for the morning): the payment did come first.
      return status === "cancelled" && !(paidAt && cancelledAt && paidAt < cancelledAt) ? "fee-paid-cancelled" : "fee-paid";
    default:
      return `No SMS for messages of kind ${kind}`;
  }
}

export const renderRegistrationSms: SmsRenderer = async (rows, sender) => {
  const db = getDb();
  const ids = rows.flatMap((row) => (row.about_id === null ? [] : [row.about_id]));
  const [registrations] = await db.batch([
    batchable(
      db.all<Row>(sql`SELECT t.id, t.status, t.code, t.token, t.cancel_reason, t.cancelled_at, substr(t.phone_number, -3) AS phone_end, t.phone_number, t.full_name,
          (SELECT max(p.paid_at) FROM payments p WHERE p.registration_id = t.id AND p.kind IN ('online', 'cash') AND p.status = 'paid') AS paid_at,
          (SELECT COALESCE(p.amount_received, p.amount) FROM payments p WHERE p.registration_id = t.id AND p.kind IN ('online', 'cash') AND p.status = 'paid' ORDER BY p.paid_at DESC, p.id DESC LIMIT 1) AS paid_amount,
          -- Cash is known by the number on his paper receipt; mobile money by its reference.
          (SELECT CASE WHEN p.kind = 'cash' THEN COALESCE(p.receipt_number, p.reference) ELSE p.reference END FROM payments p
            WHERE p.registration_id = t.id AND p.kind IN ('online', 'cash') AND p.status = 'paid' ORDER BY p.paid_at DESC, p.id DESC LIMIT 1) AS paid_reference, ${waitlistPlaceSql("t")} AS place, t.sms_stopped_at,
          e.name AS event_name, e.date AS event_date, e.location AS event_location, ${feeOwedSql("t", "e")} AS fee_owed,
          CASE WHEN t.group_id IS NOT NULL AND t.dedupe_key IS NULL THEN t.full_name END AS on_behalf_of,
          ${receiptAfterMovingUpSql} AS receipt_says_it
        FROM event_registrations t JOIN churchevents e ON e.id = t.event_id WHERE ${inIds(sql`t.id`, ids)}`),
    ),
  ]);
  const rendered = new Map<number, SmsContent | EmailRefused>();
  for (const row of rows) {
    const registration = registrations.find((found) => found.id === row.about_id);
    if (!registration) {
      rendered.set(row.id, new EmailRefused("The registration was deleted before this was sent"));
      continue;
    }
    // "Stop SMS" stops news of the event, not the warning that his phone was changed (whoever holds the link could press both).
    if (registration.sms_stopped_at && row.kind !== "registration-phone-changed") {
      rendered.set(row.id, new EmailRefused("The registrant turned SMS off for this event"));
      continue;
    }
    const which = textKind(row.kind, registration, Date.now());
    if (!SMS_TEXT_KINDS.includes(which as RegistrationSmsKind)) {
      rendered.set(row.id, new EmailRefused(which));
      continue;
    }
    // Sent to another phone than his (whoever paid his fee from theirs): it names the man it is about.
    const onBehalfOf = registration.on_behalf_of ?? (row.recipient !== registration.phone_number ? registration.full_name : null);
    const text = registrationSms(
      which as RegistrationSmsKind,
      sender.smsName,
      { name: registration.event_name, date: registration.event_date, location: registration.event_location },
      { ...registration, on_behalf_of: onBehalfOf },
      sender.origin,
    );
    const kind = which === "confirmed" || which === "waitlisted" ? `registration-${which}` : row.kind;
    rendered.set(row.id, gsm7Length(text) > SMS_SEGMENT_LENGTH ? new EmailRefused("The SMS does not fit one segment: the site's address is too long") : { kind, text });
  }
  return rendered;
};
