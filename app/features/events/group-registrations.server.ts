// Registering a group at once (issue 25, part 4; docs/decisions/023-questions-and-groups.md). D1 has
// no interactive transactions, so the whole group is one batch (one transaction), whose statements
// decide everything from the rows as they are at that instant:
// 1. who already holds one of the group's phones for the event (read first, to name the lines);
// 2. the group's row, written only if registration is open, none of its phones is held, and either
//    all fit or the leader chose the waiting list for the rest (and the event has one);
// 3. every man, in one INSERT from a JSON list (one bound value, within D1's limits), all waiting at
//    first, so the count of confirmed places does not move while the statement runs;
// 4. one UPDATE confirming the group's first lines, as many as places are free (the LIMIT is read
//    once, as promoteQuery does), so concurrent groups never take more than the capacity and a group
//    "only if all fit" is never split;
// 5. the answers, and the outbox's intents (after the statuses are set): each man's, and the
//    leader's link to the group's page.
// Each man is an ordinary registration (his own code, private page and messages); the group's page
// lists them for the leader.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { RegistrationStatus } from "~/db/schema";
import type { PaymentState } from "~/lib/stored-choices";
import { batchable, type Db, getDb, isUniqueViolation } from "~/db/db.server";
import { enqueueByEachChannelQuery, outboxIdsOf } from "~/server/outbox.server";
import { readablePhone } from "~/server/phone.server";
import type { Answer } from "./event-questions";
import { GROUP_MESSAGES, type GroupMode } from "./group-form";
import { newPrivateToken } from "~/lib/private-link";
import { burstAlertQueries } from "./registration-bursts.server";
import { beforeTheEvent, newRegistrationCode, registrationState } from "./registration-rules";
import { singleSpaced } from "~/lib/schema-fields";
import {
  cancellableByLinkSql,
  type CancelEmails,
  cancellationQueries,
  confirmedCountSql,
  eventWindowQuery,
  isFull,
  askedAgainLimitsSql,
  openForRegistrationSql,
  registrationEmailQuery,
  type RegistrationEmail,
  SENT_AGAIN_MINUTES,
  smsDueNow,
  payBySql,
  waitlistPlaceSql,
  windowOf,
} from "./registrations.server";

/** One man of the group: his phone in international form, or null (then the leader's phone is his contact). */
export type GroupMan = { full_name: string; phone_number: string | null; answers: Answer[] };

export type NewGroup = {
  event_id: number;
  leader_name: string;
  leader_phone: string;
  leader_email: string | null;
  mode: GroupMode;
  men: GroupMan[];
  /** The leader said the men without a phone whose names are registered already are other men. */
  names_checked: boolean;
  /** The leader's client address group (app/server/abuse.server.ts), or null: each man gets it. */
  address_group: string | null;
};

export type GroupOutcome =
  | { outcome: "registered"; token: string; confirmed: number; waitlisted: number; outboxIds: number[] }
  /** This very group was registered a moment ago (Register tapped twice): its page. */
  | { outcome: "repeated"; token: string }
  /** Men already registered for the event: by their own phone, or (no phone of their own) by name on this leader's phone. */
  | { outcome: "men-taken"; phones: string[]; names: string[] }
  /** Men without a phone whose names are registered for the event on another phone, and the leader has not said they are other men. */
  | { outcome: "names-seen"; names: string[] }
  /** Too few places, and (with `waitingList`) the leader chose "only if all fit"; without one, no choice could help. */
  | { outcome: "not-enough-places"; placesLeft: number; waitingList: boolean }
  | { outcome: "event-not-found" | "closed" };

/** A group's link asked for again: the limits of a registration's receipt asked for again. */
const againAllowed = askedAgainLimitsSql(sql`g.id`, ["group-link"]);

/**
 * For a batch: the leader's link for each group `which` (a condition on a registration_groups row)
 * selects, by SMS to his number when `smsDue` is set (SMS is set up) and by e-mail when he gave an
 * address, while a man of it is still registered; `again`: asked for again, within its limits,
 * and urgent (at once, at night too). One statement.
 */
export function groupLinkQuery(db: Db, which: SQL, smsDue: string | null, again = false) {
  return enqueueByEachChannelQuery(db, {
    kind: "group-link",
    aboutId: sql`g.id`,
    email: sql`g.leader_email`,
    phone: sql`g.leader_phone`,
    smsDue,
    urgent: again,
    from: sql`registration_groups g`,
    where: sql`g.id IN (SELECT id FROM registration_groups WHERE ${which})
        AND EXISTS (SELECT 1 FROM event_registrations r WHERE r.group_id = g.id AND r.status <> 'cancelled')
        ${again ? againAllowed : sql``}`,
  });
}

/**
 * For the group's batch, at an event with a fee: a second SMS to the leader with what his men's
 * fees come to and, when the event releases unpaid places, by when (./group-link.ts,
 * groupFeesSms): the link's SMS has no room for it, and men on his number get no SMS of their own.
 * Rendered when sent, from what is then still owed (nothing: it does not go).
 */
export function groupFeesQuery(db: Db, which: SQL, smsDue: string | null) {
  return enqueueByEachChannelQuery(db, {
    kind: "group-fees",
    aboutId: sql`g.id`,
    email: sql`NULL`,
    phone: sql`g.leader_phone`,
    smsDue,
    from: sql`registration_groups g`,
    where: sql`g.id IN (SELECT id FROM registration_groups WHERE ${which}) AND (SELECT price FROM churchevents WHERE id = g.event_id) > 0`,
  });
}

/** A name as the group form compares it: the same man written again, whatever the case or spaces. */
export function nameKey(name: string): string {
  return singleSpaced(name.trim()).toLowerCase();
}

/** Whether a stored group's men (JSON of [name, phone or null]) are exactly the men posted. */
function sameMen(stored: string, posted: readonly GroupMan[]): boolean {
  const key = (name: string, phone: string | null) => `${phone ?? ""}|${name}`;
  const kept = (JSON.parse(stored) as [string, string | null][]).map(([name, phone]) => key(name, phone)).sort();
  const sent = posted.map((man) => key(man.full_name, man.phone_number)).sort();
  return kept.length === sent.length && kept.every((entry, index) => entry === sent[index]);
}

/** Registers the group in one batch (again with fresh codes if one drawn is taken). */
export async function registerGroup(input: NewGroup, now: Date, emails: readonly RegistrationEmail[] = []): Promise<GroupOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await registerGroupOnce(input, now, emails);
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error) || !/code/.test(String((error as Error).cause ?? error))) throw error;
    }
  }
}

async function registerGroupOnce(input: NewGroup, now: Date, emails: readonly RegistrationEmail[]): Promise<GroupOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const groupToken = newPrivateToken();
  const men = input.men.map((man) => ({ ...man, code: newRegistrationCode(), token: newPrivateToken() }));
  const phones = JSON.stringify(men.flatMap((man) => (man.phone_number ? [man.phone_number] : [])));
  // A man without a phone of his own is known by his name on his leader's phone: the same group sent
  // twice (Back, then Register again) registers nobody twice.
  const phonelessNames = JSON.stringify(men.flatMap((man) => (man.phone_number ? [] : [nameKey(man.full_name)])));
  const phonelessTaken = sql`SELECT lower(trim(h.full_name)) FROM event_registrations h JOIN registration_groups hg ON hg.id = h.group_id
    WHERE h.event_id = ${input.event_id} AND h.status <> 'cancelled' AND h.dedupe_key IS NULL AND hg.leader_phone = ${input.leader_phone}
      AND lower(trim(h.full_name)) IN (SELECT value FROM json_each(${phonelessNames}))`;
  // The same names registered on any phone: maybe the man himself, registered on his own phone
  // (or by another leader); maybe another man of a common name. The leader is asked, not refused.
  const phonelessSeen = sql`SELECT lower(trim(h.full_name)) AS name FROM event_registrations h
    WHERE h.event_id = ${input.event_id} AND h.status <> 'cancelled' AND lower(trim(h.full_name)) IN (SELECT value FROM json_each(${phonelessNames}))`;
  const namesChecked = input.names_checked ? 1 : 0;
  const n = men.length;
  const rest = input.mode === "rest-waitlisted" ? 1 : 0;
  const groupId = sql`(SELECT id FROM registration_groups WHERE token = ${groupToken})`;
  const list = JSON.stringify(men.map((man) => ({ name: man.full_name, phone: man.phone_number, code: man.code, token: man.token })));
  const answers = JSON.stringify(men.flatMap((man) => man.answers.map((answer) => ({ ...answer, token: man.token }))));

  const since = new Date(now.getTime() - SENT_AGAIN_MINUTES * 60_000).toISOString();
  const [sameGroups, held, seen, groups, , , , events, ...results] = await db.batch([
    // Groups this leader registered for the event a moment ago from this network, with their men.
    batchable(db.all<{ token: string; leader_name: string; leader_email: string | null; men: string }>(sql`SELECT g.token, g.leader_name, g.leader_email,
        (SELECT json_group_array(json_array(m.full_name, m.dedupe_key)) FROM event_registrations m WHERE m.group_id = g.id AND m.status <> 'cancelled') AS men
      FROM registration_groups g
      WHERE g.event_id = ${input.event_id} AND g.leader_phone = ${input.leader_phone} AND g.created_at > ${since} AND g.cancelled_at IS NULL
        AND ${input.address_group} IS NOT NULL AND EXISTS (SELECT 1 FROM event_registrations m WHERE m.group_id = g.id AND m.address_group = ${input.address_group})`)),
    batchable(db.all<{ phone: string | null; name: string | null }>(sql`SELECT dedupe_key AS phone, NULL AS name FROM event_registrations
      WHERE event_id = ${input.event_id} AND status <> 'cancelled' AND dedupe_key IN (SELECT value FROM json_each(${phones}))
      UNION ALL SELECT NULL, * FROM (${phonelessTaken})`)),
    batchable(db.all<{ name: string }>(sql`SELECT DISTINCT name FROM (${phonelessSeen}) WHERE ${namesChecked} = 0`)),
    batchable(db.all<{ id: number }>(sql`INSERT INTO registration_groups (event_id, leader_name, leader_phone, leader_email, mode, token, created_at, updated_at)
      SELECT e.id, ${input.leader_name}, ${input.leader_phone}, ${input.leader_email}, ${input.mode}, ${groupToken}, ${at}, ${at}
      FROM churchevents e
      WHERE e.id = ${input.event_id} AND ${openForRegistrationSql(at)}
        AND NOT EXISTS (SELECT 1 FROM event_registrations h WHERE h.event_id = e.id AND h.status <> 'cancelled'
          AND h.dedupe_key IN (SELECT value FROM json_each(${phones})))
        AND NOT EXISTS (${phonelessTaken})
        AND (${namesChecked} = 1 OR NOT EXISTS (${phonelessSeen}))
        AND (e.capacity IS NULL OR ${confirmedCountSql(sql`e.id`)} + ${n} <= e.capacity OR (${rest} = 1 AND e.waitlist_enabled = 1))
      RETURNING id`)),
    batchable(db.run(sql`INSERT INTO event_registrations
        (event_id, full_name, phone_number, email, dedupe_key, status, code, token, source, group_id, address_group, created_at, updated_at)
      SELECT g.event_id, json_extract(m.value, '$.name'), COALESCE(json_extract(m.value, '$.phone'), g.leader_phone), NULL,
        json_extract(m.value, '$.phone'), 'waitlisted', json_extract(m.value, '$.code'), json_extract(m.value, '$.token'),
        'public', g.id, ${input.address_group}, ${at}, ${at}
      FROM registration_groups g, json_each(${list}) m
      WHERE g.token = ${groupToken}
      ORDER BY m.key`)),
    batchable(db.run(sql`UPDATE event_registrations SET status = 'confirmed', updated_at = ${at}
      WHERE id IN (SELECT r.id FROM event_registrations r WHERE r.group_id = ${groupId} ORDER BY r.id
        LIMIT COALESCE((SELECT CASE WHEN e.capacity IS NULL THEN -1 ELSE max(0, e.capacity - ${confirmedCountSql(sql`e.id`)}) END
          FROM churchevents e WHERE e.id = ${input.event_id}), 0))`)),
    batchable(db.run(sql`INSERT INTO registration_answers (registration_id, event_id, question_id, label, value, association_id)
      SELECT r.id, r.event_id, json_extract(a.value, '$.question_id'), json_extract(a.value, '$.label'), json_extract(a.value, '$.value'),
        json_extract(a.value, '$.association_id')
      FROM json_each(${answers}) a JOIN event_registrations r ON r.token = json_extract(a.value, '$.token')`)),
    eventWindowQuery(db, input.event_id),
    // A man without a phone of his own is on his leader's number: the leader's group link (below)
    // lists his code, so no receipt goes to the leader for each such man.
    // Staff's notice is one for the group (its first man's row names the leader and every man).
    ...emails.map((email) =>
      registrationEmailQuery(db, email, email.to === "registrant" ? sql`group_id = ${groupId} AND dedupe_key IS NOT NULL` : sql`id = (SELECT min(id) FROM event_registrations WHERE group_id = ${groupId})`),
    ),
    // The leader's link to the group's page, by SMS and e-mail (./group-link.ts): the way back to every man's code.
    groupLinkQuery(db, sql`token = ${groupToken}`, smsDueNow()),
    groupFeesQuery(db, sql`token = ${groupToken}`, smsDueNow()),
    // A group is one form sent towards a burst (./registration-bursts.server.ts): noticed here as a registration's is.
    ...burstAlertQueries(db, input.event_id, men[0]!.token, now),
  ]);
  // The messages written: all but the burst's own row (the one before last); its e-mails to the Administrators are the last.
  const written = [...results.slice(0, -2), results.at(-1)!];
  const event = events[0];
  if (!event) return { outcome: "event-not-found" };
  // Register tapped twice without JavaScript: the browser shows the second answer, so it is the first's page.
  const same = groups[0] ? undefined : sameGroups.find((group) => group.leader_name === input.leader_name && group.leader_email === input.leader_email && sameMen(group.men, men));
  if (same) return { outcome: "repeated", token: same.token };
  if (groups[0]) {
    const statuses = await groupStatusCounts(groups[0].id);
    return { outcome: "registered", token: groupToken, ...statuses, outboxIds: outboxIdsOf(...(written as { id: number }[][])) };
  }
  if (!event.active) return { outcome: "event-not-found" };
  const window = windowOf(event);
  if (!registrationState(window, now).open) return { outcome: "closed" };
  if (held.length) return { outcome: "men-taken", phones: held.flatMap((row) => (row.phone ? [row.phone] : [])), names: held.flatMap((row) => (row.name ? [row.name] : [])) };
  if (seen.length) return { outcome: "names-seen", names: seen.map((row) => row.name) };
  return { outcome: "not-enough-places", placesLeft: Math.max(0, (event.capacity ?? 0) - event.confirmed), waitingList: Boolean(event.waitlist_enabled) };
}

async function groupStatusCounts(groupId: number) {
  const rows = await getDb().all<{ confirmed: number; waitlisted: number }>(sql`SELECT
      count(*) FILTER (WHERE status = 'confirmed') AS confirmed, count(*) FILTER (WHERE status = 'waitlisted') AS waitlisted
    FROM event_registrations WHERE group_id = ${groupId}`);
  return rows[0] ?? { confirmed: 0, waitlisted: 0 };
}

// ----- The leader's page ------------------------------------------------------------------------

export type GroupMember = {
  id: number;
  full_name: string;
  phone_number: string;
  /** His phone as people read it ('+265 991 23 45 67'): what the leader's correction form shows. */
  phone_text: string;
  email: string | null;
  has_phone: number;
  status: RegistrationStatus;
  code: string;
  token: string;
  place: number | null;
  payment_status: PaymentState;
  /** When his place goes unless his fee is paid (payBySql); null without a limit. */
  pay_by: string | null;
  /** Why he was cancelled when not by a person ("not paid"). */
  cancel_reason: string | null;
  /** The version a correction is guarded by (editAtDesk's opened-at). */
  updated_at: string;
};

export type GroupWithMembers = {
  group: {
    id: number;
    leader_name: string;
    leader_phone: string;
    mode: GroupMode;
    event_id: number;
    event_name: string;
    event_date: string | null;
    event_ends_at: string | null;
    event_location: string | null;
    event_price: number | null;
  };
  members: GroupMember[];
};

/** A group by its private link's token, and its men in the order of the form, for a batch. */
export function groupByTokenQueries(db: Db, token: string) {
  return [
    batchable(db.all<GroupWithMembers["group"]>(sql`SELECT g.id, g.leader_name, g.leader_phone, g.mode, g.event_id,
        e.name AS event_name, e.date AS event_date, e.ends_at AS event_ends_at, e.location AS event_location, e.price AS event_price
      FROM registration_groups g JOIN churchevents e ON e.id = g.event_id WHERE g.token = ${token}`)),
    batchable(db.all<Omit<GroupMember, "phone_text">>(sql`SELECT t.id, t.full_name, t.phone_number, t.email, t.dedupe_key IS NOT NULL AS has_phone, t.status, t.code, t.token,
        ${waitlistPlaceSql("t")} AS place, t.payment_status, ${payBySql("t")} AS pay_by, t.cancel_reason, t.updated_at
      FROM event_registrations t WHERE t.group_id = (SELECT id FROM registration_groups WHERE token = ${token}) ORDER BY t.id`)),
  ] as const;
}

/** The group and its men from what groupByTokenQueries read (undefined when the token names none). */
export function groupOf(groups: GroupWithMembers["group"][], members: Omit<GroupMember, "phone_text">[]): GroupWithMembers | undefined {
  const group = groups[0];
  return group && { group, members: members.map((man) => ({ ...man, phone_text: readablePhone(man.phone_number) })) };
}

/** A group by its private link's token, with its men (undefined when unknown): one round trip. */
export async function groupByToken(token: string): Promise<GroupWithMembers | undefined> {
  const db = getDb();
  const [groups, members] = await db.batch(groupByTokenQueries(db, token));
  return groupOf(groups, members);
}

export type GroupCancelOutcome =
  | { outcome: "cancelled"; cancelled: { id: number; event_id: number; full_name: string }[]; stoppedBeingFull: boolean; outboxIds: number[] }
  /** Nothing left to cancel: every man of the group was cancelled already (two presses at once: the second). */
  | { outcome: "already-cancelled" }
  /** The event has started: a private link no longer cancels. */
  | { outcome: "too-late" }
  | { outcome: "not-found" };

/**
 * "Yes, cancel the whole group" on the leader's page: every man of the group not cancelled yet,
 * while the event allows cancelling (as one man's own page does), each with his cancellation note,
 * then ONE promotion of the event's waiting list into the places freed, with its notes: one batch
 * (cancellationQueries, as one man's cancellation). So no man of the group is moved up on the way
 * (the places go to the next people waiting outside it), and the group is never half cancelled.
 * Two presses at once cancel once: the second finds nobody left ("already-cancelled").
 */
export async function cancelGroup(token: string, now: Date, emails: CancelEmails): Promise<GroupCancelOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const eventOfGroup = sql`(SELECT event_id FROM registration_groups WHERE token = ${token})`;
  const cancellable = sql`group_id = (SELECT id FROM registration_groups WHERE token = ${token}) AND ${cancellableByLinkSql(at)}`;
  const [before, cancelNotes, cancelled, movedUpNotes, , after] = await db.batch([
    eventWindowQuery(db, eventOfGroup),
    ...cancellationQueries(db, { cancellable, eventId: eventOfGroup, by: "registrant", at, emails }),
  ]);
  const [was, is] = [before[0], after[0]];
  if (!was || !is) return { outcome: "not-found" };
  if (cancelled.length === 0) return { outcome: beforeTheEvent(was.date, now) ? "already-cancelled" : "too-late" };
  return { outcome: "cancelled", cancelled, stoppedBeingFull: isFull(was) && !isFull(is), outboxIds: [...cancelNotes, ...movedUpNotes].map((row) => row.id) };
}

/** The group of each of the given registrations (a query of their ids) that came in a group, for a page's batch. */
export function groupsOfQuery(db: Db, registrationIds: SQLWrapper) {
  return batchable(
    db.all<{ id: number; leader_name: string; size: number; registered: number }>(sql`SELECT r.id, g.leader_name,
      (SELECT count(*) FROM event_registrations s WHERE s.group_id = g.id AND s.status <> 'cancelled') AS size,
      (SELECT count(*) FROM event_registrations s WHERE s.group_id = g.id) AS registered
    FROM event_registrations r JOIN registration_groups g ON g.id = r.group_id
    WHERE r.id IN ${registrationIds}`),
  );
}

/** groupsOfQuery's rows: "Group of {leader} ({size})" by registration id (./group-form.ts, GROUP_MESSAGES.label). */
export function groupsOf(rows: Awaited<ReturnType<typeof groupsOfQuery>>): Map<number, string> {
  return new Map(rows.map((row) => [row.id, GROUP_MESSAGES.label(row.leader_name, row.size, row.registered)]));
}
