// Each kind of e-mail the site sends, as an OutboxEmail: its template (app/emails) filled with the
// settings (the organisation's name and address, the staff addresses) and the site's address.
import { type AccountChange, accountChangeEmail } from "~/features/accounts";
import { contactNotificationEmail, type ContactNotification } from "~/features/messaging/contact-email";
import type { EmailOrganisation } from "~/features/messaging/email-layout";
import { exampleUnsubscribeUrl, newsletterEmail, type NewsletterContent, type NewsletterItem } from "~/features/messaging/newsletter-email";
import { type DatedEventSource, eventCalendarFile, eventWhenText, movedUpEmail, privateLinkOf, type Registrant, registrationCancelledEmail, type RegistrationEmailEvent, type RegistrationNotifications, registrationReceiptEmail, registrationSummaryEmail, staffRegistrationEmail, type SummaryRegistration } from "~/features/events";
import { subscribeConfirmationEmail } from "~/features/messaging/subscribe-email";
import { NEWSLETTER_EVENT_DATE_FORMAT } from "~/lib/constants";
import { confirmSubscriptionPath, postPath, registrationDeskPath } from "~/lib/paths";
import type { SiteSettings } from "~/features/settings";
import type { RegistrationEmail } from "~/features/events/index.server";
import { siteSettings, type StoredSection, storedSettings } from "~/features/settings/index.server";
import { siteOrigin } from "../../server/site-url.server";
import { formatInSiteZone } from "~/lib/time";
import { checkOutboxContent, checkOutboxEmail, EmailRefused, listUnsubscribeHeaders, type OutboxContent, type OutboxEmail } from "./email-rules.server";

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

/** To each Administrator: an account was added, removed or given another role. */
export function accountChangeNotices(change: AccountChange, administrators: readonly string[], { settings, origin }: EmailSite): OutboxEmail[] {
  const email = accountChangeEmail(change, emailOrganisation(settings), origin);
  return administrators.map((to) => ({ kind: "account-change", to, fromName: settings.organisation.name, ...email }));
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

// Registrations (app/features/events/registration-emails.ts). A registrant's e-mails come from the organisation, and
// replies reach the events address.

/** What registration e-mails say of an event: a row of eventForEmailsQuery, of the private page or of the event form. */
type EventOfEmails = Pick<DatedEventSource, "id" | "name" | "date" | "location">;

function emailEvent(event: EventOfEmails, origin: string): RegistrationEmailEvent {
  return { name: event.name, whenText: eventWhenText(event.date), location: event.location?.trim() || null, url: `${origin}/events/${event.id}` };
}

function fromEventsTeam(settings: SiteSettings): Pick<OutboxContent, "fromName" | "replyTo"> {
  return { fromName: settings.organisation.name, replyTo: { email: settings.contact.events_email, name: settings.organisation.name } };
}

/**
 * Whether the provider would take the e-mail. One that breaks a rule (a staff address in the
 * settings gone bad) is logged and left out, so the registration itself still goes through.
 */
function usable(email: RegistrationEmail | OutboxEmail): boolean {
  try {
    if ("content" in email) {
      if (email.to === "registrant") checkOutboxContent(email.content);
      else checkOutboxEmail({ ...email.content, to: email.to.staff });
    } else checkOutboxEmail(email);
    return true;
  } catch (error) {
    if (!(error instanceof EmailRefused)) throw error;
    console.error("Registration e-mail left out:", error.message);
    return false;
  }
}

const onlyUsable = <E extends RegistrationEmail | OutboxEmail>(emails: readonly E[]): E[] => emails.filter(usable);
const usableOrNull = <E extends RegistrationEmail | OutboxEmail>(email: E): E | null => (usable(email) ? email : null);

/** To the registrant: the confirmation, or their place on the waiting list (one e-mail for each status the batch may give), with the event's .ics when it has a date. */
export function registrationReceipts(event: DatedEventSource, { settings, origin }: EmailSite): RegistrationEmail[] {
  const file = eventCalendarFile(event, origin, { name: settings.organisation.name, email: settings.contact.events_email });
  const attachments = file ? [{ filename: file.filename, type: "text/calendar; method=PUBLISH", content: file.content }] : [];
  return onlyUsable(
    (["confirmed", "waitlisted"] as const).map((status) => ({
      to: "registrant" as const,
      status,
      content: {
        kind: status === "confirmed" ? ("registration-confirmed" as const) : ("registration-waitlisted" as const),
        ...fromEventsTeam(settings),
        ...registrationReceiptEmail(status, emailEvent(event, origin), privateLinkOf(origin), emailOrganisation(settings), file !== null),
        attachments,
      },
    })),
  );
}

/** To each registrant who moves up from the waiting list. */
export function movedUpNote(event: EventOfEmails, { settings, origin }: EmailSite): RegistrationEmail | null {
  return usableOrNull({
    to: "registrant",
    content: { kind: "registration-moved-up", ...fromEventsTeam(settings), ...movedUpEmail(emailEvent(event, origin), privateLinkOf(origin), emailOrganisation(settings)) },
  });
}

/** The e-mails of a cancellation: to the registrant cancelled, and to those who move up into the place. */
export function cancellationNotes(event: EventOfEmails, site: EmailSite): { cancelled: RegistrationEmail | null; movedUp: RegistrationEmail | null } {
  const { settings, origin } = site;
  const cancelled = usableOrNull<RegistrationEmail>({
    to: "registrant",
    content: { kind: "registration-cancelled", ...fromEventsTeam(settings), ...registrationCancelledEmail(emailEvent(event, origin), emailOrganisation(settings)) },
  });
  return { cancelled, movedUp: movedUpNote(event, site) };
}

/** To the events address about a registration from the website, when the event asks for each one (one e-mail for each status it may get). */
export function staffRegistrationNotices(
  event: EventOfEmails & { registration_notifications: RegistrationNotifications },
  person: Registrant,
  { settings, origin }: EmailSite,
): RegistrationEmail[] {
  if (event.registration_notifications !== "each") return [];
  return onlyUsable(
    (["confirmed", "waitlisted"] as const).map((status) => ({
      to: { staff: settings.contact.events_email },
      status,
      content: {
        kind: "registration-notification" as const,
        fromName: settings.organisation.name,
        replyTo: person.email ? { email: person.email, name: person.full_name } : null,
        ...staffRegistrationEmail(status, emailEvent(event, origin), person, `${origin}${registrationDeskPath(event.id)}`, emailOrganisation(settings)),
      },
    })),
  );
}

/** Everything a registration from the website writes: the registrant's confirmation (when they gave an address) and staff's notice. */
export function newRegistrationEmails(
  event: DatedEventSource & { registration_notifications: RegistrationNotifications },
  person: Registrant,
  site: EmailSite,
): RegistrationEmail[] {
  return [...(person.email ? registrationReceipts(event, site) : []), ...staffRegistrationNotices(event, person, site)];
}

/** To the events address: an event's daily summary of the registrations from the website since the last one. */
export function registrationSummary(
  event: EventOfEmails,
  registrations: readonly SummaryRegistration[],
  totals: { confirmed: number; waitlisted: number; capacity: number | null },
  { settings, origin }: EmailSite,
): OutboxEmail | null {
  return usableOrNull<OutboxEmail>({
    kind: "registration-summary",
    to: settings.contact.events_email,
    fromName: settings.organisation.name,
    ...registrationSummaryEmail(emailEvent(event, origin), registrations, totals, `${origin}${registrationDeskPath(event.id)}`, emailOrganisation(settings)),
  });
}
