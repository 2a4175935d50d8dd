// Correcting a registration's name and phone from a private link: a man on his own page
// (/registrations/{token}), or his group's leader on the group's page. A misspelt name or one digit
// wrong in the phone need not cost a place: the desk's rules and its one guarded statement
// (editAtDesk: it lands only while the registration is as the page showed it; the phone keeps the
// event's one-registration-per-phone rule; messages still to go follow the new number). His e-mail
// stays. Each correction is in the activity log, its actor "private link" (whoever holds the link:
// a link posted in a group chat lets anyone change a man, and staff must be able to see it).
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-link";
import { savedAtText } from "~/lib/time";
import { UNREADABLE_FORM } from "~/server/admin-actions.server";
import { parseSubmission, type Refusal, refusal } from "~/server/forms.server";
import { readablePhone } from "~/server/phone.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { smsSetup } from "~/server/sms.server";
import { redirectWithToast } from "~/server/toast.server";
import { logActivity } from "~/features/accounts/index.server";
import { clientAddress } from "~/server/abuse.server";
import { serverEditSchema } from "./desk-actions.server";
import { registrationName, registrationNames } from "./registration-log-name.server";
import { OPENED_AT } from "./desk-registration-form";
import type { OwnCorrectionAnswer } from "./own-correction-form";
import { REGISTRATION_MESSAGES } from "./registration-form";
import { beforeTheEvent, registrationPath } from "./registration-rules";
import { editAtDesk, registrationByTokenQuery, registrationWithEventOf } from "./registrations.server";

/** The correction form's fields, read as the desk reads them (the phone as a number we can call). */
const correctionSchema = serverEditSchema.pick({ full_name: true, phone_number: true });

/** Whose registration the page speaks of: the man's own ("your") or, on his group's page, "his". */
export type Whose = "your" | "his";

export const CORRECTION_MESSAGES = {
  failed: (whose: Whose) => `Failed to save ${whose} details. Please try again.`,
  /** A phone another registration of the event holds: never who holds it (the page is anyone's who has its link). */
  phoneTaken: REGISTRATION_MESSAGES.alreadyRegistered,
  /** The registration changed after the page was opened (at the desk, or on this page open elsewhere). */
  stale: (whose: Whose, updatedAt: string) =>
    `${whose === "your" ? "Your" : "His"} registration was changed at ${savedAtText(updatedAt)} (at the registration desk, or on this page open elsewhere), after you opened this page, so your correction was not saved. To keep yours, press Save again (it replaces the other change). To see the other change first, reload the page.`,
} as const;

export type LinkCorrection =
  /** `token`: the man's private link's, new when his phone changed (the old link no longer opens his page). */
  | { outcome: "edited"; name: string; outboxIds: number[]; token: string; phoneChanged: boolean }
  /** Refused with what was typed (the form carries the version a stale refusal answered with). */
  | { outcome: "refused"; submission: Submission<unknown>; refused: Omit<Refusal, "toast">; status: number }
  /** The registration is no longer there. */
  | { outcome: "not-found" };

/** The activity log's actor for what is done with a private link (a registration's or a group's page): no one signed in. */
export const LINK_ACTOR = "private link";

/** Where a link's change was made, as the log says it. */
const LINK_PAGES: Record<Whose, string> = { your: "his own page", his: "the group's page" };

/** The activity log's line of a change made with a private link (`whose` page) to `target`, with the client's address as sign-ins have. */
function linkEntry(request: Request, whose: Whose, action: string, target: string, summary = "") {
  return { actor: LINK_ACTOR, kind: "write" as const, action: `${action} (on ${LINK_PAGES[whose]})`, target, summary, address: clientAddress(request) };
}

/** Logs a change made with a private link (`whose` page). */
export async function logLinkChange(request: Request, whose: Whose, action: string, registration: { id: number; event_id: number; full_name: string }, summary = "") {
  return logActivity([linkEntry(request, whose, action, await registrationName(registration.id, registration.full_name, registration.event_id), summary)]);
}

/** Logs one change made with a private link to several registrations of one event (a group cancelled at once): a line each, as logLinkChange writes. */
export async function logLinkChanges(request: Request, whose: Whose, action: string, eventId: number, registrations: readonly { id: number; full_name: string }[]) {
  if (!registrations.length) return;
  const targets = await registrationNames(eventId, registrations.map((man) => ({ id: man.id, name: man.full_name })));
  return logActivity(targets.map((target) => linkEntry(request, whose, action, target)));
}

/** Logs a man's cancelling on his own page (its route has the registration as the page read it). */
export function logOwnCancellation(request: Request, registration: { id: number; full_name: string; event: { id: number } }) {
  return logLinkChange(request, "your", "Cancelled", { id: registration.id, event_id: registration.event.id, full_name: registration.full_name });
}

/** Logs a man's restoring on his own page what he had cancelled there (the registration restoreByToken answers). */
export function logOwnRestore(request: Request, registration: { id: number; event_id: number; full_name: string }) {
  return logLinkChange(request, "your", "Restored", registration);
}

/** Corrects `registration`'s name and phone as posted in `form` (its OPENED_AT guard the version the page showed); logged. */
export async function correctFromLink(
  request: Request,
  form: FormData,
  /** `own_phone`: the phone is the man's own (not his group leader's, who is the one changing it). */
  registration: { id: number; event_id: number; full_name: string; phone_number: string; email: string | null; own_phone: boolean },
  whose: Whose,
  now: Date,
): Promise<LinkCorrection> {
  const submission = parseSubmission(form, correctionSchema);
  const openedAt = form.get(OPENED_AT);
  if (typeof openedAt !== "string" || !openedAt) return { outcome: "refused", submission, refused: { formError: UNREADABLE_FORM }, status: 400 };
  if (submission.status !== "success") return { outcome: "refused", submission, refused: {}, status: 400 };
  const { full_name, phone_number } = submission.value;
  // A new phone is told to the old one (the link may have reached someone else).
  const oldPhone = registration.own_phone ? { phone: registration.phone_number } : null;
  const result = await editAtDesk(registration.event_id, registration.id, { full_name, phone_number, email: registration.email }, openedAt, now, oldPhone);
  switch (result.outcome) {
    case "edited": {
      const changed = [full_name !== registration.full_name ? "name" : null, phone_number !== registration.phone_number ? "phone" : null].filter(Boolean);
      await logLinkChange(request, whose, "Corrected name and phone", { ...registration, full_name }, changed.length ? `Changed: ${changed.join(", ")}` : "No changes");
      return { outcome: "edited", name: full_name, outboxIds: result.outboxIds, token: result.token, phoneChanged: phone_number !== registration.phone_number };
    }
    case "not-found":
      return { outcome: "not-found" };
    case "failed":
      return { outcome: "refused", submission, refused: { formError: CORRECTION_MESSAGES.failed(whose) }, status: 500 };
    case "stale":
      submission.payload[OPENED_AT] = result.updated_at;
      return { outcome: "refused", submission, refused: { formError: CORRECTION_MESSAGES.stale(whose, result.updated_at) }, status: 409 };
    case "phone-taken":
      return { outcome: "refused", submission, refused: { fieldErrors: { phone_number: [CORRECTION_MESSAGES.phoneTaken] } }, status: 409 };
  }
}

// ----- The man's own page -----------------------------------------------------------------------

export const OWN_CORRECTION_MESSAGES = {
  saved: { title: "Details saved", description: "Your name and phone number are saved." },
  newLink: {
    title: "Details saved",
    description: "Your name and phone number are saved. This page has a new link, sent with your code to your new number: the old link no longer opens it.",
  },
  /** A new phone for a man who had stopped SMS: they were stopped for the old number, and go to the new one. */
  newLinkSmsOn: {
    title: "Details saved",
    description:
      "Your name and phone number are saved. This page has a new link, sent with your code to your new number: the old link no longer opens it. You had stopped SMS for the old number: SMS about this event go to the new one. Stop them below if you do not want them.",
  },
  notCorrected: { title: "Nothing corrected", description: "This registration is cancelled, or the event has started." },
  linkReplaced: {
    title: "Nothing corrected",
    description: "This link no longer opens a registration: its phone number was changed, and its new link was sent to the new number.",
  },
} as const;

/** What saving his details tells him: a new phone brings a new link, and SMS he had stopped start again for the new number. */
function savedToast(phoneChanged: boolean | undefined, smsWereStopped: boolean) {
  if (!phoneChanged) return OWN_CORRECTION_MESSAGES.saved;
  return smsWereStopped && smsSetup().ready ? OWN_CORRECTION_MESSAGES.newLinkSmsOn : OWN_CORRECTION_MESSAGES.newLink;
}

/** What the own page's form starts from: the name and phone as the man reads them, and the version it guards. */
export function ownCorrectionStart(found: { full_name: string; phone_number: string; updated_at: string }) {
  return { full_name: found.full_name, phone_number: readablePhone(found.phone_number), [OPENED_AT]: found.updated_at };
}

/**
 * "Save my details" on /registrations/{token}: while the registration stands (not cancelled, the
 * event not started), its name and phone become what was typed (correctFromLink). Answers the
 * page's redirect with a toast, or its refusal with what was typed.
 */
export async function correctOwnRegistration(request: Request, token: string, form: FormData) {
  const now = new Date();
  const back = registrationPath(token);
  const db = getDb();
  const [rows] = await db.batch([registrationByTokenQuery(db, token, now)]);
  const found = rows[0] ? registrationWithEventOf(rows[0]) : undefined;
  // No registration has this link (any more): its phone was changed a moment ago, and its new link went to the new number.
  if (!found) return redirectWithToast(request, back, OWN_CORRECTION_MESSAGES.linkReplaced, { status: 303 });
  if (found.status === "cancelled" || !beforeTheEvent(found.event.date, now)) return redirectWithToast(request, back, OWN_CORRECTION_MESSAGES.notCorrected, { status: 303 });
  const result = await correctFromLink(request, form, { id: found.id, event_id: found.event.id, full_name: found.full_name, phone_number: found.phone_number, email: found.email, own_phone: Boolean(found.own_phone) }, "your", now);
  switch (result.outcome) {
    case "not-found":
      return redirectWithToast(request, back, OWN_CORRECTION_MESSAGES.notCorrected, { status: 303 });
    case "refused":
      return data<OwnCorrectionAnswer>({ correction: refusal(result.submission, result.refused) }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
    case "edited":
      sendAfterResponse(result.outboxIds, request);
      // A new phone: his page's link is a new one (sent to that phone), so he goes on to it.
      return redirectWithToast(request, registrationPath(result.token), savedToast(result.phoneChanged, Boolean(found.sms_stopped_at)), { status: 303 });
  }
}
