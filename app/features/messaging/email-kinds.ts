// The kinds of message the site sends, by e-mail or SMS (the outbox, table email_outbox, holds both):
// each outbox row names one, and /admin/outbox shows its label.
// A new kind of e-mail adds a line here, and the feature that owns it renders it when it is sent
// (an OutboxRenderer, app/server/outbox.server.ts, listed in ./outbox-render.server.ts).
export const EMAIL_KINDS = {
  "contact-notification": "Contact message",
  "subscribe-confirmation": "Subscription confirmation",
  newsletter: "Newsletter",
  "newsletter-test": "Newsletter test",
  "registration-confirmed": "Registration confirmed",
  "registration-waitlisted": "Registration on the waiting list",
  "registration-moved-up": "Moved up from the waiting list",
  "registration-cancelled": "Registration cancelled",
  "registration-notification": "New registration (to staff)",
  "registration-summary": "Registrations: daily summary",
  "account-change": "Account change (to Administrators)",
  "event-reminder": "Reminder before the event",
  "event-message": "Message to registrants",
  "registration-fee-paid": "Fee paid",
  "registration-burst": "Registration burst (to Administrators)",
  "group-link": "Group page link (to its leader)",
  "group-fees": "Group fees to pay (to its leader)",
  "registration-phone-changed": "Phone changed (to the old phone)",
  "gift-receipt": "Gift receipt",
} as const;

export type EmailKind = keyof typeof EMAIL_KINDS;

/** The label of a stored kind; a kind from a newer or older release shows as stored. */
export function emailKindLabel(kind: string): string {
  return (EMAIL_KINDS as Record<string, string>)[kind] ?? kind;
}
