// Every query that touches `newsletters`: what the composer (/admin/newsletter) starts from, the
// Send (the newsletter and one outbox row per confirmed subscriber, in one batch), and each
// newsletter's progress.
import { desc, eq, sql } from "drizzle-orm";
import { email_outbox, newsletters } from "~/db/schema";
import { batchable, getDb } from "~/db/db.server";
import { NEWSLETTER_PICKER_LIMIT, SENT_ALREADY_WINDOW_MS } from "~/lib/constants";
import { postSummariesQuery } from "~/features/publishing/index.server";
import { upcomingEventOptionsQuery } from "~/features/events/index.server";
import { settingsQuery } from "~/features/settings/index.server";
import { newsletterRecipientCountQuery, snapshotNewsletterDeliveriesQuery } from "./subscribers.server";

export const PAST_NEWSLETTERS_LIMIT = 20;

/** Each newsletter with how many of its copies were sent, failed, or are still to go. */
function newslettersWithProgressQuery(db: ReturnType<typeof getDb>) {
  const o = email_outbox;
  return db
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      sent_by: newsletters.sent_by,
      recipients: newsletters.recipients,
      created_at: newsletters.created_at,
      sent: sql<number>`count(CASE WHEN ${o.status} = 'sent' THEN 1 END)`,
      failed: sql<number>`count(CASE WHEN ${o.status} = 'failed' THEN 1 END)`,
      remaining: sql<number>`count(CASE WHEN ${o.status} IN ('queued', 'sending') THEN 1 END)`,
    })
    .from(newsletters)
    .leftJoin(o, eq(o.newsletter_id, newsletters.id))
    .groupBy(newsletters.id)
    .orderBy(desc(newsletters.created_at), desc(newsletters.id));
}

export type NewsletterProgress = Awaited<ReturnType<ReturnType<typeof newslettersWithProgressQuery>["all"]>>[number];

/** What the composer starts from, in one round trip: the settings, recent posts, upcoming events, how many would receive it, and past newsletters. */
export async function composerPage(now: Date) {
  const db = getDb();
  const [settings, posts, events, recipients, past] = await db.batch([
    settingsQuery(db),
    postSummariesQuery(db, now).limit(NEWSLETTER_PICKER_LIMIT),
    upcomingEventOptionsQuery(db, now).limit(NEWSLETTER_PICKER_LIMIT),
    newsletterRecipientCountQuery(db),
    newslettersWithProgressQuery(db).limit(PAST_NEWSLETTERS_LIMIT),
  ]);
  return { settings, posts, events, recipients: recipients[0]?.n ?? 0, past };
}

/** One newsletter with its progress and the e-mail as sent (with the unsubscribe placeholder), or undefined. */
export async function newsletterPage(id: number) {
  const db = getDb();
  const [[progress], [body]] = await db.batch([
    newslettersWithProgressQuery(db).where(eq(newsletters.id, id)),
    db.select({ body_text: newsletters.body_text, body_html: newsletters.body_html }).from(newsletters).where(eq(newsletters.id, id)),
  ]);
  return progress && body ? { progress, body } : undefined;
}


/**
 * The same newsletter (subject and e-mail) written since an hour before `now`, newer than the one
 * the sender chose to send again (`after`): newsletter `n` (an alias).
 */
function sameNewsletterRecently(newsletter: { subject: string; bodyText: string }, now: Date, after = 0) {
  const since = new Date(now.getTime() - SENT_ALREADY_WINDOW_MS).toISOString();
  return sql`n.subject = ${newsletter.subject} AND n.body_text = ${newsletter.bodyText} AND n.created_at > ${since} AND n.id > ${after}`;
}

/** The same newsletter sent within the hour (its id, when and by whom), or undefined: the confirm step says so. */
export async function newsletterSentAlready(newsletter: { subject: string; bodyText: string }, now: Date) {
  return getDb()
    .get<{ id: number; created_at: string; sent_by: string } | undefined>(
      sql`SELECT n.id, n.created_at, n.sent_by FROM ${newsletters} n WHERE ${sameNewsletterRecently(newsletter, now)} ORDER BY n.id DESC LIMIT 1`,
    );
}

export type NewNewsletter = {
  sendKey: string;
  subject: string;
  intro: string;
  /** The chosen posts and events as the e-mail shows them (JSON). */
  items: string;
  bodyText: string;
  bodyHtml: string;
  sentBy: string;
  /** The site's address of unsubscribe pages; each row's link is this plus its subscriber's token. */
  unsubscribeUrlPrefix: string;
  /** The id of the same newsletter sent within the hour that the sender chose to send again. */
  sendAgain?: number;
};

/**
 * Send: the newsletter and one outbox row per subscriber who receives newsletters, in one batch.
 * Pressed twice with the same send key, the second finds the newsletter already there and writes
 * nothing. The newsletter is written only if the same one (subject and e-mail) was not sent within
 * the hour, checked in the same statement (two admins pressing Send at once send it once), unless
 * the sender chose to send that one again (`sendAgain`). Answers the newsletter's id and the new
 * rows' ids (none for a repeat), or `refused` (nothing written).
 */
export async function createNewsletter(newsletter: NewNewsletter, now: Date): Promise<{ id: number; deliveryIds: number[] } | { refused: true }> {
  const db = getDb();
  const [, deliveries, , [created]] = await db.batch([
    batchable(
      db.run(sql`INSERT INTO ${newsletters} (send_key, subject, intro, items, body_text, body_html, sent_by, recipients, created_at)
        SELECT ${newsletter.sendKey}, ${newsletter.subject}, ${newsletter.intro}, ${newsletter.items}, ${newsletter.bodyText}, ${newsletter.bodyHtml}, ${newsletter.sentBy}, 0, ${now.toISOString()}
        WHERE NOT EXISTS (SELECT 1 FROM ${newsletters} n WHERE ${sameNewsletterRecently(newsletter, now, newsletter.sendAgain)})
        ON CONFLICT (send_key) DO NOTHING`),
    ),
    snapshotNewsletterDeliveriesQuery(db, newsletter, now),
    db
      .update(newsletters)
      .set({ recipients: sql`(SELECT count(*) FROM ${email_outbox} WHERE ${email_outbox.newsletter_id} = ${newsletters.id})` })
      .where(eq(newsletters.send_key, newsletter.sendKey)),
    db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.send_key, newsletter.sendKey)),
  ]);
  // No newsletter has this send key: the same one went within the hour, and nothing was written.
  if (!created) return { refused: true };
  return { id: created.id, deliveryIds: deliveries.map((row) => row.id) };
}
