// To the president (settings: contact > president_email) for each message sent through the contact
// form. Replying answers the visitor when they gave an address (the outbox sets reply-to to them);
// a visitor without e-mail gave a phone number, which the e-mail says to call or WhatsApp.
import { renderEmail, type EmailOrganisation, type RenderedEmail } from "~/lib/email-layout";

/** `phone`: as people read it (the sender formats the stored number). */
export type ContactNotification = { full_name: string; email: string | null; phone: string | null; subject: string; message: string };

export function contactNotificationEmail(message: ContactNotification, organisation: EmailOrganisation, origin: string): RenderedEmail {
  const contacts = [message.email, message.phone].filter(Boolean).join(", ");
  const answer = message.email
    ? `Reply to this e-mail to answer ${message.full_name} directly.`
    : `${message.full_name} gave no e-mail address: call or WhatsApp them on ${message.phone} to answer.`;
  return renderEmail({
    subject: `New contact message: ${message.subject}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `${message.full_name} (${contacts}) wrote through the website's contact form.` },
      { type: "paragraphs", text: `Subject: ${message.subject}` },
      { type: "quote", text: message.message },
      { type: "paragraphs", text: answer },
      { type: "link", label: "All messages in the admin area", url: `${origin}/admin/messages` },
    ],
    footer: [{ type: "paragraphs", text: "You get this because your address is the president's e-mail in the website's settings." }],
  });
}
