// "Cancel a burst" at the registration desk (docs/decisions/026-registration-bursts.md): the address
// groups to choose from, a preview of what a window selects, and the cancellation of everything it
// selects with the waiting list's promotion (the same guarded promotion as one cancellation) in one
// batch, guarded by the count the preview showed, so two staff pressing it at once free the places
// once and promote exactly as many people as places were freed.
import { sql, type SQL } from "drizzle-orm";
import { batchable, getDb, type Db } from "~/db/db.server";
import { eventWindowQuery, isFull, movedUpEmailQuery, promoteQuery, type PromotedRow, type RegistrationEmail } from "./registrations.server";

/** What staff chose: registrations made from `from` up to (not including) `until`, from one address group or any. */
export type BurstWindow = { from: string; until: string; group: string | null };

/** How many address groups the desk offers (the largest first). */
const GROUPS_OFFERED = 30;

/** The address groups of the registrations `where` selects, largest first, at most `limit`. */
function groupsQuery(db: Db, where: SQL, limit: number) {
  return batchable(
    db.all<{ address_group: string; n: number }>(sql`SELECT address_group, count(*) AS n FROM event_registrations
      WHERE ${where} AND address_group IS NOT NULL
      GROUP BY address_group ORDER BY n DESC, address_group LIMIT ${limit}`),
  );
}

/** The address groups of the event's registrations that are not cancelled, largest first: the desk's choices. */
export function addressGroupsQuery(db: Db, eventId: number) {
  return groupsQuery(db, sql`event_id = ${eventId} AND status <> 'cancelled'`, GROUPS_OFFERED);
}

/**
 * The registrations a window selects, as a condition on event_registrations: not cancelled, made
 * on the website (the form or a leader's group; never staff's additions), in the window, and from
 * the address group when one is chosen.
 */
function selectedSql(eventId: number, window: BurstWindow): SQL {
  return sql`event_id = ${eventId} AND status <> 'cancelled' AND source = 'public'
    AND created_at >= ${window.from} AND created_at < ${window.until}
    ${window.group ? sql`AND address_group = ${window.group}` : sql``}`;
}

/** How many names a preview shows. */
export const PREVIEW_NAMES = 5;

/** How many address groups a preview lists. */
const PREVIEW_GROUPS = 10;

export type BurstPreview = { count: number; names: string[]; groups: { group: string; n: number }[] };

/** What a window selects: how many, the first few names (oldest first) and its address groups. Null when there is no such event. */
export async function previewBurst(eventId: number, window: BurstWindow): Promise<BurstPreview | null> {
  const db = getDb();
  const selected = selectedSql(eventId, window);
  const [events, counts, names, groups] = await db.batch([
    eventWindowQuery(db, eventId),
    batchable(db.all<{ n: number }>(sql`SELECT count(*) AS n FROM event_registrations WHERE ${selected}`)),
    batchable(db.all<{ full_name: string }>(sql`SELECT full_name FROM event_registrations WHERE ${selected} ORDER BY created_at, id LIMIT ${PREVIEW_NAMES}`)),
    groupsQuery(db, selected, PREVIEW_GROUPS),
  ]);
  if (!events[0]) return null;
  return { count: counts[0]?.n ?? 0, names: names.map((row) => row.full_name), groups: groups.map((row) => ({ group: row.address_group, n: row.n })) };
}

export type BurstCancelOutcome =
  | {
      outcome: "cancelled";
      eventName: string;
      cancelled: { id: number; full_name: string }[];
      promoted: PromotedRow[];
      placesFreed: number;
      stoppedBeingFull: boolean;
      outboxIds: number[];
    }
  | { outcome: "changed"; count: number }
  | { outcome: "event-not-found" };

/**
 * Cancels every registration the window selects, if it still selects `expected` of them (what the
 * preview showed), and moves the first on the waiting list up into the places freed, with their
 * e-mails: one batch. Those cancelled hear nothing (a burst's addresses may be anyone's).
 * A second press, or a window that changed since the preview, cancels nothing ("changed", with the
 * count now).
 */
export async function cancelBurstAtDesk(eventId: number, window: BurstWindow, expected: number, by: string, now: Date, movedUp: RegistrationEmail | null): Promise<BurstCancelOutcome> {
  const db = getDb();
  const at = now.toISOString();
  const selected = selectedSql(eventId, window);
  const [before, cancelled, movedUpNotes, promoted, after, left] = await db.batch([
    eventWindowQuery(db, eventId),
    batchable(db.all<{ id: number; full_name: string }>(sql`UPDATE event_registrations SET status = 'cancelled', cancelled_at = ${at}, cancelled_by = ${by},
        cancel_reason = 'burst', updated_at = ${at}
      WHERE id IN (SELECT id FROM event_registrations WHERE ${selected})
        AND (SELECT count(*) FROM event_registrations WHERE ${selected}) = ${expected}
      RETURNING id, full_name`)),
    movedUpEmailQuery(db, movedUp, eventId),
    promoteQuery(db, eventId, at),
    eventWindowQuery(db, eventId),
    batchable(db.all<{ n: number }>(sql`SELECT count(*) AS n FROM event_registrations WHERE ${selected}`)),
  ]);
  const [was, is] = [before[0], after[0]];
  if (!was || !is) return { outcome: "event-not-found" };
  if (cancelled.length === 0) return { outcome: "changed", count: left[0]?.n ?? 0 };
  return {
    outcome: "cancelled",
    eventName: is.name,
    cancelled,
    promoted,
    placesFreed: was.confirmed + promoted.length - is.confirmed,
    stoppedBeingFull: isFull(was) && !isFull(is),
    outboxIds: movedUpNotes.map((row) => row.id),
  };
}
