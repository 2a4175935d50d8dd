// The messaging feature's renderer for the kinds it owns (the outbox's OutboxRenderer,
// app/server/outbox.server.ts): the president's notice of a contact message (about_id: the message),
// a subscriber's confirmation link (about_id: the subscriber) and a newsletter's copy (about_id and
// newsletter_id: the newsletter; its reader's unsubscribe link on the row). Rendered when sent, from
// the stored rows and the settings as they are then, read in one batch. A newsletter copy is refused
// unless its reader is still a confirmed subscriber the provider accepts (an admin's Retry included).
import { sql } from "drizzle-orm";
import { contact_messages, newsletter_subscribers, newsletters } from "~/db/schema";
import { getDb } from "~/db/db.server";
import type { EmailOrganisation } from "~/lib/email-layout";
import { confirmSubscriptionPath } from "~/lib/paths";
import { EmailRefused, listUnsubscribeHeaders, type OutboxContent, type OutboxRow } from "~/server/email-rules.server";
import { inIds, type OutboxRenderer } from "~/server/outbox.server";
import type { SiteSettings } from "~/features/settings";
import { contactNotificationEmail } from "./contact-email";
import { readablePhone } from "~/server/phone.server";
import { NEWSLETTER_COPY_REFUSED } from "./newsletter-copy";
import { withUnsubscribeUrl } from "./newsletter-email";
import { subscribeConfirmationEmail } from "./subscribe-email";

/** The kinds this renderer renders. */
export const MESSAGING_OUTBOX_KINDS = ["contact-notification", "subscribe-confirmation", "newsletter"] as const;

export function emailOrganisation(settings: SiteSettings): EmailOrganisation {
  return { name: settings.organisation.name, addressLines: settings.contact.address_lines };
}

const idsOf = (rows: readonly OutboxRow[], kind: string, about: (row: OutboxRow) => number | null) =>
  rows.flatMap((row) => (row.kind === kind && about(row) !== null ? [about(row)!] : []));

export const renderMessagingOutbox: OutboxRenderer = async (rows, sender) => {
  const { origin } = sender;
  const db = getDb();
  const newsletterOf = (row: OutboxRow) => row.newsletter_id ?? row.about_id;
  const readers = rows.flatMap((row) => (row.kind === "newsletter" ? [row.recipient] : []));
  const [messages, subscribers, letters, subscribed] = await db.batch([
    db.select().from(contact_messages).where(inIds(contact_messages.id, idsOf(rows, "contact-notification", (row) => row.about_id))),
    db
      .select({ id: newsletter_subscribers.id, confirm_token: newsletter_subscribers.confirm_token, confirmed_at: newsletter_subscribers.confirmed_at })
      .from(newsletter_subscribers)
      .where(inIds(newsletter_subscribers.id, idsOf(rows, "subscribe-confirmation", (row) => row.about_id))),
    db
      .select({ id: newsletters.id, subject: newsletters.subject, body_text: newsletters.body_text, body_html: newsletters.body_html })
      .from(newsletters)
      .where(inIds(newsletters.id, idsOf(rows, "newsletter", newsletterOf))),
    db
      .select({
        email: newsletter_subscribers.email,
        confirmed_at: newsletter_subscribers.confirmed_at,
        suppressed_at: newsletter_subscribers.suppressed_at,
        unsubscribe_token: newsletter_subscribers.unsubscribe_token,
      })
      .from(newsletter_subscribers)
      .where(sql`${newsletter_subscribers.email} IN (SELECT value FROM json_each(${JSON.stringify(readers)}))`),
  ]);
  const organisation = { name: sender.name, addressLines: sender.addressLines };
  const fromName = sender.name;
  // The newsletter and its confirmation come from the ministry, not the events team: replies go to its general address.
  const replyTo = { email: sender.contactEmail, name: sender.name };
  const rendered = new Map<number, OutboxContent | EmailRefused>();
  for (const row of rows) {
    rendered.set(row.id, renderOne(row));
  }
  return rendered;

  function renderOne(row: OutboxRow): OutboxContent | EmailRefused {
    switch (row.kind) {
      case "contact-notification": {
        const message = messages.find((found) => found.id === row.about_id);
        if (!message) return new EmailRefused("The contact message was deleted before this was sent");
        return {
          kind: row.kind,
          fromName,
          replyTo: message.email ? { email: message.email, name: message.full_name } : null,
          ...contactNotificationEmail({ ...message, phone: message.phone_number && readablePhone(message.phone_number) }, organisation, origin),
        };
      }
      case "subscribe-confirmation": {
        const subscriber = subscribers.find((found) => found.id === row.about_id);
        if (!subscriber?.confirm_token) return new EmailRefused("The address was removed before this was sent");
        if (subscriber.confirmed_at) return new EmailRefused("The address was confirmed before this was sent");
        return { kind: row.kind, fromName, replyTo, ...subscribeConfirmationEmail(`${origin}${confirmSubscriptionPath(subscriber.confirm_token)}`, organisation) };
      }
      case "newsletter": {
        const letter = letters.find((found) => found.id === newsletterOf(row));
        if (!letter) return new EmailRefused("The newsletter of this message no longer exists");
        const refused = readerRefusal(row);
        if (refused) return new EmailRefused(refused);
        // A copy written before the outbox stored intent has its subject and sender's name stored.
        return {
          kind: row.kind,
          fromName: row.from_name ?? fromName,
          replyTo,
          subject: row.subject ?? letter.subject,
          ...withUnsubscribeUrl({ text: letter.body_text, html: letter.body_html }, row.unsubscribe_url ?? ""),
          headers: listUnsubscribeHeaders(row.unsubscribe_url),
        };
      }
      default:
        return new EmailRefused(`No renderer for messages of kind ${row.kind}`);
    }
  }

  /**
   * Why a newsletter copy may not go to its reader now, or null: consent is read when it is sent, not
   * when the newsletter was written, so a reader who unsubscribed, or whom the provider refused, since
   * gets nothing, whoever sends it (the fan-out, the cron's retry, an admin's Retry).
   */
  function readerRefusal(row: OutboxRow): string | null {
    const reader = subscribed.find((found) => found.email === row.recipient);
    if (!reader) return NEWSLETTER_COPY_REFUSED.unsubscribed;
    if (!reader.confirmed_at) return NEWSLETTER_COPY_REFUSED.unconfirmed;
    if (reader.suppressed_at) return NEWSLETTER_COPY_REFUSED.suppressed;
    // The copy's link names the token it was written with; a new one means the reader left in between.
    if (row.unsubscribe_url && reader.unsubscribe_token && !row.unsubscribe_url.endsWith(`/${reader.unsubscribe_token}`)) return NEWSLETTER_COPY_REFUSED.resubscribed;
    return null;
  }
};
