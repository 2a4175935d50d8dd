// Every query that touches `email_outbox` (shared: it knows no feature): writing a message's intent
// in the same batch as what causes it, the senders' guarded claim and their results, the outbox
// cron's sweeps, and /admin/outbox's rows. And the one slot through which features ask for sending.
//
// A row is intent, not text: its kind, channel ('email', or 'sms' to a phone: decision 022), recipient and what it is about (`about_id`,
// the id of a stored row; `about`, small JSON for what is not a row). The kind's feature renders it
// when it is sent (app/features/messaging/sender.server.ts asks the features' renderers) and what was
// sent is stored on the row. To send a message from new code (e.g. a registration's confirmation):
//   const [registered, [outboxRow]] = await db.batch([insertRegistration, enqueueQuery(db, { kind, to, aboutId }, guard)]);
//   sendAfterResponse(outboxRow ? [outboxRow.id] : []);
// and a renderer for the kind (see OutboxRenderer). A message about rows the batch changes, to an
// address on each of them (a registrant who moves up from the waiting list), is enqueueForEachQuery.
import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, is, isNotNull, isNull, lt, lte, ne, or, SQL, sql, type SQLWrapper } from "drizzle-orm";
import { waitUntil } from "cloudflare:workers";
import { email_outbox } from "~/db/schema";
import { batchable, getDb, type Db } from "~/db/db.server";
import { MAX_SEND_ATTEMPTS, OUTBOX_EXPIRY_DAYS, STUCK_SENDING_MINUTES } from "~/lib/constants";
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxStatus } from "~/lib/outbox-status";
import { isQuietHour, smsDueAt } from "~/server/sms.server";
import { checkOutboxEmail, EmailRefused, isAddress, type OutboxContent, type OutboxEmail, type OutboxRow, storedColumnsOf } from "~/server/email-rules.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (date: Date) => date.toISOString();
/** Rows written before this are too old to send (OUTBOX_EXPIRY_DAYS). */
const expiryCutoff = (now: Date) => iso(new Date(now.getTime() - OUTBOX_EXPIRY_DAYS * DAY));

/** A message to write: its kind, one recipient, and what it is about. No text: that is rendered when it is sent. */
export type OutboxIntent = {
  kind: string;
  to: string;
  /** The id of the stored row it is about (which table, the kind says). */
  aboutId?: number | null;
  /** Parameters that are not a row id (small, JSON). */
  about?: Record<string, string> | null;
  /** 'sms': `to` is a phone number in international form; due by smsDueAt (app/server/sms.server.ts). */
  channel?: "email" | "sms";
  urgent?: boolean;
};

/** An SMS's recipient: a phone number in international form. */
export function isPhoneRecipient(value: unknown): value is string {
  return typeof value === "string" && /^\+[1-9]\d{6,14}$/.test(value);
}

/**
 * `INSERT INTO email_outbox SELECT <values> <rest> RETURNING …`, for a batch: each column takes its
 * value from `values` (a value, or SQL such as a column of `rest`'s tables), else its default. Each
 * row written answers its id, what it is about, its channel and when it may go.
 * (drizzle cannot put a raw `db.all(sql)` with parameters in a D1 batch, so it is built this way.)
 */
export function insertOutboxSelectQuery(db: Db, values: Partial<Record<keyof OutboxRow, unknown>>, rest: SQL) {
  const selected = Object.entries(getTableColumns(email_outbox)).map(([key, column]) => {
    if (key in values) {
      const value = values[key as keyof OutboxRow];
      return is(value, SQL) ? value : sql`${value}`;
    }
    if (column.default === undefined) return sql`NULL`;
    return is(column.default, SQL) ? column.default : sql`${column.default}`;
  });
  return db
    .insert(email_outbox)
    .select(sql`SELECT ${sql.join(selected, sql`, `)} ${rest}`)
    .returning({ id: email_outbox.id, about_id: email_outbox.about_id, channel: email_outbox.channel, next_attempt_at: email_outbox.next_attempt_at });
}

function intentValues(intent: OutboxIntent) {
  if (intent.channel === "sms") {
    if (!isPhoneRecipient(intent.to)) throw new EmailRefused(`"${String(intent.to).slice(0, 20)}" is not a phone number in international form`);
    const due = smsDueAt(new Date(), intent.urgent);
    return { kind: intent.kind, channel: "sms", urgent: Boolean(intent.urgent), next_attempt_at: due.toISOString(), recipient: intent.to, about_id: intent.aboutId ?? null, about: intent.about ? JSON.stringify(intent.about) : null };
  }
  if (!isAddress(intent.to)) throw new EmailRefused(`"${String(intent.to).slice(0, 100)}" is not a valid e-mail address`);
  return { kind: intent.kind, recipient: intent.to, about_id: intent.aboutId ?? null, about: intent.about ? JSON.stringify(intent.about) : null };
}

/**
 * Writes one message's intent to the outbox, for a drizzle `db.batch([...])` beside the write that
 * causes it: both land or neither. With `when`, it is written only if that SQL condition holds at
 * that point of the batch (e.g. `sql\`EXISTS (SELECT 1 FROM event_registrations WHERE id = ...)\``).
 * `aboutId` may be SQL (e.g. `last_insert_rowid()` after an insert of the same batch).
 * Answers the new row's `{ id }` (none when `when` did not hold): pass the ids to sendAfterResponse.
 * Throws EmailRefused at once for a recipient the provider would refuse.
 */
export function enqueueQuery(db: Db, intent: Omit<OutboxIntent, "aboutId"> & { aboutId?: number | SQL | null }, when?: SQL) {
  const { aboutId, ...rest } = intent;
  return insertOutboxSelectQuery(db, { ...intentValues(rest), about_id: aboutId ?? null }, sql`WHERE ${when ?? sql`1`}`);
}

/**
 * Writes a message's intent once for each row `rows.from` selects (`FROM … WHERE …`), for a drizzle
 * batch: a message about rows the same batch writes or changes, written only where those rows are.
 * The recipient (`to`), what it is about (`aboutId`) and the kind may be SQL over those rows (e.g.
 * an address column, the row's id, a CASE on its status). No text. Answers the new rows' `{ id }`.
 */
export function enqueueForEachQuery(
  db: Db,
  rows: { kind: string | SQL; to: SQL; aboutId: SQL; from: SQL; channel?: SQL | "email" | "sms"; nextAttemptAt?: SQL | string; urgent?: SQL | boolean },
) {
  const extra: Partial<Record<keyof OutboxRow, unknown>> = {};
  if (rows.channel !== undefined) extra.channel = rows.channel;
  if (rows.nextAttemptAt !== undefined) extra.next_attempt_at = rows.nextAttemptAt;
  if (rows.urgent !== undefined) extra.urgent = typeof rows.urgent === "boolean" ? Number(rows.urgent) : rows.urgent;
  return insertOutboxSelectQuery(db, { kind: rows.kind, recipient: rows.to, about_id: rows.aboutId, ...extra }, rows.from);
}

/**
 * Writes a message's intent by each channel a selected row can get it, for a batch: by e-mail to
 * `email` where it is set (and `emailIf` holds), and by SMS to `phone` where it is in international
 * form (and `smsIf` holds) when `smsDue` is set (SMS is set up; when the SMS is due, smsDueAt).
 * `from` names the tables (`event_registrations t`), `where` picks the rows; both, and the two
 * conditions, may use the channel `c.channel`. One statement; answers the new rows' `{ id }`.
 */
export function enqueueByEachChannelQuery(
  db: Db,
  rows: { kind: string | SQL; aboutId: SQL; email: SQL; phone: SQL; smsDue: string | SQL | null; urgent?: boolean | SQL; from: SQL; where: SQL; emailIf?: SQL; smsIf?: SQL },
) {
  return enqueueForEachQuery(db, {
    kind: rows.kind,
    to: sql`CASE c.channel WHEN 'sms' THEN ${rows.phone} ELSE ${rows.email} END`,
    aboutId: rows.aboutId,
    channel: sql`c.channel`,
    nextAttemptAt: sql`CASE c.channel WHEN 'sms' THEN ${rows.smsDue} ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END`,
    urgent: rows.urgent ?? false,
    from: sql`FROM ${rows.from} JOIN (SELECT 'email' AS channel UNION ALL SELECT 'sms') c
        ON (c.channel = 'email' AND ${rows.email} IS NOT NULL AND ${rows.emailIf ?? sql`1`})
        OR (c.channel = 'sms' AND ${rows.smsDue !== null ? 1 : 0} AND ${rows.phone} GLOB '+[1-9]*' AND ${rows.smsIf ?? sql`1`})
      WHERE ${rows.where}`,
  });
}

/**
 * For a batch: messages of `kinds` about the rows `aboutIds` selects that are held for the morning
 * (an SMS written at night waits for 07:00) go now, marked urgent: their person asked for them
 * again, awake, and a second copy written beside them would reach him twice. Answers their `{ id }`.
 * Written before the new copy in the batch, so the resend limits see them queued and write none.
 */
export function sendHeldNowQuery(db: Db, kinds: readonly string[], aboutIds: SQL) {
  return batchable(
    db.all<{ id: number }>(sql`UPDATE email_outbox SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), urgent = 1
      WHERE status = 'queued' AND next_attempt_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        AND ${inArray(email_outbox.kind, [...kinds])} AND about_id IN (${aboutIds})
      RETURNING id`),
  );
}

/** A message still to go: queued, or failed and to be tried again (a retry time). */
const stillToGo = or(eq(email_outbox.status, "queued"), and(eq(email_outbox.status, "failed"), isNotNull(email_outbox.next_attempt_at)));

/** Why an e-mail still to go was not sent: its person's address was taken off before it went. */
const ADDRESS_REMOVED = "The e-mail address was removed before it was sent";

/**
 * For a batch: the messages of `kinds` about row `aboutId` still to go (queued, or failed and to be
 * tried again) follow a correction of where they go: an SMS to `phone`, an e-mail to `email`. With
 * no e-mail address any more, an e-mail still to go is not sent (failed, saying why). A wrong number
 * corrected at night must not get the private link at 07:00. Only where `landed` (a condition on the
 * corrected row, at this point of the batch) holds. Answers their `{ id }`.
 */
export function followCorrectionQuery(db: Db, { kinds, aboutId, phone, email, landed }: { kinds: readonly string[]; aboutId: number; phone: string; email: string | null; landed: SQL }) {
  const dropped = sql`channel = 'email' AND ${email} IS NULL`;
  return batchable(
    db.all<{ id: number }>(sql`UPDATE email_outbox SET recipient = CASE channel WHEN 'sms' THEN ${phone} ELSE coalesce(${email}, recipient) END,
        status = CASE WHEN ${dropped} THEN 'failed' ELSE status END,
        last_error = CASE WHEN ${dropped} THEN ${ADDRESS_REMOVED} ELSE last_error END,
        next_attempt_at = CASE WHEN ${dropped} THEN NULL ELSE next_attempt_at END,
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE about_id = ${aboutId} AND ${inArray(email_outbox.kind, [...kinds])}
        AND ${stillToGo}
        AND recipient IS NOT (CASE channel WHEN 'sms' THEN ${phone} ELSE ${email} END) AND ${landed}
      RETURNING id`),
  );
}

/** For a batch: a statement in a message's place that writes nothing (there is no message to write). */
export function enqueueNothingQuery(db: Db) {
  return insertOutboxSelectQuery(db, {}, sql`WHERE 0`);
}

/**
 * Writes an e-mail already rendered, for content that is stored nowhere else (a newsletter test of
 * what the composer holds): the row is sent as stored. Everything else writes intent (enqueueQuery).
 * Throws EmailRefused at once for an e-mail the provider would refuse.
 */
export function enqueueRenderedEmailQuery(db: Db, email: OutboxEmail, when?: SQL) {
  const checked = checkOutboxEmail(email);
  return insertOutboxSelectQuery(db, { recipient: checked.to, ...storedColumnsOf(checked, true) }, sql`WHERE ${when ?? sql`1`}`);
}

/** The outbox ids a batch's message statements wrote (each statement's rows). */
export function outboxIdsOf(...written: readonly (readonly { id: number }[])[]): number[] {
  return written.flat().map((row) => row.id);
}

/** Writes messages' intent in one batch (nothing else to write with them); answers their ids. */
export async function enqueue(intents: readonly OutboxIntent[]): Promise<number[]> {
  if (intents.length === 0) return [];
  const db = getDb();
  const [first, ...rest] = intents.map((intent) => enqueueQuery(db, intent));
  return outboxIdsOf(...(await db.batch([first!, ...rest])));
}

/** Writes one rendered e-mail on its own (see enqueueRenderedEmailQuery). */
export async function enqueueRenderedEmail(email: OutboxEmail): Promise<number> {
  const [row] = await enqueueRenderedEmailQuery(getDb(), email);
  return row!.id;
}

/**
 * A feature's renderer for the kinds it owns: given outbox rows not rendered yet (kind, recipient,
 * about_id, about), it reads what it needs in one D1 batch and answers, by row id, the e-mail to
 * send (its recipient is the row's) or why it cannot be sent (EmailRefused: a failed row, no
 * retry), e.g. the registration was cancelled before its confirmation went. `origin` is the site's
 * address for absolute links (SITE_URL, or a request's).
 */
/**
 * Who sends, as the settings say at send time: the site's address (for links), the organisation's
 * name and postal address (every e-mail's footer) and the events address (registrations' replies).
 * The messaging feature reads it once for every row it renders and hands it to each renderer.
 */
/**
 * Who sends, from the settings as they are at sending: the name and address lines, and where replies
 * go (MAIL_FROM need not be a real mailbox): `eventsEmail` for what the events team sends,
 * `contactEmail` (the site's general address, Contact settings' president_email) for the rest.
 */
export type MessageSender = { origin: string; name: string; addressLines: readonly string[]; eventsEmail: string; contactEmail: string };

export type OutboxRenderer = (rows: readonly OutboxRow[], sender: MessageSender) => Promise<Map<number, OutboxContent | EmailRefused>>;

/** One SMS as a feature renders it from a row (channel 'sms'): GSM-7 text of one segment, unless staff wrote a longer one. */
export type SmsContent = { kind: string; text: string };

/**
 * A feature's SMS renderer for the kinds it owns (decision 022), like OutboxRenderer: by row id the
 * SMS to send, or why it cannot be (EmailRefused: a failed row, no retry), e.g. the person turned
 * SMS off. `sender.smsName` is the sender ID each SMS names.
 */
export type SmsRenderer = (rows: readonly OutboxRow[], sender: MessageSender & { smsName: string }) => Promise<Map<number, SmsContent | EmailRefused>>;

// Sending (app/features/messaging/sender.server.ts claims, renders and sends; these record it).
//
// A message goes out at most once by itself (decision 028). A row in 'sending' is in one of two
// states, told apart by `next_attempt_at`:
// - claimed (set): a sender holds it and has not called the provider yet. Should that sender die,
//   the outbox cron puts it back after STUCK_SENDING_MINUTES: nothing went out;
// - handed over (null: no automatic attempt follows): recordSendAttempt ran just before the provider
//   was called, so the message may have gone out. Should the result never be recorded, the outbox
//   cron fails it with SENDING_INTERRUPTED and only a person's Retry sends it again.

/** Why a message that may have gone out is not sent again by itself; /admin/outbox shows it. */
export const SENDING_INTERRUPTED = "Sending was interrupted: it may have gone out. Check with the recipient before sending again.";

/** The same for a send the provider never answered (the connection dropped): `reason` says what happened. */
export function noAnswerReason(reason: string): string {
  return `No answer from the provider (${reason}): it may have gone out. Check with the recipient before sending again.`;
}

/**
 * The guarded claim: marks the rows among `ids` that are still queued, due by `dueBy` and not
 * expired as 'sending', in one statement, and answers them. A row another sender claimed, or one
 * already sent (a queue message delivered twice), is not answered, so it is never sent twice.
 * A claimed row keeps a `next_attempt_at` (now): it has not been handed to the provider yet.
 */
export async function claimOutboxRows(ids: readonly number[], now: Date, dueBy: Date, channels: readonly ("email" | "sms")[] = ["email"]): Promise<OutboxRow[]> {
  if (ids.length === 0 || channels.length === 0) return [];
  const t = email_outbox;
  const rows = await getDb()
    .update(t)
    .set({ status: "sending", attempts: sql`${t.attempts} + 1`, claimed_at: iso(now), next_attempt_at: iso(now), updated_at: iso(now) })
    .where(
      and(
        inArray(t.id, [...ids]),
        eq(t.status, "queued"),
        inArray(t.channel, [...channels]),
        // At night (Malawi time) only urgent SMS go; the rest wait, queued, for 07:00.
        isQuietHour(now) ? or(ne(t.channel, "sms"), eq(t.urgent, true)) : undefined,
        or(isNull(t.next_attempt_at), lte(t.next_attempt_at, iso(dueBy))),
        gt(t.created_at, expiryCutoff(now)),
      ),
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Guards every result: only a row this sender still holds changes. */
const claimed = (id: number) => and(eq(email_outbox.id, id), eq(email_outbox.status, "sending"));

/**
 * Records, just before the provider is called, that the message is being handed over: from now on
 * it is never sent again by itself. Guarded by the claim (the row's `claimed_at`): a sender so slow
 * that the outbox cron put its row back, and another sender claimed it, finds it no longer its own
 * and does not send it. Answers whether the row may be sent.
 */
export async function recordSendAttempt(row: Pick<OutboxRow, "id" | "claimed_at">, now: Date): Promise<boolean> {
  if (row.claimed_at === null) return false;
  const t = email_outbox;
  const rows = await getDb()
    .update(t)
    .set({ next_attempt_at: null, updated_at: iso(now) })
    .where(and(claimed(row.id), eq(t.claimed_at, row.claimed_at)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** What a sender rendered for a row, stored with its result: /admin/outbox shows what was sent. */
export type RenderedColumns = ReturnType<typeof storedColumnsOf>;

/** Sent: its last error, if an earlier attempt had one, stays (its page shows it as the earlier error). */
export async function markOutboxSent(id: number, providerMessageId: string | null, now: Date, rendered: Partial<RenderedColumns> | null = null): Promise<void> {
  await getDb()
    .update(email_outbox)
    .set({ ...rendered, status: "sent", sent_at: iso(now), provider_message_id: providerMessageId, next_attempt_at: null, updated_at: iso(now) })
    .where(claimed(id));
}

/**
 * A failed attempt: `retryAt` is when it is tried again by itself, null for never (an admin can still
 * retry). With what was rendered for it, which a retry then sends as stored.
 */
export async function markOutboxFailed(id: number, reason: string, retryAt: Date | null, now: Date, rendered: Partial<RenderedColumns> | null = null): Promise<void> {
  await getDb()
    .update(email_outbox)
    .set({ ...rendered, status: "failed", last_error: reason, next_attempt_at: retryAt && iso(retryAt), updated_at: iso(now) })
    .where(claimed(id));
}

/** For a batch: the row fails for good with `reason` (the provider refuses its address: app/features/messaging/subscribers.server.ts). */
export function failOutboxRowQuery(db: Db, id: number, reason: string, now: Date) {
  return db.update(email_outbox).set({ status: "failed", last_error: reason, next_attempt_at: null, updated_at: iso(now) }).where(claimed(id));
}

/**
 * The provider asks to slow down (rate or daily limit): the rows of this claim (`claimedAt`) go back
 * to the queue, due at `until`, and the attempt they were claimed for does not count.
 */
export async function releaseOutboxRows(ids: readonly number[], claimedAt: string | null, until: Date, reason: string, now: Date): Promise<void> {
  if (ids.length === 0 || claimedAt === null) return;
  const t = email_outbox;
  await getDb()
    .update(t)
    .set({ status: "queued", attempts: sql`max(${t.attempts} - 1, 0)`, next_attempt_at: iso(until), last_error: reason, updated_at: iso(now) })
    .where(and(inArray(t.id, [...ids]), eq(t.status, "sending"), eq(t.claimed_at, claimedAt)));
}

/**
 * What the outbox cron (every few minutes) has to do, found and prepared in one round trip:
 * - rows stuck in 'sending' for STUCK_SENDING_MINUTES (their sender died): those never handed to
 *   the provider go back to the queue, or fail for good after MAX_SEND_ATTEMPTS; those handed over
 *   may have gone out, so they fail with SENDING_INTERRUPTED and wait for a person's Retry;
 * - failed rows whose automatic retry is due go back to the queue;
 * - queued e-mails that are due (at most 50). Newsletter copies are answered apart (at most
 *   `newsletterLimit`): with a queue only those overdue by STUCK_SENDING_MINUTES (their queue
 *   message was lost) or just put back, without one every due copy.
 */
export async function outboxSweep(
  now: Date,
  { withQueue, newsletterLimit, channels = ["email"] }: { withQueue: boolean; newsletterLimit: number; channels?: readonly ("email" | "sms")[] },
) {
  const db = getDb();
  const t = email_outbox;
  const stuckBefore = iso(new Date(now.getTime() - STUCK_SENDING_MINUTES * MINUTE));
  const newsletterDueBy = withQueue ? stuckBefore : iso(now);
  const stuck = and(eq(t.status, "sending"), lt(t.claimed_at, stuckBefore));
  // Claimed, never handed to the provider (recordSendAttempt clears next_attempt_at).
  const neverHanded = and(stuck, isNotNull(t.next_attempt_at));
  const [, revived, , overdue, due] = await db.batch([
    db
      .update(t)
      .set({ status: "failed", next_attempt_at: null, last_error: SENDING_INTERRUPTED, updated_at: iso(now) })
      .where(and(stuck, isNull(t.next_attempt_at))),
    db
      .update(t)
      .set({ status: "queued", next_attempt_at: iso(now), updated_at: iso(now) })
      .where(or(and(neverHanded, lt(t.attempts, MAX_SEND_ATTEMPTS)), and(eq(t.status, "failed"), isNotNull(t.next_attempt_at), lte(t.next_attempt_at, iso(now)))))
      .returning({ id: t.id, newsletter_id: t.newsletter_id }),
    db
      .update(t)
      .set({
        status: "failed",
        next_attempt_at: null,
        last_error: sql`'Stopped after ' || ${t.attempts} || ' attempts: the sender did not finish (last error: ' || coalesce(${t.last_error}, 'none') || ')'`,
        updated_at: iso(now),
      })
      .where(and(neverHanded, gte(t.attempts, MAX_SEND_ATTEMPTS))),
    db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, "queued"), isNotNull(t.newsletter_id), lte(t.next_attempt_at, newsletterDueBy), gt(t.created_at, expiryCutoff(now))))
      .orderBy(asc(t.id))
      .limit(newsletterLimit),
    db
      .select({ id: t.id })
      .from(t)
      .where(
        and(
          eq(t.status, "queued"),
          isNull(t.newsletter_id),
          lte(t.next_attempt_at, iso(now)),
          gt(t.created_at, expiryCutoff(now)),
          inArray(t.channel, channels.length ? [...channels] : ["email"]),
          isQuietHour(now) ? or(ne(t.channel, "sms"), eq(t.urgent, true)) : undefined,
        ),
      )
      .orderBy(asc(t.id))
      .limit(50),
  ]);
  const newsletterIds = [...new Set([...revived.filter((row) => row.newsletter_id !== null).map((row) => row.id), ...overdue.map((row) => row.id)])].slice(0, newsletterLimit);
  return { newsletterIds, transactionalIds: due.map((row) => row.id) };
}

/**
 * A provider's delivery report for an SMS it accepted (`providerMessageId`): delivered, or failed
 * with the reason (no automatic retry: the network refused it). Only a row that was sent changes, so
 * a late "sent" report, or one repeated, changes nothing. Answers whether a row changed.
 */
export async function recordSmsDelivery(providerMessageId: string, outcome: { delivered: true } | { delivered: false; reason: string }, now: Date): Promise<boolean> {
  const t = email_outbox;
  const rows = await getDb()
    .update(t)
    .set(outcome.delivered ? { status: "delivered", updated_at: iso(now) } : { status: "failed", last_error: outcome.reason, next_attempt_at: null, updated_at: iso(now) })
    .where(and(eq(t.provider_message_id, providerMessageId), eq(t.channel, "sms"), eq(t.status, "sent")))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Daily: messages unsent OUTBOX_EXPIRY_DAYS after they were written are given up. */
export async function expireOutbox(now: Date): Promise<number> {
  const t = email_outbox;
  const rows = await getDb()
    .update(t)
    .set({
      status: "failed",
      next_attempt_at: null,
      last_error: sql`'Expired: not sent within ${sql.raw(String(OUTBOX_EXPIRY_DAYS))} days' || coalesce(' (last error: ' || ${t.last_error} || ')', '')`,
      updated_at: iso(now),
    })
    .where(and(stillToGo, lt(t.created_at, expiryCutoff(now))))
    .returning({ id: t.id });
  return rows.length;
}

// /admin/outbox.

const listColumns = {
  id: email_outbox.id,
  kind: email_outbox.kind,
  channel: email_outbox.channel,
  urgent: email_outbox.urgent,
  recipient: email_outbox.recipient,
  from_name: email_outbox.from_name,
  unsubscribe_url: email_outbox.unsubscribe_url,
  about_id: email_outbox.about_id,
  about: email_outbox.about,
  newsletter_id: email_outbox.newsletter_id,
  subject: email_outbox.subject,
  /** An SMS's text as sent (an e-mail's body is not listed). */
  sms_text: sql<string | null>`CASE WHEN ${email_outbox.channel} = 'sms' THEN ${email_outbox.body_text} END`,
  status: email_outbox.status,
  attempts: email_outbox.attempts,
  last_error: email_outbox.last_error,
  next_attempt_at: email_outbox.next_attempt_at,
  created_at: email_outbox.created_at,
  sent_at: email_outbox.sent_at,
};

export type OutboxListRow = Pick<OutboxRow, Exclude<keyof typeof listColumns, "sms_text">> & { sms_text: string | null };

/**
 * The newest messages (of one status, or all) and how many there are of each status, in one round
 * trip. A row not sent yet has no subject: the messaging feature renders those of the page.
 */
/**
 * The recipient a search asks for, as the outbox stores it: an e-mail address (any part of it), or a
 * phone number typed as people write it ("0991 000 001" matches +265991000001); null for no search.
 */
export function recipientSearchOf(typed: string | null): SQL | null {
  const q = typed?.trim() ?? "";
  if (!q) return null;
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const digits = q.replace(/\D/g, "");
  if (q.includes("@") || /[a-z]/i.test(q) || !digits) return sql`lower(${email_outbox.recipient}) LIKE ${like(q.toLowerCase())} ESCAPE '\\'`;
  return sql`replace(${email_outbox.recipient}, '+', '') LIKE ${like(digits.startsWith("0") ? `265${digits.slice(1)}` : digits)} ESCAPE '\\'`;
}

export async function outboxPage(status: OutboxStatus | null, to: SQL | null = null) {
  const db = getDb();
  const [rows, counts] = await db.batch([
    db
      .select(listColumns)
      .from(email_outbox)
      .where(and(status ? eq(email_outbox.status, status) : undefined, to ?? undefined))
      .orderBy(desc(email_outbox.created_at), desc(email_outbox.id))
      .limit(OUTBOX_PAGE_SIZE),
    db.select({ status: email_outbox.status, n: count() }).from(email_outbox).where(to ?? undefined).groupBy(email_outbox.status),
  ]);
  const byStatus = Object.fromEntries(OUTBOX_STATUSES.map((key) => [key, counts.find((row) => row.status === key)?.n ?? 0])) as Record<OutboxStatus, number>;
  return { rows, counts: byStatus };
}

/** One message, as stored. */
export async function outboxRow(id: number): Promise<OutboxRow | undefined> {
  return getDb().select().from(email_outbox).where(eq(email_outbox.id, id)).get();
}

/** An admin's Retry: a failed message goes back to the queue, due now, with its attempts counted afresh. */
export async function retryOutboxMessage(id: number, now: Date) {
  return getDb()
    .update(email_outbox)
    .set({ status: "queued", attempts: 0, next_attempt_at: iso(now), updated_at: iso(now) })
    .where(and(eq(email_outbox.id, id), eq(email_outbox.status, "failed")))
    .returning({ id: email_outbox.id, newsletter_id: email_outbox.newsletter_id })
    .get();
}

// Sending after the response.

type OutboxSender = (ids: readonly number[], options: { origin?: string }) => Promise<unknown>;

/**
 * The one sender: the Worker entry installs the messaging feature's deliverOutbox here once, at
 * module load (workers/app.ts). Features ask for sending through sendAfterResponse and never import
 * the sender, which imports their renderers: that would be an import cycle. Unset (a test that
 * calls a feature without the Worker), sendAfterResponse leaves the rows to the outbox cron.
 */
let installedSender: OutboxSender | null = null;

export function installOutboxSender(sender: OutboxSender): void {
  installedSender = sender;
}

/**
 * Sends the given outbox rows after the response has gone (the page never waits for e-mail), in
 * `waitUntil`. `request` gives links its origin when SITE_URL is not set (locally). A failure here
 * is only logged: the outbox cron retries whatever is still due.
 */
export function sendAfterResponse(ids: readonly number[], request?: Request): void {
  if (ids.length === 0) return;
  const sender = installedSender;
  if (!sender) {
    console.warn("No outbox sender is installed: the outbox cron will send these messages.");
    return;
  }
  const origin = request ? new URL(request.url).origin : undefined;
  waitUntil(
    sender(ids, { origin }).catch((error: unknown) => {
      console.error("Sending e-mail after the response failed; the outbox cron will retry:", error);
    }),
  );
}

/**
 * `column IN (ids)` for a renderer's queries, with the ids as one JSON parameter: D1 takes at most
 * 100 bound parameters a statement, and /admin/outbox renders up to 100 rows at once.
 */
export function inIds(column: SQL | SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`;
}
