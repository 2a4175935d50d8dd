// Every query that touches `newsletters`: what the composer (/admin/newsletter) starts from, the
// Send (the newsletter and one outbox row per confirmed subscriber, in one batch), and each
// newsletter's progress.
import { desc, eq, sql } from "drizzle-orm";
import { email_outbox, newsletters } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { NEWSLETTER_PICKER_LIMIT } from "~/lib/constants";
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
};

/**
 * Send: the newsletter and one outbox row per subscriber who receives newsletters, in one batch.
 * Pressed twice with the same send key, the second finds the newsletter already there and writes
 * nothing. Answers the newsletter's id and the new rows' ids (none for a repeat).
 */
export async function createNewsletter(newsletter: NewNewsletter, now: Date): Promise<{ id: number; deliveryIds: number[] }> {
  const db = getDb();
  const [, deliveries, , [created]] = await db.batch([
    db
      .insert(newsletters)
      .values({
        send_key: newsletter.sendKey,
        subject: newsletter.subject,
        intro: newsletter.intro,
        items: newsletter.items,
        body_text: newsletter.bodyText,
        body_html: newsletter.bodyHtml,
        sent_by: newsletter.sentBy,
        recipients: 0,
        created_at: now.toISOString(),
      })
      .onConflictDoNothing({ target: newsletters.send_key }),
    snapshotNewsletterDeliveriesQuery(db, newsletter, now),
    db
      .update(newsletters)
      .set({ recipients: sql`(SELECT count(*) FROM ${email_outbox} WHERE ${email_outbox.newsletter_id} = ${newsletters.id})` })
      .where(eq(newsletters.send_key, newsletter.sendKey)),
    db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.send_key, newsletter.sendKey)),
  ]);
  return { id: created!.id, deliveryIds: deliveries.map((row) => row.id) };
}
