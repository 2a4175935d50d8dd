// The door offline (issue 26, docs/decisions/024-offline-door.md): the list a phone keeps for an
// event, and the actions it took without a connection, sent back in order and applied once each.
// - An action carries an id the phone made. Each is one D1 batch that writes the person's change
//   only when no `door_actions` row has that id yet, then records the row: D1 runs a batch as one
//   transaction, so a resent action, even one racing its first send, finds the row and changes nothing.
// - A check-in is the guarded `UPDATE … WHERE checked_in_at IS NULL`: of two volunteers who admitted
//   the same person offline, the first to arrive stands and the second is told who was first.
// - The person was let in already, so a check-in of someone no longer confirmed is recorded as
//   "admitted anyway", and a walk-in is always added, over the capacity when it is full.
import { sql } from "drizzle-orm";
import { batchable, getDb } from "~/db/db.server";
import { logActivity } from "~/features/accounts/index.server";
import { registrationNames } from "./registration-log-name.server";
import type { DoorActionKind } from "~/lib/stored-choices";
import { formatInSiteZone } from "~/lib/time";
import { bumpContentVersion } from "~/server/content-version.server";
import { normalizePhone } from "~/server/phone.server";
import { nameKey } from "./group-registrations.server";
import { feeOwedSql, placeFreeSql, withFreshCode } from "./registrations.server";
import { unpaidText } from "~/lib/money";
import type { DoorAction, DoorList, DoorPerson, DoorResult } from "./door-types";
import { singleSpaced } from "~/lib/schema-fields";
import { isPhoneText } from "~/lib/phone-text";

/** How long after its event a phone keeps the door list (the page deletes it then). */
const KEEP_AFTER_EVENT_MS = 48 * 3600_000;
/** The most actions one send may carry (a phone sends again for the rest). */
export const DOOR_ACTIONS_PER_SEND = 200;

/** Who checked someone in, as the door shows it: the part of the account's address before the @. */
const doorName = (by: string | null) => (by ? by.split("@")[0]! : null);
const timeText = (iso: string | null) => (iso ? formatInSiteZone(iso, "HH:mm") : null);

type PersonRow = {
  id: number;
  full_name: string;
  code: string;
  status: string;
  phone_number: string;
  checked_in_at: string | null;
  checked_in_by: string | null;
  group_leader?: string | null;
  admitted_unconfirmed?: number | null;
  /** The fee he still owes (feeOwedSql), in the door list. */
  fee_owed?: number | null;
};

function toDoorPerson(row: PersonRow): DoorPerson {
  return {
    id: row.id,
    name: row.full_name,
    code: row.code,
    status: row.status as DoorPerson["status"],
    phoneEnd: row.phone_number.replace(/\D/g, "").slice(-3),
    checkedInText: row.checked_in_at ? timeText(row.checked_in_at) : null,
    checkedInBy: doorName(row.checked_in_by),
    groupLeader: row.group_leader ?? null,
    ...(row.admitted_unconfirmed !== undefined ? { admittedAnyway: Boolean(row.checked_in_at && row.admitted_unconfirmed) } : {}),
    ...(row.fee_owed !== undefined ? { feeText: row.fee_owed ? unpaidText(row.fee_owed) : null } : {}),
  };
}

/**
 * The event's door list: what a door volunteer may see of each person, never a whole number or an
 * e-mail; `mayGoOver`: whether this account may add a walk-in beyond the places (not a door volunteer).
 */
export async function doorList(eventId: number, now: Date, mayGoOver: boolean): Promise<DoorList | null> {
  const db = getDb();
  const [events, people] = await db.batch([
    batchable(db.all<{ id: number; name: string; date: string | null; capacity: number | null }>(sql`SELECT id, name, date, capacity FROM churchevents WHERE id = ${eventId}`)),
    batchable(
      db.all<PersonRow>(sql`SELECT r.id, r.full_name, r.code, r.status, r.phone_number, r.checked_in_at, r.checked_in_by, g.leader_name AS group_leader,
          ${feeOwedSql("r", "e")} AS fee_owed
        FROM event_registrations r JOIN churchevents e ON e.id = r.event_id LEFT JOIN registration_groups g ON g.id = r.group_id
        WHERE r.event_id = ${eventId} AND (r.status <> 'cancelled' OR r.checked_in_at IS NOT NULL) ORDER BY r.full_name COLLATE NOCASE, r.id`),
    ),
  ]);
  const event = events[0];
  if (!event) return null;
  const from = event.date && event.date > now.toISOString() ? new Date(event.date) : now;
  return {
    event: { id: event.id, name: event.name, dateText: formatInSiteZone(event.date, "EEEE, MMMM d, yyyy · h:mm a") },
    places: event.capacity,
    mayGoOver,
    savedAt: now.toISOString(),
    expiresAt: new Date(from.getTime() + KEEP_AFTER_EVENT_MS).toISOString(),
    people: people.map(toDoorPerson),
  };
}

/** An action's id as a phone makes it (crypto.randomUUID()), or null. */
export function doorActionId(value: unknown): string | null {
  return typeof value === "string" && /^[\w-]{8,64}$/.test(value) ? value : null;
}

/** Reads a send's body: a list of actions, each well formed, or null. */
export function readDoorActions(body: unknown): DoorAction[] | null {
  const list = (body as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(list) || list.length === 0 || list.length > DOOR_ACTIONS_PER_SEND) return null;
  const actions: DoorAction[] = [];
  for (const item of list as Record<string, unknown>[]) {
    const id = doorActionId(item?.id);
    const at = typeof item?.at === "string" && !Number.isNaN(Date.parse(item.at)) ? new Date(item.at).toISOString() : null;
    if (!id || !at) return null;
    if ((item.kind === "checkin" || item.kind === "admit") && Number.isInteger(item.registrationId)) {
      actions.push({ id, at, kind: item.kind, registrationId: item.registrationId as number });
    } else if (item.kind === "walk-in" && typeof item.name === "string" && typeof item.phone === "string") {
      const name = singleSpaced(item.name.trim()).slice(0, 100);
      const phone = item.phone.trim().slice(0, 30);
      // The phone's form checks a number's shape (isPhoneText) before it keeps a walk-in: no other comes from it.
      if (!name || !isPhoneText(phone)) return null;
      actions.push({ id, at, kind: "walk-in", name, phone });
    } else {
      return null;
    }
  }
  return actions;
}

/** The action's time: the phone's, but never in the future (a phone's clock can be wrong). */
const actionTime = (action: DoorAction, now: Date) => (action.at < now.toISOString() ? action.at : now.toISOString());

function recordActionQuery(action: DoorAction, eventId: number, registrationId: SqlValue, outcome: SqlValue, by: string, now: Date) {
  const db = getDb();
  return batchable(
    db.all<{ id: string }>(sql`INSERT INTO door_actions (id, event_id, kind, registration_id, outcome, done_at, done_by, received_at)
      VALUES (${action.id}, ${eventId}, ${action.kind satisfies DoorActionKind}, ${registrationId}, ${outcome}, ${actionTime(action, now)}, ${by}, ${now.toISOString()})
      ON CONFLICT (id) DO NOTHING RETURNING id`),
  );
}
type SqlValue = ReturnType<typeof sql>;

const notYetApplied = (id: string) => sql`NOT EXISTS (SELECT 1 FROM door_actions d WHERE d.id = ${id})`;

/** What the action came to at this event: an id sent again to another event's door reads nothing of the first's. */
const storedOutcomeQuery = (id: string, eventId: number) =>
  batchable(getDb().all<{ outcome: string }>(sql`SELECT outcome FROM door_actions WHERE id = ${id} AND event_id = ${eventId}`));

/** One check-in (or admit anyway), once. */
async function applyCheckIn(eventId: number, action: Extract<DoorAction, { registrationId: number }>, by: string, now: Date): Promise<DoorResult> {
  const db = getDb();
  const at = actionTime(action, now);
  const person = sql`(SELECT id FROM event_registrations WHERE id = ${action.registrationId} AND event_id = ${eventId})`;
  // Checked in by this action: the row holds its time and its volunteer (a phone never taps twice
  // for one person at the same millisecond).
  const outcome = sql`CASE WHEN ${person} IS NULL THEN 'not-found'
    WHEN EXISTS (SELECT 1 FROM event_registrations WHERE id = ${action.registrationId} AND checked_in_at = ${at} AND checked_in_by = ${by}) THEN 'checked-in'
    ELSE 'already-checked-in' END`;
  const [, recorded, stored, rows] = await db.batch([
    batchable(db.all(sql`UPDATE event_registrations SET checked_in_at = ${at}, checked_in_by = ${by},
        admitted_unconfirmed = (status <> 'confirmed'), updated_at = ${now.toISOString()}
      WHERE id = ${action.registrationId} AND event_id = ${eventId} AND checked_in_at IS NULL AND ${notYetApplied(action.id)}`)),
    recordActionQuery(action, eventId, person, outcome, by, now),
    storedOutcomeQuery(action.id, eventId),
    batchable(
      db.all<PersonRow>(sql`SELECT id, full_name, code, status, phone_number, checked_in_at, checked_in_by, admitted_unconfirmed FROM event_registrations
        WHERE id = ${action.registrationId} AND event_id = ${eventId}`),
    ),
  ]);
  const row = rows[0];
  return {
    id: action.id,
    outcome: (stored[0]?.outcome ?? "not-found") as DoorResult["outcome"],
    resent: recorded.length === 0,
    person: row ? toDoorPerson(row) : null,
  };
}

/** Who holds the number at this event already (not cancelled), the one of the same name first; `same`: under that name. */
async function registeredWithPhone(eventId: number, phone: string, name: string) {
  const rows = await getDb().all<{ id: number; full_name: string; code: string }>(sql`SELECT id, full_name, code FROM event_registrations
    WHERE event_id = ${eventId} AND phone_number = ${phone} AND status <> 'cancelled' ORDER BY id`);
  const same = rows.find((row) => nameKey(row.full_name) === nameKey(name));
  const holder = same ?? rows[0];
  return holder ? { ...holder, same: same !== undefined } : null;
}

/**
 * One walk-in, once: confirmed while there is a place, over the capacity (and so marked) when
 * there is none. A man registered already under his number and name (the phone could not know
 * offline: it keeps only a number's last digits) is checked in instead of added twice; under
 * another name, he is added (a shared phone) and the phone is told whose the number is, unless it
 * is a door volunteer's: the door never turns a whole number into the name it is registered under.
 */
async function applyWalkIn(eventId: number, action: Extract<DoorAction, { kind: "walk-in" }>, by: string, volunteer: boolean, now: Date): Promise<DoorResult> {
  const phone = normalizePhone(action.phone) ?? action.phone;
  const holder = await registeredWithPhone(eventId, phone, action.name);
  const registered = holder ? { same: holder.same, ...(holder.same || !volunteer ? { name: holder.full_name, code: holder.code } : {}) } : undefined;
  if (holder?.same) return { ...(await applyCheckIn(eventId, { id: action.id, at: action.at, kind: "checkin", registrationId: holder.id }, by, now)), registered };
  return { ...(await addWalkIn(eventId, action, phone, by, now)), ...(registered ? { registered } : {}) };
}

async function addWalkIn(eventId: number, action: Extract<DoorAction, { kind: "walk-in" }>, phone: string, by: string, now: Date): Promise<DoorResult> {
  const db = getDb();
  const at = actionTime(action, now);
  const [inserted, recorded, stored, rows] = await withFreshCode((code, token) =>
    db.batch([
      // A shared phone (no dedupe key): the person is inside already, whoever else holds the number.
      batchable(db.all<{ id: number }>(sql`INSERT INTO event_registrations
          (event_id, full_name, phone_number, email, dedupe_key, status, code, token, source, added_by, over_capacity,
           checked_in_at, checked_in_by, created_at, updated_at)
        SELECT e.id, ${action.name}, ${phone}, NULL, NULL, 'confirmed', ${code}, ${token}, 'desk', ${by},
          CASE WHEN ${placeFreeSql} THEN 0 ELSE 1 END, ${at}, ${by}, ${now.toISOString()}, ${now.toISOString()}
        FROM churchevents e WHERE e.id = ${eventId} AND ${notYetApplied(action.id)}
        RETURNING id`)),
      recordActionQuery(
        action,
        eventId,
        sql`(SELECT id FROM event_registrations WHERE token = ${token})`,
        sql`CASE WHEN EXISTS (SELECT 1 FROM event_registrations WHERE token = ${token}) THEN 'walk-in' ELSE 'not-found' END`,
        by,
        now,
      ),
      storedOutcomeQuery(action.id, eventId),
      batchable(
        db.all<PersonRow>(sql`SELECT r.id, r.full_name, r.code, r.status, r.phone_number, r.checked_in_at, r.checked_in_by
          FROM door_actions d JOIN event_registrations r ON r.id = d.registration_id WHERE d.id = ${action.id} AND d.event_id = ${eventId} AND r.event_id = ${eventId}`),
      ),
    ]),
  );
  const row = rows[0];
  return {
    id: action.id,
    outcome: (stored[0]?.outcome ?? "not-found") as DoorResult["outcome"],
    resent: recorded.length === 0 && inserted.length === 0,
    person: row ? toDoorPerson(row) : null,
  };
}

/**
 * Applies a phone's actions in the order it took them, each once. Answers each action's outcome
 * and the person as they now are; `resent` when the action had arrived before (nothing changed).
 */
export async function applyDoorActions(eventId: number, actions: readonly DoorAction[], by: string, volunteer: boolean, now = new Date()): Promise<DoorResult[]> {
  const results: DoorResult[] = [];
  for (const action of actions) {
    results.push(action.kind === "walk-in" ? await applyWalkIn(eventId, action, by, volunteer, now) : await applyCheckIn(eventId, action, by, now));
  }
  const applied = results.filter((result) => !result.resent && (result.outcome === "checked-in" || result.outcome === "walk-in"));
  if (applied.some((result) => result.outcome === "walk-in")) await bumpContentVersion();
  if (applied.length) {
    const targets = await registrationNames(eventId, applied.map((result) => ({ id: result.person?.id ?? null, name: result.person?.name ?? null })));
    await logActivity(
      applied.map((result, index) => ({
        actor: by,
        kind: "write" as const,
        action: result.outcome === "walk-in" ? "Added a walk-in at the door (sent from a phone)" : "Checked in (sent from a phone)",
        target: targets[index]!,
      })),
    );
  }
  return results;
}
