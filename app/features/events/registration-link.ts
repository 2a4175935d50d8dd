// "Get my link again" (/events/{id}/my-link): someone who registered but lost the SMS or e-mail with
// their private link types the phone number they registered with, and the receipt (code and private
// link) goes again to that phone and to the e-mail given when registering, never to anything typed
// here. The answer is the same whether the number is registered or not, so the page tells nobody
// who registered. The form's schema and words; the server's part is ./registration-link.server.ts.
import { z } from "zod";
import { requiredText } from "../../lib/schema-fields";
import { PHONE_PATTERN } from "../../lib/phone-text";
import { REGISTRATION_MESSAGES } from "./registration-form";

/** A link asked for again waits this long after the last one sent by the same channel (the page says so). */
export const RESEND_GAP_MINUTES = 10;

export const LINK_AGAIN_MESSAGES = {
  /** The link to the page, beside the registration forms. */
  entry: "Already registered? Get your private link again",
  title: "Get your private link again",
  /** Above the problem with the number typed (a link to the field). */
  notSentYet: "Nothing was sent yet. Please check:",
  intro: {
    sms: "Type the phone number you registered with. We send your registration's private link and code to that phone by SMS, and to the e-mail address you gave when registering. A group's leader gets his group's page too.",
    email: "Type the phone number you registered with. We send your registration's private link and code to the e-mail address you gave when registering. A group's leader gets his group's page too.",
  },
  submit: "Send my link",
  sentTitle: "Your link is on its way",
  sent: {
    sms: `If that number is registered for this event, its private link goes to it by SMS (unless SMS were stopped on its page), and by e-mail where an address was given. It can take a few minutes. A link sent in the last ${RESEND_GAP_MINUTES} minutes (when you registered, or asked here) is not sent again: look for that one first.`,
    email: `If that number is registered for this event with an e-mail address, its private link goes to that address. It can take a few minutes. A link sent in the last ${RESEND_GAP_MINUTES} minutes (when you registered, or asked here) is not sent again: look for that one first.`,
  },
  /** Each is followed by the events team's number, a link to call it. */
  askTeam: "Nothing came? Call the events team on",
  otherwise: "No longer have that phone? Call the events team on",
  rateLimited: "Too many requests from your connection. Please wait a few minutes and try again.",
} as const;

/** By which channels a link goes again: SMS (when it is set up) and e-mail, or e-mail only. */
export type LinkChannels = keyof typeof LINK_AGAIN_MESSAGES.intro;

export const linkAgainSchema = z.object({
  phone_number: requiredText(REGISTRATION_MESSAGES.phoneRequired, 30).regex(new RegExp(`^(?:${PHONE_PATTERN})$`, "v"), REGISTRATION_MESSAGES.phoneInvalid),
});
