// The contact page's message form, for its action (a plain post) and for /api/contact-messages
// (its island, JSON): honeypot, per-address rate limit and the form's schema, then stored for the
// admin inbox, with an e-mail to the president (reply-to the visitor) sent after the response.
import { CONTACT_MESSAGES, contactSchema, type ContactInput } from "~/features/messaging/contact-form";
import { addContactMessage } from "~/features/messaging/contact-messages.server";
import { contactNotification, emailSite, type EmailSite } from "~/features/messaging/compose.server";
import { checkOutboxEmail, EmailRefused, type OutboxEmail } from "~/features/messaging/email-rules.server";
import { sendAfterResponse } from "~/features/messaging/sender.server";
import { type PublicFormOutcome, publicFormRefused, publicFormSuccess, readPublicForm } from "~/server/public-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";

const successToast = { title: CONTACT_MESSAGES.successTitle, description: CONTACT_MESSAGES.success };

/** The president's e-mail about a message; none (logged) if the rules refuse it, so the message is still stored. */
function notificationOf(message: ContactInput, site: EmailSite): OutboxEmail | null {
  try {
    return checkOutboxEmail(contactNotification(message, site));
  } catch (error) {
    if (!(error instanceof EmailRefused)) throw error;
    console.error("Contact message: no e-mail to the president:", error.message);
    return null;
  }
}

const RULES = { rateLimit: RATE_LIMITS.contactPerAddress, rateLimitedMessage: CONTACT_MESSAGES.rateLimited, successToast };

/** A message, posted to the contact page's action or to /api/contact-messages: what it came to. */
export async function submitContactMessage(request: Request): Promise<PublicFormOutcome> {
  const read = await readPublicForm(request, contactSchema, RULES);
  if ("done" in read) return read.done;
  const message = read.value;
  let outboxIds: number[];
  try {
    outboxIds = await addContactMessage(message, notificationOf(message, await emailSite(request)));
  } catch (error) {
    console.error("Contact message could not be stored:", error);
    return publicFormRefused(read.submission, { error: CONTACT_MESSAGES.failed, status: 503 });
  }
  sendAfterResponse(outboxIds);
  return publicFormSuccess(successToast);
}
