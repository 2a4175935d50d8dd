// The group leader's link (./group-link.ts) in the outbox: the renderers that turn the stored rows
// into the e-mail and the SMS when they are sent, from the group as it is then (a group cancelled
// whole meanwhile gets nothing). about_id is the group. The intent is written in the group's own
// batch when it registers, and again by "Get my link again" (groupLinkQuery,
// ./group-registrations.server.ts).
import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { EVENT_DATE_FORMAT, PAY_BY_FORMAT } from "~/lib/constants";
import { gsm7Length, SMS_SEGMENT_LENGTH } from "~/lib/gsm7";
import { formatInSiteZone } from "~/lib/time";
import { EmailRefused, type OutboxContent, type OutboxRow } from "~/server/email-rules.server";
import { inIds, type OutboxRenderer, type SmsContent, type SmsRenderer } from "~/server/outbox.server";
import { paymentsReady } from "~/server/payments-setup.server";
import { type GroupFee, groupFeesSms, groupLinkEmail, groupLinkSms, groupPageUrl, type GroupStanding } from "./group-link";
import { owesFeeSql, payBySql } from "./registrations.server";
import { SMS_WHEN_FORMAT } from "./registration-sms";
import { eventWhenText } from "./event-when";

export const GROUP_LINK_KINDS = ["group-link", "group-fees"] as const;

type GroupRow = { id: number; token: string; leader_name: string; men: number; waiting: number; event_name: string; event_date: string | null; event_ends_at: string | null; price: number | null; to_pay: number; pay_by: string | null };

/** The groups the rows are about, each with its men still registered. */
function groupsOf(rows: readonly OutboxRow[]): Promise<GroupRow[]> {
  const ids = rows.flatMap((row) => (row.about_id === null ? [] : [row.about_id]));
  return getDb().all<GroupRow>(sql`SELECT g.id, g.token, g.leader_name, e.name AS event_name, e.date AS event_date, e.ends_at AS event_ends_at,
      (SELECT count(*) FROM event_registrations r WHERE r.group_id = g.id AND r.status <> 'cancelled') AS men,
      (SELECT count(*) FROM event_registrations r WHERE r.group_id = g.id AND r.status = 'waitlisted') AS waiting,
      e.price, (SELECT count(*) FROM event_registrations r WHERE r.group_id = g.id AND ${owesFeeSql("r", sql`e.price`)}) AS to_pay,
      (SELECT min(${payBySql("r")}) FROM event_registrations r WHERE r.group_id = g.id AND ${owesFeeSql("r", sql`e.price`)}) AS pay_by
    FROM registration_groups g JOIN churchevents e ON e.id = g.event_id WHERE ${inIds(sql`g.id`, ids)}`);
}

/** The event's fee a man and how many of the group's placed men still owe it (`payBy` in `format`); null for a free event or none owing. */
function feeOf(group: GroupRow, format = PAY_BY_FORMAT): GroupFee | null {
  return group.price && group.price > 0 && group.to_pay > 0 ? { price: group.price, toPay: group.to_pay, payBy: formatInSiteZone(group.pay_by, format) } : null;
}

/** The group's men as they stand now. */
const standingOf = (group: GroupRow): GroupStanding => ({ placed: group.men - group.waiting, waiting: group.waiting });

/** Each row rendered (`render`) from its group as it is now, or why it no longer goes. */
async function renderEachGroup<Content>(rows: readonly OutboxRow[], render: (group: GroupRow, row: OutboxRow) => Content | EmailRefused) {
  const groups = await groupsOf(rows);
  const rendered = new Map<number, Content | EmailRefused>();
  for (const row of rows) {
    const group = groups.find((found) => found.id === row.about_id);
    if (!group) rendered.set(row.id, new EmailRefused("The group was deleted before this was sent"));
    else if (group.men === 0) rendered.set(row.id, new EmailRefused("Every man of the group was cancelled before this was sent"));
    else rendered.set(row.id, render(group, row));
  }
  return rendered;
}

export const renderGroupLinkOutbox: OutboxRenderer = (rows, sender) => {
  const organisation = { name: sender.name, addressLines: sender.addressLines };
  return renderEachGroup<OutboxContent>(rows, (group, row) => {
    // Its day, as ever; with the end when it has one, so a leader bringing men for three days knows (decision 051).
    const whenText = group.event_ends_at ? eventWhenText(group.event_date, group.event_ends_at) : formatInSiteZone(group.event_date, EVENT_DATE_FORMAT);
    const event = { name: group.event_name, whenText };
    const email = groupLinkEmail(group.leader_name, event, standingOf(group), groupPageUrl(sender.origin, group.token), organisation, feeOf(group), paymentsReady());
    return { kind: row.kind, fromName: sender.name, replyTo: { email: sender.eventsEmail, name: sender.name }, ...email };
  });
};

export const renderGroupLinkSms: SmsRenderer = (rows, sender) =>
  renderEachGroup<SmsContent>(rows, (group, row) => {
    if (row.kind === "group-fees") {
      const fee = feeOf(group, SMS_WHEN_FORMAT);
      return fee ? { kind: row.kind, text: groupFeesSms(sender.smsName, group.event_name, fee) } : new EmailRefused("Nothing was left to pay for the group when this was to be sent");
    }
    const text = groupLinkSms(sender.smsName, group.event_name, standingOf(group), groupPageUrl(sender.origin, group.token));
    return gsm7Length(text) > SMS_SEGMENT_LENGTH ? new EmailRefused("The SMS does not fit one segment: the site's address is too long") : { kind: row.kind, text };
  });
