// The newsletter, as composed in /admin/newsletter: a subject, an intro, and chosen posts and
// events. The same content makes the e-mail (with each reader's own unsubscribe link where
// UNSUBSCRIBE_PLACEHOLDER stands) and the plain text for WhatsApp groups. Shared by the server (what
// is sent) and the composer's live preview in the browser.
import { unsubscribePath } from "~/lib/paths";
import { escapeHtml, renderEmail, type EmailBlock, type EmailOrganisation, type RenderedEmail } from "~/lib/email-layout";

/** A post or event as the newsletter shows it: its title, an excerpt or its date, and its link. */
export type NewsletterItem = { kind: "post" | "event"; id: number; title: string; summary: string; url: string };

export type NewsletterContent = { subject: string; intro: string; items: readonly NewsletterItem[] };

/** Stands for each reader's own unsubscribe link in a stored newsletter; replaced when each copy is sent. */
export const UNSUBSCRIBE_PLACEHOLDER = "%%UNSUBSCRIBE_URL%%";

/** A reader's unsubscribe link as previews and test copies show it (it names nobody). */
export function exampleUnsubscribeUrl(origin: string): string {
  return `${origin}${unsubscribePath("this-link-is-personal-in-each-copy")}`;
}

/** Nothing to read: no intro and nothing chosen. */
export function isEmptyNewsletter(content: Pick<NewsletterContent, "intro" | "items">): boolean {
  return content.intro.trim() === "" && content.items.length === 0;
}

function itemBlocks(items: readonly NewsletterItem[], kind: NewsletterItem["kind"], heading: string): EmailBlock[] {
  const chosen = items.filter((item) => item.kind === kind);
  if (chosen.length === 0) return [];
  return [
    { type: "heading", text: heading },
    ...chosen.map((item): EmailBlock => ({ type: "item", title: item.title, url: item.url, lines: item.summary ? [item.summary] : [] })),
  ];
}

/** The e-mail. `siteUrl` is the site's address, named in the footer. */
export function newsletterEmail(content: NewsletterContent, organisation: EmailOrganisation, siteUrl: string, unsubscribeUrl = UNSUBSCRIBE_PLACEHOLDER): RenderedEmail {
  return renderEmail({
    subject: content.subject,
    organisation,
    blocks: [
      ...(content.intro.trim() ? [{ type: "paragraphs", text: content.intro } as const] : []),
      ...itemBlocks(content.items, "post", "From the blog"),
      ...itemBlocks(content.items, "event", "Upcoming events"),
    ],
    footer: [
      { type: "paragraphs", text: `You get this because you subscribed to news from ${organisation.name} at ${siteUrl}.` },
      { type: "link", label: "Unsubscribe", url: unsubscribeUrl },
    ],
  });
}

/** One reader's copy: the stored e-mail with their unsubscribe link. */
export function withUnsubscribeUrl(email: { text: string; html: string }, url: string): { text: string; html: string } {
  return { text: email.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, url), html: email.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(url)) };
}

/**
 * The same newsletter as plain text for a WhatsApp group (*bold* is WhatsApp's), with full links:
 * most members read WhatsApp rather than e-mail. No unsubscribe link: a group is not a mailing list.
 */
export function newsletterWhatsAppText(content: NewsletterContent, organisation: Pick<EmailOrganisation, "name">): string {
  const section = (kind: NewsletterItem["kind"], heading: string) => {
    const chosen = content.items.filter((item) => item.kind === kind);
    if (chosen.length === 0) return [];
    return [`*${heading}*\n${chosen.map((item) => [`• ${item.title}`, ...(item.summary ? [item.summary] : []), item.url].join("\n")).join("\n\n")}`];
  };
  return [
    `*${content.subject.trim()}*`,
    ...(content.intro.trim() ? [content.intro.trim().replace(/\r\n?/g, "\n")] : []),
    ...section("post", "From the blog"),
    ...section("event", "Upcoming events"),
    `${organisation.name}`,
  ].join("\n\n");
}
