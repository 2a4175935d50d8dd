// To the president (settings: contact > president_email) for each message sent through the contact
// form. Replying answers the visitor: the outbox sets reply-to to them.
import { renderEmail, type EmailOrganisation, type RenderedEmail } from "~/lib/email-layout";

export type ContactNotification = { full_name: string; email: string; subject: string; message: string };

export function contactNotificationEmail(message: ContactNotification, organisation: EmailOrganisation, origin: string): RenderedEmail {
  return renderEmail({
    subject: `New contact message: ${message.subject}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `${message.full_name} (${message.email}) wrote through the website's contact form.` },
      { type: "paragraphs", text: `Subject: ${message.subject}` },
      { type: "quote", text: message.message },
      { type: "paragraphs", text: `Reply to this e-mail to answer ${message.full_name} directly.` },
      { type: "link", label: "All messages in the admin area", url: `${origin}/admin/messages` },
    ],
    footer: [{ type: "paragraphs", text: "You get this because your address is the president's e-mail in the website's settings." }],
  });
}
