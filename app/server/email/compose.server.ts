// Each kind of e-mail the site sends, as an OutboxEmail: its template (app/emails) filled with the
// settings (the organisation's name and address, the staff addresses) and the site's address.
import { contactNotificationEmail, type ContactNotification } from "~/emails/contact-notification";
import type { EmailOrganisation } from "~/emails/layout";
import { exampleUnsubscribeUrl, newsletterEmail, type NewsletterContent, type NewsletterItem } from "~/emails/newsletter";
import { subscribeConfirmationEmail } from "~/emails/subscribe-confirmation";
import { NEWSLETTER_EVENT_DATE_FORMAT } from "~/lib/constants";
import { confirmSubscriptionPath, postPath } from "~/lib/paths";
import type { SiteSettings } from "~/lib/settings";
import { storedSettings } from "~/models/settings.server";
import { siteSettings } from "../settings.server";
import { siteOrigin } from "../site-url.server";
import { formatInSiteZone } from "~/lib/time";
import { listUnsubscribeHeaders, type OutboxEmail } from "./message.server";

/** What every e-mail needs to know about the site: its settings, and its address for absolute links. */
export type EmailSite = { settings: SiteSettings; origin: string };

/** The settings as stored (the defaults when they cannot be read) and the site's address (SITE_URL). */
export async function emailSite(request: Request): Promise<EmailSite> {
  let rows = null;
  try {
    rows = await storedSettings();
  } catch (error) {
    console.error("E-mail: the settings could not be read; using the defaults:", error);
  }
  return { settings: siteSettings(rows), origin: siteOrigin(request) };
}

export function emailOrganisation(settings: SiteSettings): EmailOrganisation {
  return { name: settings.organisation.name, addressLines: settings.contact.address_lines };
}

/** To the president: a new contact message, reply-to the visitor. */
export function contactNotification(message: ContactNotification, { settings, origin }: EmailSite): OutboxEmail {
  return {
    kind: "contact-notification",
    to: settings.contact.president_email,
    fromName: settings.organisation.name,
    replyTo: { email: message.email, name: message.full_name },
    ...contactNotificationEmail(message, emailOrganisation(settings), origin),
  };
}

/** To a new subscriber: the double opt-in link. */
export function subscribeConfirmation(to: string, token: string, { settings, origin }: EmailSite): OutboxEmail {
  return {
    kind: "subscribe-confirmation",
    to,
    fromName: settings.organisation.name,
    ...subscribeConfirmationEmail(`${origin}${confirmSubscriptionPath(token)}`, emailOrganisation(settings)),
  };
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
    ...email,
    subject: `[Test] ${email.subject}`,
    headers: listUnsubscribeHeaders(unsubscribeUrl),
  };
}
