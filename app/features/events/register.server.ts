// Registering for an event, shared by /events, /events/{id} and /events/{id}/register (their
// actions, for a plain post) and by /api/registrations (the dialog's island, JSON): honeypot,
// per-address rate limits (all forms; and per event, by the setting
// `registrations_per_address_per_hour`) and the form's schema, the phone read as a number, the
// event's questions, then the guarded insert (./registrations.server.ts) with, in its batch, the
// registrant's confirmation (when they gave an address, or SMS is set up) and staff's notice (when
// the event asks for each one), sent after the response; and, in the same batch, whether it tips a
// burst (Administrators hear of it: ./registration-bursts.server.ts). A plain post goes on to the
// registration's private page; the island's JSON answer carries the registration as its person sees
// it (./registration-view.ts). What registering needs to know before it writes is read here too,
// in one round trip, for the group form as well (./group-register.server.ts).
import { eq } from "drizzle-orm";
import { churchevents } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { settingsSections, settingsSectionsQuery } from "~/features/settings/index.server";
import { REGISTRATION_MESSAGES, registrationSchema } from "~/features/events/registration-form";
import { type RegistrationAnswer, registrationView } from "~/features/events/registration-view";
import { registrationPath } from "~/features/events/registration-rules";
import { newRegistrationEmails, type HeldReceipt, type ReceiptEvent, registerForEvent } from "~/features/events/registrations.server";
import { checkAnswers } from "~/features/events/event-questions";
import { associationChoicesOf, associationChoicesQuery, eventQuestionsQuery, questionsOf } from "~/features/events/event-questions.server";
import { answerPublicForm, type PublicFormFailure, type PublicFormOutcome, publicFormRefused, publicFormSuccess, readPublicForm, refusal } from "~/server/forms.server";
import { bumpContentVersion } from "~/server/content-version.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { toInternationalPhone } from "~/server/phone.server";
import { addressGroup, clientAddress, consumeRateLimit, RATE_LIMITS } from "~/server/abuse.server";
import { siteOrigin } from "~/server/site-url.server";

// ----- What registering needs to know -----------------------------------------------------------

/** The settings sections registering uses: the events address, the limit per client address (not the whole site's settings). */
const SECTIONS = ["contact", "registrations"] as const;

/** The event as a registration's messages need it: whether staff hear of each one. */
function registeringEventQuery(db: Db, id: number) {
  return db
    .select({ id: churchevents.id, registration_notifications: churchevents.registration_notifications })
    .from(churchevents)
    .where(eq(churchevents.id, id));
}

/**
 * What registering for an event needs to know before it writes, in one round trip, for the public
 * form and the group form alike: the event, the two settings, the event's questions and the
 * associations its Association question offers.
 */
export async function registrationContext(eventId: number) {
  const db = getDb();
  const [sections, events, questions, associations] = await db.batch([
    settingsSectionsQuery(db, SECTIONS),
    registeringEventQuery(db, eventId),
    eventQuestionsQuery(db, eventId),
    associationChoicesQuery(db),
  ]);
  const settings = settingsSections(sections, SECTIONS);
  return {
    event: events[0],
    eventsAddress: settings.contact.events_email,
    perAddressPerHour: settings.registrations.registrations_per_address_per_hour,
    questions: questionsOf(questions),
    associations: associationChoicesOf(associations),
  };
}

// ----- The public form --------------------------------------------------------------------------

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

/** What a registration came to, and the registration it made (or found again, for a retry); null when refused. */
type Registering = { outcome: PublicFormOutcome; registered: { receipt: HeldReceipt; event: ReceiptEvent; placesNote: string | null } | null };

/** A registration, posted to a page's action or to /api/registrations. */
async function register(request: Request): Promise<Registering> {
  const read = await readPublicForm(request, serverRegistrationSchema, RULES);
  if ("done" in read) return { outcome: read.done, registered: null };
  const input = read.value;
  // The event's questions, checked here whatever the browser checked (./event-questions.ts).
  const about = await registrationContext(input.event_id);
  const payload = read.submission.payload;
  const { answers, errors } = checkAnswers(about.questions, (name) => payload[name], about.associations);
  if (Object.keys(errors).length) {
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]));
    const first = Object.values(errors)[0]!;
    const answer = refusal(read.submission, { fieldErrors, toast: { title: "Please check the form", description: first, variant: "destructive" } });
    return { outcome: { answer, status: 400, redirect: true }, registered: null };
  }
  // However many phone numbers a script makes up, one address fills at most so many places an hour.
  const perEvent = { ...RATE_LIMITS.registrationPerEventAndAddress, limit: about.perAddressPerHour };
  if (about.event && !(await consumeRateLimit(perEvent, `${input.event_id}|${clientAddress(request)}`))) {
    return { outcome: publicFormRefused(read.submission, { error: REGISTRATION_MESSAGES.eventRateLimited, status: 429 }), registered: null };
  }
  // Which e-mails to write (their text is rendered when they are sent); staff's go to the events address.
  const emails = about.event ? newRegistrationEmails(about.event, input, about.eventsAddress) : [];
  // Which network it came from, kept as a keyed hash (never the address): "Cancel a burst" can choose by it.
  const result = await registerForEvent({ ...input, address_group: await addressGroup(request) }, new Date(), emails, answers);
  if (result.outcome !== "registered" && result.outcome !== "repeated") {
    return { outcome: publicFormRefused(read.submission, refusals[result.outcome]), registered: null };
  }
  if (result.outcome === "registered") {
    sendAfterResponse(result.outboxIds, request);
    // The lists say how many places are left only when that changes their story (now full).
    if (result.turnedFull) await bumpContentVersion();
  }
  const { receipt, event, placesNote } = result;
  const toast = receipt.status === "waitlisted" ? REGISTRATION_MESSAGES.waitlisted(receipt.place) : REGISTRATION_MESSAGES.success;
  return { outcome: publicFormSuccess(toast, registrationPath(receipt.token)), registered: { receipt, event, placesNote } };
}

/**
 * /api/registrations (the dialog's island): what the registration came to, as JSON; on success with
 * the registration's code, status and private link, which the dialog shows, and the event's places
 * note as it now stands.
 */
export async function submitRegistration(request: Request): Promise<PublicFormOutcome> {
  const { outcome, registered } = await register(request);
  if (!registered) return outcome;
  const registration = registrationView({ ...registered.receipt, event: registered.event }, siteOrigin(request));
  // The page behind the dialog says how many places are left: the island writes the new count there.
  const answer: RegistrationAnswer = { ...outcome.answer, registration, placesNote: registered.placesNote };
  return { ...outcome, answer };
}

/**
 * The action of /events, /events/{id} and /events/{id}/register, for a plain post (no JavaScript):
 * success goes on (303) to the registration's private page with the toast (which shows the
 * registration itself); a refusal renders the page again with the dialog open, what was typed and
 * the errors. With JavaScript the dialog posts to /api/registrations instead (workers/api).
 */
export async function registrationAction(request: Request, fallbackPath: string) {
  const { outcome } = await register(request);
  return answerPublicForm(request, outcome, { fallbackPath, renderFailures: true });
}
