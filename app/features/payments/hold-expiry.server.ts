// Releasing unpaid places (an event's "Hours to pay", payment_hold_hours): a confirmed registration
// whose fee is still unpaid that many hours after it was made (or after it moved up from the waiting
// list, was restored, or the hours were set on the event: payBySql) is cancelled with the reason "not paid" and told so (e-mail, SMS), and in the same batch the
// first people waiting move up into the places it frees (the events feature's guarded promotion,
// with their e-mails). A man whose payment under way the provider could not be asked about keeps
// his place until a run gets its answer. Run by the Worker's every-10-minutes cron. Each event is one batch (one transaction), so runs that
// overlap never cancel twice or give a place twice.
import { sql } from "drizzle-orm";
import { batchable, getDb } from "~/db/db.server";
import { cancellationNotes, movedUpEmailQuery, movedUpNote, owesFeeSql, payBySql, promoteQuery, registrationEmailQuery } from "~/features/events/index.server";
import { CANCELLED_NOT_PAID } from "~/lib/stored-choices";
import { bumpContentVersion } from "~/server/content-version.server";
import { settlePayment } from "./payments.server";
import { givenBackSql } from "./refunded-fees.server";

/**
 * How long a payment the provider still has not settled keeps its man's place after his hold ran
 * out: a prompt lasts minutes, so one still open after this is taken as never coming.
 */
const PENDING_GRACE_MINUTES = 30;

/**
 * A confirmed registration, still unpaid, whose hold ran out at `at`: its pay-by time (payBySql, the
 * one his page and his leader's show) has come. Never a man checked in at the door (he is in the
 * hall: his fee is for the desk), nor once the event has started (what is unpaid then is paid at
 * the door; no one is moved up into an event under way, nor sent SMS about it).
 */
function holdRanOutSql(at: string) {
  const r = "event_registrations";
  return sql`${owesFeeSql(r)} AND ${payBySql(r)} <= strftime('%Y-%m-%dT%H:%M:%fZ', ${at})
    AND event_registrations.checked_in_at IS NULL
    AND COALESCE((SELECT date FROM churchevents WHERE id = event_registrations.event_id) > ${at}, 1)`;
}

/**
 * Registrations of event `e` whose hold ran out at `at` (the SQL reads the event's hours). Not one
 * whose man is paying (a payment the provider has not settled, lately begun): he paid in time if
 * it goes through, so the place waits for a later run. Nor one whose money came and did not match
 * the fee (paid, flagged, not given back: staff sort it out, decision 050). Nor one in `unsettled` (ids), whose payment
 * under way the provider could not be asked about in this run: it may have gone through, so the
 * next run asks again.
 */
function expiredSql(at: string, unsettled: readonly number[]) {
  const paymentSince = new Date(Date.parse(at) - PENDING_GRACE_MINUTES * 60_000).toISOString();
  const keep = unsettled.length ? sql`AND event_registrations.id NOT IN (${sql.join(unsettled.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return sql`${holdRanOutSql(at)} ${keep}
    AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.registration_id = event_registrations.id AND p.kind = 'online'
      AND ((p.status = 'pending' AND p.created_at > ${paymentSince}) OR (p.status = 'paid' AND p.flagged = 1 AND NOT ${givenBackSql("p")})))`;
}

/**
 * Asks the provider about the payments still pending on holds that ran out: one approved in time
 * whose webhook is late or lost is recorded now (the provider's verify call decides, as on the
 * private page), so its man keeps his place; one that failed lets the place go. Answers the
 * registrations whose payment could not be asked about (no answer from the provider, or an error):
 * their places are kept until a run gets an answer.
 */
async function settlePendingPaymentsOfExpiredHolds(at: string, now: Date): Promise<number[]> {
  const pending = await getDb().all<{ reference: string; registration_id: number }>(sql`SELECT p.reference, p.registration_id FROM payments p
    WHERE p.kind = 'online' AND p.status = 'pending'
      AND p.registration_id IN (SELECT id FROM event_registrations WHERE ${holdRanOutSql(at)})`);
  const unsettled: number[] = [];
  for (const { reference, registration_id } of pending) {
    try {
      if ((await settlePayment(reference, now)) === "unreachable") unsettled.push(registration_id);
    } catch (error) {
      console.error(`Payment ${reference}: could not ask the provider before releasing its place`, error);
      unsettled.push(registration_id);
    }
  }
  return unsettled;
}

/** Cancels the unpaid holds that ran out at `now` and moves people up; how many of each. */
export async function releaseUnpaidHolds(now: number): Promise<{ cancelled: number; promoted: number }> {
  const db = getDb();
  const at = new Date(now).toISOString();
  const unsettled = await settlePendingPaymentsOfExpiredHolds(at, new Date(now));
  const events = await db.all<{ id: number }>(sql`SELECT DISTINCT event_id AS id FROM event_registrations
    WHERE event_id IN (SELECT id FROM churchevents WHERE price > 0 AND payment_hold_hours IS NOT NULL) AND ${expiredSql(at, unsettled)}`);
  let cancelled = 0;
  let promoted = 0;
  for (const { id } of events) {
    const [, gone, , up] = await db.batch([
      // Before the update, so it reaches exactly the places the update releases.
      registrationEmailQuery(db, cancellationNotes().cancelled, sql`event_id = ${id} AND ${expiredSql(at, unsettled)}`),
      batchable(db.all<{ id: number }>(sql`UPDATE event_registrations SET status = 'cancelled', cancelled_at = ${at}, cancelled_by = 'system',
          cancel_reason = ${CANCELLED_NOT_PAID}, updated_at = ${at}
        WHERE event_id = ${id} AND ${expiredSql(at, unsettled)} RETURNING id`)),
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
