// The group leader's link (./group-link.ts) in the outbox: the renderers that turn the stored rows
// into the e-mail and the SMS when they are sent, from the group as it is then (a group cancelled
// whole meanwhile gets nothing). about_id is the group. The intent is written in the group's own
// batch when it registers, and again by "Get my link again" (groupLinkQuery,
// ./group-registrations.server.ts).
import { sql } from "drizzle-orm";
import { batchable, getDb } from "~/db/db.server";
import { EVENT_DATE_FORMAT } from "~/lib/constants";
import { gsm7Length, SMS_SEGMENT_LENGTH } from "~/lib/gsm7";
import { formatInSiteZone } from "~/lib/time";
import { EmailRefused, type OutboxContent } from "~/server/email-rules.server";
import { inIds, type OutboxRenderer, type SmsContent, type SmsRenderer } from "~/server/outbox.server";
import { groupLinkEmail, groupLinkSms, groupPageUrl } from "./group-link";

export const GROUP_LINK_KINDS = ["group-link"] as const;

type GroupRow = { id: number; token: string; leader_name: string; men: number; event_name: string; event_date: string | null };

async function groupsOf(rows: readonly { about_id: number | null }[]): Promise<GroupRow[]> {
  const db = getDb();
  const ids = rows.flatMap((row) => (row.about_id === null ? [] : [row.about_id]));
  const [groups] = await db.batch([
    batchable(
      db.all<GroupRow>(sql`SELECT g.id, g.token, g.leader_name, e.name AS event_name, e.date AS event_date,
          (SELECT count(*) FROM event_registrations r WHERE r.group_id = g.id AND r.status <> 'cancelled') AS men
        FROM registration_groups g JOIN churchevents e ON e.id = g.event_id WHERE ${inIds(sql`g.id`, ids)}`),
    ),
  ]);
  return groups;
}

/** Why a group's link no longer goes, or null. */
function notSent(group: GroupRow | undefined): string | null {
  if (!group) return "The group was deleted before this was sent";
  return group.men === 0 ? "Every man of the group was cancelled before this was sent" : null;
}

export const renderGroupLinkOutbox: OutboxRenderer = async (rows, sender) => {
  const groups = await groupsOf(rows);
  const organisation = { name: sender.name, addressLines: sender.addressLines };
  const rendered = new Map<number, OutboxContent | EmailRefused>();
  for (const row of rows) {
    const group = groups.find((found) => found.id === row.about_id);
    const why = notSent(group);
    if (why || !group) {
      rendered.set(row.id, new EmailRefused(why ?? ""));
      continue;
    }
    const event = { name: group.event_name, whenText: formatInSiteZone(group.event_date, EVENT_DATE_FORMAT) };
    const email = groupLinkEmail(group.leader_name, event, group.men, groupPageUrl(sender.origin, group.token), organisation);
    rendered.set(row.id, { kind: row.kind, fromName: sender.name, replyTo: { email: sender.eventsEmail, name: sender.name }, ...email });
  }
  return rendered;
};

export const renderGroupLinkSms: SmsRenderer = async (rows, sender) => {
  const groups = await groupsOf(rows);
  const rendered = new Map<number, SmsContent | EmailRefused>();
  for (const row of rows) {
    const group = groups.find((found) => found.id === row.about_id);
    const why = notSent(group);
    if (why || !group) {
      rendered.set(row.id, new EmailRefused(why ?? ""));
      continue;
    }
    const text = groupLinkSms(sender.smsName, group.event_name, group.men, groupPageUrl(sender.origin, group.token));
    rendered.set(row.id, gsm7Length(text) > SMS_SEGMENT_LENGTH ? new EmailRefused("The SMS does not fit one segment: the site's address is too long") : { kind: row.kind, text });
  }
  return rendered;
};
