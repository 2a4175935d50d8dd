// Every query that touches `email_outbox`: writing e-mails in the same batch as what causes them,
// the senders' guarded claim and their results, the outbox cron's sweeps, and /admin/outbox.
//
// To send an e-mail from new code (e.g. a registration's confirmation):
//   const [registered, [outboxRow]] = await db.batch([insertRegistration, enqueueEmailQuery(db, email, guard)]);
//   sendAfterResponse(outboxRow ? [outboxRow.id] : []);          // app/features/messaging/sender.server.ts
// `email` is an OutboxEmail (app/features/messaging/email-rules.server.ts: kind, to, fromName, subject, text,
// html, optional replyTo, headers and text attachments such as an .ics file), usually made by a
// template in app/emails/. An e-mail about rows the batch changes, to an address on each of them (a
// registrant who moves up from the waiting list), is enqueueEmailForEachQuery.
import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, is, isNotNull, isNull, lt, lte, or, SQL, sql } from "drizzle-orm";
import { email_outbox, newsletters } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { MAX_SEND_ATTEMPTS, OUTBOX_EXPIRY_DAYS, STUCK_SENDING_MINUTES } from "~/lib/constants";
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxStatus } from "~/features/messaging/outbox-status";
import { checkOutboxContent, checkOutboxEmail, type NewsletterBody, type OutboxContent, type OutboxEmail, type OutboxRow } from "~/features/messaging/email-rules.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (date: Date) => date.toISOString();
/** Rows written before this are too old to send (OUTBOX_EXPIRY_DAYS). */
const expiryCutoff = (now: Date) => iso(new Date(now.getTime() - OUTBOX_EXPIRY_DAYS * DAY));

/** The stored columns of an e-mail's content, checked already. */
function contentValues(checked: OutboxContent) {
  const headers = checked.headers ?? {};
  return {
    kind: checked.kind,
    from_name: checked.fromName,
    subject: checked.subject,
    body_text: checked.text,
    body_html: checked.html,
    reply_to: checked.replyTo ? JSON.stringify(checked.replyTo) : null,
    headers: Object.keys(headers).length ? JSON.stringify(headers) : null,
    attachments: checked.attachments?.length ? JSON.stringify(checked.attachments) : null,
  };
}

/** The stored columns of an e-mail, checked (EmailRefused when it breaks a rule). */
function outboxValues(email: OutboxEmail) {
  const checked = checkOutboxEmail(email);
  return { recipient: checked.to, ...contentValues(checked) };
}

/**
 * `INSERT INTO email_outbox SELECT <values> <rest> RETURNING id`, for a batch: each column takes its
 * value from `values` (a value, or SQL such as a column of `rest`'s tables), else its default.
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
    .returning({ id: email_outbox.id });
}

/**
 * Writes one e-mail to the outbox, for a drizzle `db.batch([...])` beside the write that causes it:
 * both land or neither. With `when`, the e-mail is written only if that SQL condition holds at that
 * point of the batch (e.g. `sql\`EXISTS (SELECT 1 FROM event_registrations WHERE id = ...)\``).
 * Answers the new row's `{ id }` (none when `when` did not hold): pass the ids to sendAfterResponse.
 * Throws EmailRefused at once for an e-mail the provider would refuse.
 */
export function enqueueEmailQuery(db: Db, email: OutboxEmail, when?: SQL) {
  return insertOutboxSelectQuery(db, outboxValues(email), sql`WHERE ${when ?? sql`1`}`);
}

/** Text as escapeHtml (app/features/messaging/email-layout.ts) puts it into HTML, in SQL. */
function escapedHtmlSql(value: SQL): SQL {
  return sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
}

/**
 * Writes `email` once for each row `rows.from` selects (`FROM … WHERE …`), for a drizzle batch: an
 * e-mail about rows the same batch writes or changes, written only where those rows are. The
 * recipient is `rows.to` (SQL over those rows, e.g. an address column); `rows.fill` puts values of
 * the row (SQL) where the e-mail's text and HTML hold its keys (placeholders), escaped in the HTML.
 * The subject takes none, so nothing from a row reaches a header. Answers the new rows' `{ id }`.
 * Throws EmailRefused at once for content the provider would refuse.
 */
export function enqueueEmailForEachQuery(db: Db, email: OutboxContent, rows: { to: SQL; fill: Record<string, SQL>; from: SQL }) {
  const values = contentValues(checkOutboxContent(email));
  const filled = (text: string, escape: (value: SQL) => SQL) =>
    Object.entries(rows.fill).reduce<SQL>((into, [placeholder, value]) => sql`replace(${into}, ${placeholder}, ${escape(sql`coalesce(${value}, '')`)})`, sql`${text}`);
  return insertOutboxSelectQuery(
    db,
    { ...values, recipient: rows.to, body_text: filled(values.body_text, (value) => value), body_html: filled(values.body_html, escapedHtmlSql) },
    rows.from,
  );
}

/** For a batch: a statement in an e-mail's place that writes nothing (there is no e-mail to write). */
export function enqueueNothingQuery(db: Db) {
  return insertOutboxSelectQuery(db, {}, sql`WHERE 0`);
}

/** Writes one e-mail on its own (nothing else to write with it). */
export async function enqueueEmail(email: OutboxEmail): Promise<number> {
  const [row] = await enqueueEmailQuery(getDb(), email);
  return row!.id;
}

/** Writes several e-mails in one batch (nothing else to write with them); answers their ids. */
export async function enqueueEmails(emails: readonly OutboxEmail[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const db = getDb();
  const [first, ...rest] = emails.map((email) => enqueueEmailQuery(db, email));
  const rows = await db.batch([first!, ...rest]);
  return rows.flat().map((row) => row.id);
}

// Sending (app/features/messaging/sender.server.ts).

/**
 * The guarded claim: marks the rows among `ids` that are still queued, due by `dueBy` and not
 * expired as 'sending', in one statement, and answers them. A row another sender claimed, or one
 * already sent (a queue message delivered twice), is not answered, so it is never sent twice.
 */
export async function claimOutboxRows(ids: readonly number[], now: Date, dueBy: Date): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  const t = email_outbox;
  const rows = await getDb()
    .update(t)
    .set({ status: "sending", attempts: sql`${t.attempts} + 1`, claimed_at: iso(now), updated_at: iso(now) })
    .where(
      and(
        inArray(t.id, [...ids]),
        eq(t.status, "queued"),
        or(isNull(t.next_attempt_at), lte(t.next_attempt_at, iso(dueBy))),
        gt(t.created_at, expiryCutoff(now)),
      ),
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** The shared bodies of the newsletters some delivery rows belong to, by newsletter id. */
export async function newsletterBodies(ids: readonly number[]): Promise<Map<number, NewsletterBody>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .select({ id: newsletters.id, body_text: newsletters.body_text, body_html: newsletters.body_html })
    .from(newsletters)
    .where(inArray(newsletters.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Guards every result: only a row this sender still holds changes. */
const claimed = (id: number) => and(eq(email_outbox.id, id), eq(email_outbox.status, "sending"));

export async function markOutboxSent(id: number, providerMessageId: string | null, now: Date): Promise<void> {
  await getDb()
    .update(email_outbox)
    .set({ status: "sent", sent_at: iso(now), provider_message_id: providerMessageId, last_error: null, next_attempt_at: null, updated_at: iso(now) })
    .where(claimed(id));
}

/** A failed attempt: `retryAt` is when it is tried again by itself, null for never (an admin can still retry). */
export async function markOutboxFailed(id: number, reason: string, retryAt: Date | null, now: Date): Promise<void> {
  await getDb()
    .update(email_outbox)
    .set({ status: "failed", last_error: reason, next_attempt_at: retryAt && iso(retryAt), updated_at: iso(now) })
    .where(claimed(id));
}

/** For a batch: the row fails for good with `reason` (the provider refuses its address: app/features/messaging/subscribers.server.ts). */
export function failOutboxRowQuery(db: Db, id: number, reason: string, now: Date) {
  return db.update(email_outbox).set({ status: "failed", last_error: reason, next_attempt_at: null, updated_at: iso(now) }).where(claimed(id));
}

/**
 * The provider asks to slow down (rate or daily limit): the rows go back to the queue, due at
 * `until`, and the attempt they were claimed for does not count.
 */
export async function releaseOutboxRows(ids: readonly number[], until: Date, reason: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const t = email_outbox;
  await getDb()
    .update(t)
    .set({ status: "queued", attempts: sql`max(${t.attempts} - 1, 0)`, next_attempt_at: iso(until), last_error: reason, updated_at: iso(now) })
    .where(and(inArray(t.id, [...ids]), eq(t.status, "sending")));
}

/**
 * What the outbox cron (every few minutes) has to do, found and prepared in one round trip:
 * - rows stuck in 'sending' for STUCK_SENDING_MINUTES (their sender died) go back to the queue,
 *   or fail for good after MAX_SEND_ATTEMPTS;
 * - failed rows whose automatic retry is due go back to the queue;
 * - queued e-mails that are due (at most 50). Newsletter copies are answered apart (at most
 *   `newsletterLimit`): with a queue only those overdue by STUCK_SENDING_MINUTES (their queue
 *   message was lost) or just put back, without one every due copy.
 */
export async function outboxSweep(now: Date, { withQueue, newsletterLimit }: { withQueue: boolean; newsletterLimit: number }) {
  const db = getDb();
  const t = email_outbox;
  const stuckBefore = iso(new Date(now.getTime() - STUCK_SENDING_MINUTES * MINUTE));
  const newsletterDueBy = withQueue ? stuckBefore : iso(now);
  const stuck = and(eq(t.status, "sending"), lt(t.claimed_at, stuckBefore));
  const [revived, , overdue, due] = await db.batch([
    db
      .update(t)
      .set({ status: "queued", next_attempt_at: iso(now), updated_at: iso(now) })
      .where(or(and(stuck, lt(t.attempts, MAX_SEND_ATTEMPTS)), and(eq(t.status, "failed"), isNotNull(t.next_attempt_at), lte(t.next_attempt_at, iso(now)))))
      .returning({ id: t.id, newsletter_id: t.newsletter_id }),
    db
      .update(t)
      .set({
        status: "failed",
        next_attempt_at: null,
        last_error: sql`'Stopped after ' || ${t.attempts} || ' attempts: the sender did not finish (last error: ' || coalesce(${t.last_error}, 'none') || ')'`,
        updated_at: iso(now),
      })
      .where(and(stuck, gte(t.attempts, MAX_SEND_ATTEMPTS))),
    db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, "queued"), isNotNull(t.newsletter_id), lte(t.next_attempt_at, newsletterDueBy), gt(t.created_at, expiryCutoff(now))))
      .orderBy(asc(t.id))
      .limit(newsletterLimit),
    db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, "queued"), isNull(t.newsletter_id), lte(t.next_attempt_at, iso(now)), gt(t.created_at, expiryCutoff(now))))
      .orderBy(asc(t.id))
      .limit(50),
  ]);
  const newsletterIds = [...new Set([...revived.filter((row) => row.newsletter_id !== null).map((row) => row.id), ...overdue.map((row) => row.id)])].slice(0, newsletterLimit);
  return { newsletterIds, transactionalIds: due.map((row) => row.id) };
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
    .where(and(or(eq(t.status, "queued"), and(eq(t.status, "failed"), isNotNull(t.next_attempt_at))), lt(t.created_at, expiryCutoff(now))))
    .returning({ id: t.id });
  return rows.length;
}

// /admin/outbox.

const listColumns = {
  id: email_outbox.id,
  kind: email_outbox.kind,
  recipient: email_outbox.recipient,
  subject: email_outbox.subject,
  status: email_outbox.status,
  attempts: email_outbox.attempts,
  last_error: email_outbox.last_error,
  next_attempt_at: email_outbox.next_attempt_at,
  created_at: email_outbox.created_at,
  sent_at: email_outbox.sent_at,
};

export type OutboxListRow = Pick<OutboxRow, keyof typeof listColumns>;

/** The newest messages (of one status, or all) and how many there are of each status, in one round trip. */
export async function outboxPage(status: OutboxStatus | null) {
  const db = getDb();
  const [rows, counts] = await db.batch([
    db
      .select(listColumns)
      .from(email_outbox)
      .where(status ? eq(email_outbox.status, status) : undefined)
      .orderBy(desc(email_outbox.created_at), desc(email_outbox.id))
      .limit(OUTBOX_PAGE_SIZE),
    db.select({ status: email_outbox.status, n: count() }).from(email_outbox).groupBy(email_outbox.status),
  ]);
  const byStatus = Object.fromEntries(OUTBOX_STATUSES.map((key) => [key, counts.find((row) => row.status === key)?.n ?? 0])) as Record<OutboxStatus, number>;
  return { rows, counts: byStatus };
}

/** One message with its newsletter's body (for a newsletter delivery), or undefined. */
export async function outboxMessage(id: number): Promise<{ row: OutboxRow; newsletter: NewsletterBody | null } | undefined> {
  const found = await getDb()
    .select({ row: email_outbox, body_text: newsletters.body_text, body_html: newsletters.body_html })
    .from(email_outbox)
    .leftJoin(newsletters, eq(email_outbox.newsletter_id, newsletters.id))
    .where(eq(email_outbox.id, id))
    .get();
  if (!found) return undefined;
  const newsletter = found.body_text !== null && found.body_html !== null ? { body_text: found.body_text, body_html: found.body_html } : null;
  return { row: found.row, newsletter };
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
