// Releasing unpaid places (an event's "Hours to pay", payment_hold_hours): a confirmed registration
// whose fee is still unpaid that many hours after it was made (or after it moved up from the waiting
// list) is cancelled with the reason "not paid" and told so (e-mail, SMS), and in the same batch the
// first people waiting move up into the places it frees (the events feature's guarded promotion,
// with their e-mails). Run by the Worker's every-10-minutes cron. Each event is one batch (one transaction), so runs that
// overlap never cancel twice or give a place twice.
import { sql } from "drizzle-orm";
import { batchable, getDb } from "~/db/db.server";
import { cancellationNotes, movedUpEmailQuery, movedUpNote, promoteQuery, registrationEmailQuery } from "~/features/events/index.server";
import { CANCELLED_NOT_PAID } from "~/lib/stored-choices";
import { bumpContentVersion } from "~/server/content-version.server";
import { PENDING_BLOCK_MINUTES } from "./payments.server";

/**
 * Registrations of event `e` whose hold ran out at `at` (the SQL reads the event's hours). Not one
 * whose man is paying right now (a prompt still on his phone): he paid in time if he approves it,
 * so the place waits for the next run, when the prompt has been answered or has run out.
 */
function expiredSql(at: string) {
  const promptSince = new Date(Date.parse(at) - PENDING_BLOCK_MINUTES * 60_000).toISOString();
  return sql`status = 'confirmed' AND payment_status = 'unpaid'
    AND COALESCE(promoted_at, created_at) <= strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '-' || (SELECT e.payment_hold_hours FROM churchevents e WHERE e.id = event_registrations.event_id) || ' hours')
    AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.registration_id = event_registrations.id AND p.kind = 'online'
      AND p.status = 'pending' AND p.created_at > ${promptSince})`;
}

/** Cancels the unpaid holds that ran out at `now` and moves people up; how many of each. */
export async function releaseUnpaidHolds(now: number): Promise<{ cancelled: number; promoted: number }> {
  const db = getDb();
  const at = new Date(now).toISOString();
  const events = await db.all<{ id: number }>(sql`SELECT DISTINCT event_id AS id FROM event_registrations
    WHERE event_id IN (SELECT id FROM churchevents WHERE price > 0 AND payment_hold_hours IS NOT NULL) AND ${expiredSql(at)}`);
  let cancelled = 0;
  let promoted = 0;
  for (const { id } of events) {
    const [, gone, , up] = await db.batch([
      // Before the update, so it reaches exactly the places the update releases.
      registrationEmailQuery(db, cancellationNotes().cancelled, sql`event_id = ${id} AND ${expiredSql(at)}`),
      batchable(db.all<{ id: number }>(sql`UPDATE event_registrations SET status = 'cancelled', cancelled_at = ${at}, cancelled_by = 'system',
          cancel_reason = ${CANCELLED_NOT_PAID}, updated_at = ${at}
        WHERE event_id = ${id} AND ${expiredSql(at)} RETURNING id`)),
      movedUpEmailQuery(db, movedUpNote(), id),
      promoteQuery(db, id, at),
    ]);
    cancelled += gone.length;
    promoted += up.length;
    // The lists may stop saying 'Full': places were freed and not all were taken.
    if (gone.length > up.length) await bumpContentVersion();
  }
  return { cancelled, promoted };
}
