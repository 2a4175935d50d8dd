// Registering for an event, shared by /events and /events/{id} (their actions, for a plain post)
// and by /api/registrations (the dialog's island, JSON): honeypot, per-address rate limits (all
// forms; and per event, by the setting `registrations_per_address_per_hour`) and the
// form's schema, the phone read as a number, then the guarded insert (app/features/events/registrations.server.ts)
// with, in its batch, the registrant's confirmation e-mail (when they gave an address) and staff's
// notice (when the event asks for each one), sent after the response; and, in the same batch, whether
// it tips a burst (Administrators hear of it: ./registration-bursts.server.ts). Success answers with the
// registration's code, status and private link; a plain post goes on to the private page itself.
import { REGISTRATION_MESSAGES, registrationSchema } from "~/features/events/registration-form";
import { registrationPath, registrationView } from "~/features/events/registration-view";
import { newRegistrationEmails, registerForEvent } from "~/features/events/registrations.server";
import { checkAnswers } from "~/features/events/event-questions";
import { registrationContext } from "~/features/events/registration-context.server";
import { answerPublicForm, type PublicFormFailure, type PublicFormOutcome, publicFormRefused, publicFormSuccess, readPublicForm, refusal } from "~/server/forms.server";
import { bumpContentVersion } from "~/server/content-version.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { toInternationalPhone } from "~/server/phone.server";
import { addressGroup, clientAddress, consumeRateLimit, RATE_LIMITS } from "~/server/abuse.server";
import { siteOrigin } from "~/server/site-url.server";

/** The form's schema, with the phone number checked and stored in international form (server only). */
const serverRegistrationSchema = registrationSchema.extend({
  phone_number: registrationSchema.shape.phone_number.transform(toInternationalPhone(REGISTRATION_MESSAGES.phoneNotPossible)),
});

const refusals = {
  "event-not-found": { error: REGISTRATION_MESSAGES.eventNotFound, status: 404 },
  closed: { error: REGISTRATION_MESSAGES.closed, status: 409 },
  full: { error: REGISTRATION_MESSAGES.full, status: 409 },
  // Says nothing else about that registration: the phone number is all the visitor gave.
  "already-registered": { error: REGISTRATION_MESSAGES.alreadyRegistered, status: 409, field: "phone_number" },
} as const satisfies Record<string, PublicFormFailure>;

const RULES = {
  rateLimit: RATE_LIMITS.registrationPerAddress,
  rateLimitedMessage: REGISTRATION_MESSAGES.rateLimited,
  successToast: REGISTRATION_MESSAGES.success,
};

/** A registration, posted to a page's action or to /api/registrations: what it came to. */
export async function submitRegistration(request: Request): Promise<PublicFormOutcome> {
  const read = await readPublicForm(request, serverRegistrationSchema, RULES);
  if ("done" in read) return read.done;
  const input = read.value;
  // The event's questions, checked here whatever the browser checked (./event-questions.ts).
  const about = await registrationContext(input.event_id);
  const payload = read.submission.payload;
  const { answers, errors } = checkAnswers(about.questions, (name) => payload[name], about.associations);
  if (Object.keys(errors).length) {
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]));
    const first = Object.values(errors)[0]!;
    return { answer: refusal(read.submission, { fieldErrors, toast: { title: "Please check the form", description: first, variant: "destructive" } }), status: 400, redirect: true };
  }
  // However many phone numbers a script makes up, one address fills at most so many places an hour.
  const perEvent = { ...RATE_LIMITS.registrationPerEventAndAddress, limit: about.perAddressPerHour };
  if (about.event && !(await consumeRateLimit(perEvent, `${input.event_id}|${clientAddress(request)}`))) {
    return publicFormRefused(read.submission, { error: REGISTRATION_MESSAGES.eventRateLimited, status: 429 });
  }
  // Which e-mails to write (their text is rendered when they are sent); staff's go to the events address.
  const emails = about.event ? newRegistrationEmails(about.event, input, about.eventsAddress) : [];
  // Which network it came from, kept as a keyed hash (never the address): "Cancel a burst" can choose by it.
  const result = await registerForEvent({ ...input, address_group: await addressGroup(request) }, new Date(), emails, answers);
  if (result.outcome !== "registered" && result.outcome !== "repeated") return publicFormRefused(read.submission, refusals[result.outcome]);
  if (result.outcome === "registered") {
    sendAfterResponse(result.outboxIds, request);
    // The lists say how many places are left only when that changes their story (now full).
    if (result.turnedFull) await bumpContentVersion();
  }
  const { receipt, event } = result;
  return publicFormSuccess(REGISTRATION_MESSAGES.success, registrationPath(receipt.token), {
    registration: registrationView({ ...receipt, event }, siteOrigin(request)),
  });
}

/**
 * The action of /events and /events/{id}, for a plain post (no JavaScript): success goes on (303)
 * to the registration's private page with the toast; a refusal renders the page again with the
 * dialog open, what was typed and the errors. With JavaScript the dialog posts to
 * /api/registrations instead (workers/api).
 */
export async function registrationAction(request: Request, fallbackPath: string) {
  return answerPublicForm(request, await submitRegistration(request), { fallbackPath, renderFailures: true });
}
