// The events feature's messages in the outbox (app/server/outbox.server.ts), when they are sent: the
// renderer that turns the stored rows into e-mails (./registration-emails.ts). Which to write with a
// registration's change (the intents) is chosen and written by ./registrations.server.ts, in its batch.
// A registrant's e-mail is rendered from their registration as it is at that moment, so its text
// matches their status then: someone who moved up before their waiting-list e-mail went gets the
// confirmation instead; one cancelled meanwhile gets no confirmation at all.
import { sql } from "drizzle-orm";
import { churchevents, type RegistrationStatus } from "~/db/schema";
import { batchable, getDb } from "~/db/db.server";
import { registrationDeskPath } from "~/lib/paths";
import { EmailRefused, type OutboxContent, type OutboxRow } from "~/server/email-rules.server";
import { inIds, type OutboxRenderer } from "~/server/outbox.server";
import { type DatedEventSource, eventCalendarFile } from "./icalendar";
import {
  movedUpEmail,
  privateLinkOf,
  registrationCancelledEmail,
  reminderEmail,
  type RegistrationEmailEvent,
  registrationReceiptEmail,
  registrationSummaryEmail,
  staffGroupEmail,
  staffRegistrationEmail,
  type SummaryRegistration,
} from "./registration-emails";
import { E_MAILS_ABOUT_A_REGISTRATION } from "./registration-message-kinds";
import { eventWhenText } from "./event-when";
import { feeOwedSql, heldUntilSql, waitlistPlaceSql } from "./registrations.server";

// ----- Rendering when sent ----------------------------------------------------------------------

/** The kinds this renderer renders: about_id is the registration, or for the summary the event. */
export const REGISTRATION_OUTBOX_KINDS = [...E_MAILS_ABOUT_A_REGISTRATION, "registration-summary"];

type RegistrationRow = {
  id: number;
  cancel_reason: string | null;
  /** Who cancelled it ("registrant": he can restore it from his page while the event takes registrations). */
  cancelled_by: string | null;
  full_name: string;
  phone_number: string;
  email: string | null;
  status: RegistrationStatus;
  code: string;
  token: string;
  place: number | null;
  event_id: number;
  event_name: string;
  event_date: string | null;
  event_ends_at: string | null;
  event_location: string | null;
  event_description: string | null;
  event_updated_at: string | null;
  fee_owed: number | null;
  held_until: string | null;
  group_id: number | null;
};

/** A man of a group one of the rows is about, with his leader (for staff's one notice of a group). */
type GroupManRow = { group_id: number; leader_name: string; leader_phone: string; leader_email: string | null; full_name: string; status: RegistrationStatus; code: string; place: number | null };

/** The period a summary covers (its `about`). */
type SummaryPeriod = { from: string; until: string };

function periodOf(row: OutboxRow): SummaryPeriod | null {
  try {
    const about = JSON.parse(row.about ?? "null") as Partial<SummaryPeriod> | null;
    return typeof about?.from === "string" && typeof about.until === "string" ? { from: about.from, until: about.until } : null;
  } catch {
    return null;
  }
}

function emailEvent(event: DatedEventSource, origin: string): RegistrationEmailEvent {
  return { name: event.name, whenText: eventWhenText(event.date, event.ends_at), location: event.location?.trim() || null, url: `${origin}/events/${event.id}` };
}

export const renderRegistrationOutbox: OutboxRenderer = async (rows, sender) => {
  const { origin } = sender;
  const db = getDb();
  const registrationIds = rows.flatMap((row) => (E_MAILS_ABOUT_A_REGISTRATION.includes(row.kind) && row.about_id !== null ? [row.about_id] : []));
  const summaries = rows.filter((row) => row.kind === "registration-summary");
  const [registrations, groupMen, events, counts, ...summaryLists] = (await db.batch([
    batchable(
      db.all<RegistrationRow>(sql`SELECT t.id, t.full_name, t.phone_number, t.email, t.status, t.code, t.token, t.cancel_reason, t.cancelled_by, ${waitlistPlaceSql("t")} AS place,
          e.id AS event_id, e.name AS event_name, e.date AS event_date, e.ends_at AS event_ends_at, e.location AS event_location,
          e.description AS event_description, e.updated_at AS event_updated_at,
          ${feeOwedSql("t", "e")} AS fee_owed, ${heldUntilSql("t")} AS held_until, t.group_id
        FROM event_registrations t JOIN churchevents e ON e.id = t.event_id
        WHERE ${inIds(sql`t.id`, registrationIds)}`),
    ),
    batchable(
      db.all<GroupManRow>(sql`SELECT g.id AS group_id, g.leader_name, g.leader_phone, g.leader_email, m.full_name, m.status, m.code, ${waitlistPlaceSql("m")} AS place
        FROM registration_groups g JOIN event_registrations m ON m.group_id = g.id
        WHERE g.id IN (SELECT group_id FROM event_registrations WHERE ${inIds(sql`id`, registrationIds)} AND group_id IS NOT NULL)
        ORDER BY m.id`),
    ),
    db
      .select({ id: churchevents.id, name: churchevents.name, date: churchevents.date, ends_at: churchevents.ends_at, location: churchevents.location, capacity: churchevents.capacity })
      .from(churchevents)
      .where(inIds(churchevents.id, summaries.flatMap((row) => (row.about_id === null ? [] : [row.about_id])))),
    batchable(
      db.all<{ event_id: number; confirmed: number; waitlisted: number }>(sql`SELECT event_id,
          count(*) FILTER (WHERE status = 'confirmed') AS confirmed, count(*) FILTER (WHERE status = 'waitlisted') AS waitlisted
        FROM event_registrations WHERE ${inIds(sql`event_id`, summaries.flatMap((row) => (row.about_id === null ? [] : [row.about_id])))}
        GROUP BY event_id`),
    ),
    ...summaries.map((row) => {
      const period = periodOf(row) ?? { from: "", until: "" };
      return batchable(
        db.all<SummaryRegistration>(sql`SELECT t.full_name, t.phone_number, t.email, t.status, t.code, ${waitlistPlaceSql("t")} AS place
          FROM event_registrations t
          WHERE t.event_id = ${row.about_id} AND t.source = 'public' AND t.created_at >= ${period.from} AND t.created_at < ${period.until}
          ORDER BY t.created_at, t.id`),
      );
    }),
  ])) as unknown as [
    RegistrationRow[],
    GroupManRow[],
    { id: number; name: string; date: string | null; ends_at: string | null; location: string | null; capacity: number | null }[],
    { event_id: number; confirmed: number; waitlisted: number }[],
    ...SummaryRegistration[][],
  ];
  const organisation = { name: sender.name, addressLines: sender.addressLines };
  const fromName = sender.name;
  const fromEventsTeam = { fromName, replyTo: { email: sender.eventsEmail, name: fromName } };
  const rendered = new Map<number, OutboxContent | EmailRefused>();

  for (const row of rows) {
    if (row.kind === "registration-summary") {
      const event = events.find((found) => found.id === row.about_id);
      const list = summaryLists[summaries.indexOf(row)] ?? [];
      if (!event || !periodOf(row)) {
        rendered.set(row.id, new EmailRefused("The event of this summary no longer exists"));
        continue;
      }
      const count = counts.find((found) => found.event_id === event.id);
      const totals = { confirmed: count?.confirmed ?? 0, waitlisted: count?.waitlisted ?? 0, capacity: event.capacity };
      const eventOfEmail = emailEvent({ ...event, description: null }, origin);
      rendered.set(row.id, {
        kind: row.kind,
        fromName,
        ...registrationSummaryEmail(eventOfEmail, list, totals, `${origin}${registrationDeskPath(event.id)}`, organisation),
      });
      continue;
    }
    const registration = registrations.find((found) => found.id === row.about_id);
    if (!registration) {
      rendered.set(row.id, new EmailRefused("The registration was deleted before this was sent"));
      continue;
    }
    const source: DatedEventSource = {
      id: registration.event_id,
      name: registration.event_name,
      date: registration.event_date,
      ends_at: registration.event_ends_at,
      location: registration.event_location,
      description: registration.event_description,
      updated_at: registration.event_updated_at,
    };
    const event = emailEvent(source, origin);
    const privateUrl = privateLinkOf(origin, registration.token);
    const status = registration.status;
    switch (row.kind) {
      case "registration-confirmed":
      case "registration-waitlisted": {
        if (status === "cancelled") {
          rendered.set(row.id, new EmailRefused("The registration was cancelled before this was sent"));
          break;
        }
        const file = eventCalendarFile(source, origin, { name: fromName, email: sender.eventsEmail });
        rendered.set(row.id, {
          // The status when it is sent decides which e-mail it is.
          kind: status === "confirmed" ? "registration-confirmed" : "registration-waitlisted",
          ...fromEventsTeam,
          ...registrationReceiptEmail(status, event, registration, privateUrl, organisation, file !== null),
          attachments: file ? [{ filename: file.filename, type: "text/calendar; method=PUBLISH", content: file.content }] : [],
        });
        break;
      }
      case "registration-moved-up":
        rendered.set(
          row.id,
          status === "confirmed"
            ? { kind: row.kind, ...fromEventsTeam, ...movedUpEmail(event, registration, privateUrl, organisation) }
            : new EmailRefused("The registration was no longer confirmed when this was to be sent"),
        );
        break;
      case "registration-cancelled":
        rendered.set(
          row.id,
          status === "cancelled"
            ? { kind: row.kind, ...fromEventsTeam, ...registrationCancelledEmail(event, registration, organisation, registration.cancelled_by === "registrant" ? privateUrl : null) }
            : new EmailRefused("The registration was restored before this was sent"),
        );
        break;
      case "event-reminder":
        rendered.set(
          row.id,
          status === "confirmed"
            ? { kind: row.kind, ...fromEventsTeam, ...reminderEmail(event, registration, privateUrl, organisation) }
            : new EmailRefused("The registration was no longer confirmed when the reminder was to be sent"),
        );
        break;
      case "registration-notification": {
        // A group: one notice naming its leader and every man (not one per man, each "no e-mail given").
        const men = registration.group_id === null ? [] : groupMen.filter((man) => man.group_id === registration.group_id);
        const leader = men[0];
        if (leader) {
          rendered.set(row.id, {
            kind: row.kind,
            fromName,
            replyTo: leader.leader_email ? { email: leader.leader_email, name: leader.leader_name } : null,
            ...staffGroupEmail(event, { name: leader.leader_name, phone: leader.leader_phone, email: leader.leader_email }, men, `${origin}${registrationDeskPath(registration.event_id)}`, organisation),
          });
          break;
        }
        rendered.set(row.id, {
          kind: row.kind,
          fromName,
          replyTo: registration.email ? { email: registration.email, name: registration.full_name } : null,
          ...staffRegistrationEmail(status, event, registration, `${origin}${registrationDeskPath(registration.event_id)}`, organisation),
        });
        break;
      }
    }
  }
  return rendered;
};
