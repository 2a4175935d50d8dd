// The site as the newsletter composer's e-mails need it (settings and address), the composer's items
// and its test e-mail, the one e-mail written already rendered (what the composer holds is stored
// nowhere else). Every other message is rendered when it is sent, by its feature's renderer
// (./messaging-outbox.server.ts, app/features/events, app/features/accounts).
import { exampleUnsubscribeUrl, newsletterEmail, type NewsletterContent, type NewsletterItem } from "~/features/messaging/newsletter-email";
import { NEWSLETTER_EVENT_DATE_FORMAT } from "~/lib/constants";
import { postPath } from "~/lib/paths";
import type { SiteSettings } from "~/features/settings";
import { siteSettings, type StoredSection, storedSettings } from "~/features/settings/index.server";
import { siteOrigin } from "~/server/site-url.server";
import { formatInSiteZone } from "~/lib/time";
import { listUnsubscribeHeaders, type OutboxEmail } from "~/server/email-rules.server";
import { emailOrganisation } from "./messaging-outbox.server";

export { emailOrganisation };

/** What every e-mail needs to know about the site: its settings, and its address for absolute links. */
export type EmailSite = { settings: SiteSettings; origin: string };

/** The site for e-mails from the stored settings already read (the defaults for null), and SITE_URL or the request's origin. */
export function emailSiteOf(rows: StoredSection[] | null, request?: Request): EmailSite {
  return { settings: siteSettings(rows), origin: siteOrigin(request) };
}

/** The settings as stored (the defaults when they cannot be read) and the site's address (SITE_URL). */
export async function emailSite(request?: Request): Promise<EmailSite> {
  let rows = null;
  try {
    rows = await storedSettings();
  } catch (error) {
    console.error("E-mail: the settings could not be read; using the defaults:", error);
  }
  return emailSiteOf(rows, request);
}

/** The recent posts and upcoming events the composer offers, as the newsletter shows them. */
export function newsletterItems(
  posts: readonly { id: number; slug: string; title: string; excerpt: string }[],
  events: readonly { id: number; name: string; date: string | null }[],
  origin: string,
): { posts: NewsletterItem[]; events: NewsletterItem[] } {
  return {
    posts: posts.map((post) => ({ kind: "post", id: post.id, title: post.title, summary: post.excerpt, url: `${origin}${postPath(post)}` })),
    events: events.map((event) => ({
      kind: "event",
      id: event.id,
      title: event.name,
      summary: formatInSiteZone(event.date, NEWSLETTER_EVENT_DATE_FORMAT) ?? "Date TBA",
      url: `${origin}/events/${event.id}`,
    })),
  };
}

/** To the admin who pressed 'Send a test to me': the newsletter as readers will get it, marked as a test. */
export function newsletterTest(to: string, content: NewsletterContent, { settings, origin }: EmailSite): OutboxEmail {
  const unsubscribeUrl = exampleUnsubscribeUrl(origin);
  const email = newsletterEmail(content, emailOrganisation(settings), origin, unsubscribeUrl);
  return {
    kind: "newsletter-test",
    to,
    fromName: settings.organisation.name,
    // As each reader's copy (./messaging-outbox.server.ts): replies go to the ministry's general address.
    replyTo: { email: settings.contact.president_email, name: settings.organisation.name },
    ...email,
    subject: `[Test] ${email.subject}`,
    headers: listUnsubscribeHeaders(unsubscribeUrl),
  };
}
