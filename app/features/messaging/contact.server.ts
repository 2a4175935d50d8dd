// The contact page's message form, for its action (a plain post) and for /api/contact-messages
// (its island, JSON): honeypot, per-address rate limit and the form's schema, then stored for the
// admin inbox, with an e-mail to the president (reply-to the visitor, when they gave an address) sent after
// the response. A visitor without e-mail gives a phone number instead.
import { CONTACT_MESSAGES, contactSchema } from "~/features/messaging/contact-form";
import { addContactMessage } from "~/features/messaging/contact-messages.server";
import { emailSite } from "~/features/messaging/compose.server";
import { isAddress } from "~/server/email-rules.server";
import { normalizePhone, refuseUncallablePhones } from "~/server/phone.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { type PublicFormOutcome, publicFormRefused, publicFormSuccess, readPublicForm } from "~/server/forms.server";
import { RATE_LIMITS } from "~/server/abuse.server";

const successToast = { title: CONTACT_MESSAGES.successTitle, description: CONTACT_MESSAGES.success };

/** Who hears of a message: the president's address from the settings; none (logged) if it is not one, so the message is still stored. */
async function presidentAddress(request: Request): Promise<string | null> {
  const to = (await emailSite(request)).settings.contact.president_email;
  if (isAddress(to)) return to;
  console.error("Contact message: no e-mail to the president: the settings' address is not valid");
  return null;
}

/** A phone number given must be one the office can call back. */
const serverContactSchema = contactSchema.superRefine(refuseUncallablePhones("phone_number"));

const RULES = { rateLimit: RATE_LIMITS.contactPerAddress, rateLimitedMessage: CONTACT_MESSAGES.rateLimited, successToast };

/** A message, posted to the contact page's action or to /api/contact-messages: what it came to. */
export async function submitContactMessage(request: Request): Promise<PublicFormOutcome> {
  const read = await readPublicForm(request, serverContactSchema, RULES);
  if ("done" in read) return read.done;
  // A phone number staff can tap: in international form when it is a possible number, else as typed.
  const message = { ...read.value, phone_number: read.value.phone_number && (normalizePhone(read.value.phone_number) ?? read.value.phone_number) };
  let outboxIds: number[];
  try {
    outboxIds = await addContactMessage(message, await presidentAddress(request));
  } catch (error) {
    console.error("Contact message could not be stored:", error);
    return publicFormRefused(read.submission, { error: CONTACT_MESSAGES.failed, status: 503 });
  }
  sendAfterResponse(outboxIds, request);
  return publicFormSuccess(successToast);
}
