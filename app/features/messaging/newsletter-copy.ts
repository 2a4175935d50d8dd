// What the newsletter's link pages say: confirming a subscription and unsubscribing, for every state
// a link can be in (a link is opened by its owner, a mail scanner, or someone long after).
import { CONFIRMATION_LINK_DAYS } from "~/lib/constants";

export type NoticeCopy = { title: string; text: string };

export const CONFIRM_PAGE = {
  pending: { title: "Confirm your subscription", text: "Press Confirm to receive news of events, devotionals and ministry updates by e-mail." },
  button: "Confirm",
  pendingButton: "Confirming...",
  confirmed: { title: "Thank you! You are subscribed.", text: "You will receive our news of events, devotionals and ministry updates. Every e-mail has a link to unsubscribe." },
  "already-confirmed": { title: "You are already subscribed", text: "This address is confirmed. There is nothing more to do." },
  expired: {
    title: "This link has expired",
    text: `Confirmation links work for ${CONFIRMATION_LINK_DAYS} days. Subscribe again at the bottom of any page and we will send you a new one.`,
  },
  unknown: {
    title: "This link does not work",
    text: "It may have been replaced by a newer confirmation e-mail, or the address was removed. Subscribe again at the bottom of any page if you like.",
  },
} as const satisfies Record<string, NoticeCopy | string>;

export const UNSUBSCRIBE_PAGE = {
  title: "Unsubscribe",
  text: (email: string) => `Stop sending our newsletter to ${email}?`,
  button: "Unsubscribe",
  pendingButton: "Unsubscribing...",
  unsubscribed: { title: "You have been unsubscribed", text: "You will not get our newsletter any more. Changed your mind? Subscribe again at the bottom of any page." },
  "not-subscribed": { title: "You are not subscribed", text: "This address is not on our mailing list (any more). If you unsubscribed already, there is nothing more to do." },
} as const;

/**
 * Why a newsletter copy is not sent (the outbox's error, and /admin/outbox's reason for offering no
 * Retry): a copy goes only to an address that is still a confirmed subscriber the provider accepts.
 */
export const NEWSLETTER_COPY_REFUSED = {
  unsubscribed: "The reader unsubscribed (or was removed from the subscribers): newsletters no longer go to this address",
  resubscribed: "The reader unsubscribed after this copy was written (and subscribed again since): it is not sent",
  unconfirmed: "The reader has not confirmed the subscription: newsletters go only to confirmed addresses",
  suppressed: "The e-mail service refused this address for good (it bounced or complained): newsletters no longer go to it",
} as const;
