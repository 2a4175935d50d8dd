// The outbox kinds written about one registration (about_id is its id), side by side: which go to
// the man himself, and which the registration e-mail renderer draws.

/**
 * The messages that go to the man himself, by SMS or e-mail. A correction of his phone or e-mail
 * moves those still to go (decision 044); each can go by SMS (registration-sms-outbox.server.ts).
 */
export const TO_THE_REGISTRANT = [
  "registration-confirmed",
  "registration-waitlisted",
  "registration-moved-up",
  "registration-cancelled",
  "event-reminder",
  "registration-fee-paid",
] as const;

/**
 * The e-mails about a registration that registration-outbox.server.ts renders: his own (the fee's
 * receipt goes by SMS only) and staff's notice about him, which goes to the events address.
 */
export const E_MAILS_ABOUT_A_REGISTRATION: readonly string[] = [
  ...TO_THE_REGISTRANT.filter((kind) => kind !== "registration-fee-paid"),
  "registration-notification",
];
