// The double opt-in: the only e-mail an address gets before it confirms. Its link opens a page whose
// button confirms (a mail scanner opening the link confirms nothing).
import { CONFIRMATION_LINK_DAYS } from "~/lib/constants";
import { renderEmail, type EmailOrganisation, type RenderedEmail } from "~/lib/email-layout";

export function subscribeConfirmationEmail(confirmUrl: string, organisation: EmailOrganisation): RenderedEmail {
  return renderEmail({
    subject: `Please confirm your subscription to ${organisation.name}`,
    organisation,
    blocks: [
      {
        type: "paragraphs",
        text: `Someone, hopefully you, asked for news of events, devotionals and ministry updates from ${organisation.name} at this address.`,
      },
      { type: "paragraphs", text: "To start receiving them, open this link and press Confirm:" },
      { type: "button", label: "Confirm my subscription", url: confirmUrl },
      {
        type: "paragraphs",
        text: `The link works for ${CONFIRMATION_LINK_DAYS} days. If you did not ask for this, ignore this e-mail: you will not hear from us again.`,
      },
    ],
  });
}
