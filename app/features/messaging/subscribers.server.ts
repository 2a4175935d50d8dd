// Every query that touches `newsletter_subscribers`: subscribing with double opt-in (the
// confirmation e-mail written in the same batch), confirming, unsubscribing, the daily purge of
// unconfirmed addresses, and the admin list.
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { email_outbox, newsletter_subscribers, newsletters } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { CONFIRMATION_EMAIL_INTERVAL_HOURS, CONFIRMATION_LINK_DAYS } from "~/lib/constants";
import { enqueueQuery, failOutboxRowQuery, insertOutboxSelectQuery } from "~/server/outbox.server";
import { isLinkToken } from "./link-pages.server";

export type Subscriber = typeof newsletter_subscribers.$inferSelect;

const HOUR = 60 * 60 * 1000;
const iso = (date: Date) => date.toISOString();
const hoursBefore = (now: Date, hours: number) => iso(new Date(now.getTime() - hours * HOUR));

/** A token for a link: 128 random bits as 32 hex digits (the migration makes the same). */
export function randomToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Who may receive newsletters: confirmed, and not refused by the provider. */
const receivesNewsletters = and(isNotNull(newsletter_subscribers.confirmed_at), isNull(newsletter_subscribers.suppressed_at));

/**
 * Subscribes an address, with double opt-in, in one batch:
 * - a new address is stored unconfirmed with a fresh confirmation link;
 * - an unconfirmed one whose last confirmation e-mail is over 24 hours old gets a fresh link;
 * - the confirmation e-mail (about the subscriber; its link is rendered when it is sent) is written
 *   to the outbox only when one of those happened (the token is the one just stored), so an address gets at most one a day, and an
 *   address already confirmed gets nothing. Subscribing twice looks the same to the visitor.
 * Answers the outbox ids to send.
 */
export async function subscribe(email: string, now: Date): Promise<number[]> {
  const db = getDb();
  const t = newsletter_subscribers;
  const token = randomToken();
  const [, written] = await db.batch([
    db
      .insert(t)
      .values({ email, confirm_token: token, confirm_sent_at: iso(now), unsubscribe_token: randomToken() })
      .onConflictDoUpdate({
        target: t.email,
        set: { confirm_token: token, confirm_sent_at: iso(now) },
        setWhere: and(isNull(t.confirmed_at), or(isNull(t.confirm_sent_at), lt(t.confirm_sent_at, hoursBefore(now, CONFIRMATION_EMAIL_INTERVAL_HOURS)))),
      }),
    enqueueQuery(
      db,
      { kind: "subscribe-confirmation", to: email, aboutId: sql`(SELECT ${t.id} FROM ${t} WHERE ${t.email} = ${email})` },
      sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.email} = ${email} AND ${t.confirm_token} = ${token})`,
    ),
  ]);
  return written.map((row) => row.id);
}

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "expired" | "unknown";

/** What a confirmation link stands for, before the visitor presses Confirm. */
/** The subscription a confirmation link names (none for a token not shaped like the site's), for the page's batch. */
export function confirmationQuery(db: Db, token: string) {
  const t = newsletter_subscribers;
  return db.select({ confirmed_at: t.confirmed_at, confirm_sent_at: t.confirm_sent_at }).from(t).where(eq(t.confirm_token, isLinkToken(token) ? token : "-"));
}

/** What the confirmation link's page offers, from confirmationQuery's row. */
export function confirmationState(rows: readonly Pick<Subscriber, "confirmed_at" | "confirm_sent_at">[], now: Date): ConfirmOutcome | "pending" {
  const row = rows[0];
  if (!row) return "unknown";
  if (row.confirmed_at) return "already-confirmed";
  if (!row.confirm_sent_at || row.confirm_sent_at < hoursBefore(now, CONFIRMATION_LINK_DAYS * 24)) return "expired";
  return "pending";
}

/** Confirms the address of a link that is still valid; otherwise says why not. */
export async function confirmSubscription(token: string, now: Date): Promise<ConfirmOutcome> {
  const t = newsletter_subscribers;
  const confirmed = await getDb()
    .update(t)
    .set({ confirmed_at: iso(now) })
    .where(and(eq(t.confirm_token, token), isNull(t.confirmed_at), gt(t.confirm_sent_at, hoursBefore(now, CONFIRMATION_LINK_DAYS * 24))))
    .returning({ id: t.id });
  if (confirmed.length) return "confirmed";
  const state = confirmationState(await confirmationQuery(getDb(), token), now);
  return state === "pending" ? "unknown" : state;
}

/** The address an unsubscribe link names (none for a token not shaped like the site's), for the page's batch. */
export function unsubscribeQuery(db: Db, token: string) {
  const t = newsletter_subscribers;
  return db.select({ email: t.email }).from(t).where(eq(t.unsubscribe_token, isLinkToken(token) ? token : "-"));
}

/**
 * Unsubscribes: the address is deleted, and its newsletter copies still waiting to be sent are
 * marked failed ('Unsubscribed'), in one batch. False when the link names nobody (already used).
 */
export async function unsubscribe(token: string, now: Date): Promise<boolean> {
  const db = getDb();
  const t = newsletter_subscribers;
  const recipient = sql`(SELECT ${t.email} FROM ${t} WHERE ${t.unsubscribe_token} = ${token})`;
  const [, removed] = await db.batch([
    db
      .update(email_outbox)
      .set({ status: "failed", last_error: "Unsubscribed before it was sent", next_attempt_at: null, updated_at: iso(now) })
      .where(and(eq(email_outbox.recipient, recipient), isNotNull(email_outbox.newsletter_id), eq(email_outbox.status, "queued"))),
    db.delete(t).where(eq(t.unsubscribe_token, token)).returning({ id: t.id }),
  ]);
  return removed.length > 0;
}

/** Daily: addresses never confirmed within CONFIRMATION_LINK_DAYS of their last confirmation e-mail are deleted. */
export async function purgeUnconfirmedSubscribers(now: Date): Promise<number> {
  const t = newsletter_subscribers;
  const cutoff = hoursBefore(now, CONFIRMATION_LINK_DAYS * 24);
  const rows = await getDb()
    .delete(t)
    .where(and(isNull(t.confirmed_at), lt(sql`coalesce(${t.confirm_sent_at}, ${t.created_at})`, cutoff)))
    .returning({ id: t.id });
  return rows.length;
}

/**
 * The provider refuses an address for good (it bounced or complained): its outbox row fails with
 * `reason`, and newsletters skip the address from now on.
 */
export async function suppressRecipient(row: { id: number; recipient: string }, reason: string, now: Date): Promise<void> {
  const db = getDb();
  const t = newsletter_subscribers;
  await db.batch([
    failOutboxRowQuery(db, row.id, reason, now),
    db.update(t).set({ suppressed_at: iso(now) }).where(and(eq(t.email, row.recipient), isNull(t.suppressed_at))),
  ]);
}

/** How many addresses a newsletter would go to, for a page's batch. */
export function newsletterRecipientCountQuery(db: Db) {
  return db.select({ n: count() }).from(newsletter_subscribers).where(receivesNewsletters);
}

/**
 * For a newsletter's batch: one outbox row per address that receives newsletters, each with its own
 * unsubscribe link (`unsubscribeUrlPrefix` + its token), for the newsletter with `sendKey`, unless
 * that newsletter already has its rows (the same Send pressed twice). Answers the new rows' ids.
 */
export function snapshotNewsletterDeliveriesQuery(db: Db, newsletter: { sendKey: string; unsubscribeUrlPrefix: string }, now: Date) {
  const t = newsletter_subscribers;
  return insertOutboxSelectQuery(
    db,
    {
      kind: "newsletter",
      recipient: t.email,
      about_id: sql`n.id`,
      newsletter_id: sql`n.id`,
      unsubscribe_url: sql`${newsletter.unsubscribeUrlPrefix} || ${t.unsubscribe_token}`,
      next_attempt_at: iso(now),
    },
    sql`FROM ${t} JOIN ${newsletters} n ON n.send_key = ${newsletter.sendKey}
        WHERE ${t.confirmed_at} IS NOT NULL AND ${t.suppressed_at} IS NULL AND ${t.unsubscribe_token} IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM ${email_outbox} o WHERE o.newsletter_id = n.id)
        ORDER BY ${t.id}`,
  );
}

export async function subscribersPage(limit = 500) {
  const db = getDb();
  const [rows, total, confirmed] = await db.batch([
    db.select().from(newsletter_subscribers).orderBy(desc(newsletter_subscribers.created_at), desc(newsletter_subscribers.id)).limit(limit),
    db.select({ n: count() }).from(newsletter_subscribers),
    newsletterRecipientCountQuery(db),
  ]);
  return { rows, total: total[0]?.n ?? 0, confirmed: confirmed[0]?.n ?? 0 };
}

/** One page of subscribers newest first, after `after` (keyset paging for the CSV export). */
export async function subscribersAfter(after: Subscriber | null, pageSize = 500) {
  const t = newsletter_subscribers;
  return getDb()
    .select()
    .from(t)
    .where(after ? or(lt(t.created_at, after.created_at), and(eq(t.created_at, after.created_at), lt(t.id, after.id))) : undefined)
    .orderBy(desc(t.created_at), desc(t.id))
    .limit(pageSize)
    .all();
}

/** Removes a subscriber; the address removed (for the activity log), or null when there was none (removed already). */
export async function removeSubscriber(id: number): Promise<string | null> {
  const removed = await getDb().delete(newsletter_subscribers).where(eq(newsletter_subscribers.id, id)).returning({ email: newsletter_subscribers.email });
  return removed[0]?.email ?? null;
}
