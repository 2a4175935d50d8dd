// What staff do to registrations, shared by the desk (/admin/events/registrations/{id}) and the
// door (/admin/events/{id}/check-in): add someone, cancel, restore, move up, mark as told, check in
// and undo. Each is one guarded statement or batch in the model; here each outcome becomes the
// toast (or the form's errors) the person at the desk sees. None of them touches what visitors see,
// except an event turning full or no longer full: only then is the public cache refreshed.
// Registrants with an e-mail address hear of what changes for them (added, restored, cancelled,
// moved up; a walk-in at the door does not need to): the e-mails go in the change's own batch.
// And "Cancel a burst": a window of registrations cancelled in one step (./cancel-burst.server.ts).
import { data, type RouterContextProvider } from "react-router";
import type { DoorCounts } from "./door-types";
import { adminContext } from "~/features/accounts";
import { DESK_MESSAGES as M, deskEditSchema, deskRegistrationSchema, OPENED_AT, type ToldBy } from "~/features/events/desk-registration-form";
import { REGISTRATION_MESSAGES } from "~/features/events/registration-form";
import { checkAnswers } from "~/features/events/event-questions";
import { questionsWithChoices } from "~/features/events/event-questions.server";
import type { Toast } from "~/lib/toast";
import { formatInSiteZone, siteLocalInputToIso } from "~/lib/time";
import { BURST_FIELDS as F, BURST_MESSAGES as B } from "~/features/events/registration-bursts";
import { type BurstWindow, cancelBurstAtDesk, previewBurst } from "~/features/events/cancel-burst.server";
import type { BurstAnswer } from "~/features/events/cancel-burst-form";
import type { EditAnswer } from "~/features/events/desk-edit-dialog";
import {
  addAtDesk,
  cancelAtDesk,
  cancellationNotes,
  checkIn,
  editAtDesk,
  markTold,
  movedUpNote,
  promoteAtDesk,
  registrationReceipts,
  restoreAtDesk,
  undoCheckIn,
  type CheckInOutcome,
  type MessageWritten,
} from "~/features/events/registrations.server";
import { changedFields, logActivity, noteActivity, publicPagesUnchanged, recordName } from "~/features/accounts/index.server";
import { registrationName } from "./registration-log-name.server";
import { errorToast, parseId, refuseAdminForm, UNREADABLE_FORM } from "~/server/admin-actions.server";
import { bumpContentVersion } from "~/server/content-version.server";
import { BadRequest, parseSubmission, postedPagePath, readFormData, refuse, type Refusal } from "~/server/forms.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { emailSetup } from "~/server/email-rules.server";
import { toInternationalPhone } from "~/server/phone.server";
import { redirectWithToast } from "~/server/toast.server";

type Context = Readonly<RouterContextProvider>;

const serverDeskSchema = deskRegistrationSchema.extend({
  phone_number: deskRegistrationSchema.shape.phone_number.transform(toInternationalPhone(REGISTRATION_MESSAGES.phoneNotPossible)),
});

/** A correction's fields (the desk's; a group's leader's, name and phone), the phone read as a number we can call. */
export const serverEditSchema = deskEditSchema.extend({
  phone_number: deskEditSchema.shape.phone_number.transform(toInternationalPhone(REGISTRATION_MESSAGES.phoneNotPossible)),
});

/** Where an action returns to: the page it was posted from, with its filter, search and page. */
const samePage = postedPagePath;

/** The list the edit form was opened over: the page it was posted from, without its ?edit. */
function listPage(request: Request): string {
  const url = new URL(samePage(request), "http://desk");
  url.searchParams.delete("edit");
  return `${url.pathname}${url.search}`;
}

/** Refreshes the public pages only when the event's "full" story changed. */
async function publicChange(context: Context, changed: boolean) {
  publicPagesUnchanged(context);
  if (changed) await bumpContentVersion();
}

/** The answers to the event's questions posted with Add a registration, checked as the public form checks them. */
async function deskAnswers(eventId: number, payload: Record<string, unknown>) {
  const { questions, associations } = await questionsWithChoices(eventId);
  return checkAnswers(questions, (name) => payload[name], associations);
}

/** Adds a registration by hand (`walkIn`: at the door, checked in at once). */
export async function addRegistration(request: Request, context: Context, eventId: number, formData: FormData, walkIn: boolean) {
  publicPagesUnchanged(context);
  const submission = parseSubmission(formData, serverDeskSchema);
  // The event's questions, asked at the desk as on the public form (a walk-in at the door is asked none).
  const { answers, errors } = walkIn ? { answers: [], errors: {} } : await deskAnswers(eventId, submission.payload);
  const answerErrors = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]));
  if (submission.status !== "success" || Object.keys(answerErrors).length) return refuseAdminForm(submission, undefined, { fieldErrors: answerErrors });
  const me = context.get(adminContext);
  // A door volunteer's walk-in never goes over the capacity.
  const input = me.role === "volunteer" ? { ...submission.value, over_capacity: false } : submission.value;
  const result = await addAtDesk(eventId, { ...input, walk_in: walkIn }, me.email, new Date(), !walkIn ? registrationReceipts() : [], answers);
  switch (result.outcome) {
    case "event-not-found":
      return refuseAdminForm(submission, undefined, { formError: M.notFound }, 404);
    case "phone-taken":
      return refuseAdminForm(submission, undefined, { fieldErrors: { phone_number: [walkIn ? M.phoneTakenAtDoor : M.phoneTaken(result.holder)] } }, 409);
    case "full":
      return refuseAdminForm(submission, undefined, { fieldErrors: { over_capacity: [(me.role === "volunteer" ? M.fullForVolunteer : M.full)(result.capacity, result.confirmed)] } }, 409);
    case "added": {
      sendAfterResponse(result.outboxIds, request);
      await publicChange(context, result.turnedFull);
      const { status, code, place } = result.receipt;
      noteActivity(context, {
        action: walkIn ? "Added a walk-in (checked in)" : "Added a registration",
        target: await registrationName(result.receipt.id, input.full_name, eventId),
        summary: [status, result.overCapacity ? "over the capacity" : "", input.shared_phone ? "shared phone" : ""].filter(Boolean).join(", "),
      });
      const toast = walkIn
        ? M.walkIn(input.full_name, code)
        : status === "waitlisted"
          ? M.addedWaiting(input.full_name, code, place)
          : result.overCapacity
            ? M.addedOver(input.full_name, code)
            : M.added(input.full_name, code);
      return redirectWithToast(request, samePage(request), toast);
    }
  }
}

/** One registration's id from the post, or null. */
/**
 * What a desk or door post carries: its event (an unknown one is a 404), its form (an unreadable one
 * is refused, with why) and its intent.
 */
export async function readEventPost(eventIdParam: string | undefined, request: Request) {
  const eventId = parseId(eventIdParam);
  if (eventId === null) throw data(null, { status: 404 });
  try {
    const formData = await readFormData(request);
    return { eventId, formData, intent: String(formData.get("intent") ?? "") };
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    return { refused: refuse(null, { formError: error.message }, error.status) };
  }
}

export function registrationIdOf(formData: FormData): number | null {
  const id = formData.get("registration_id");
  return typeof id === "string" ? parseId(id) : null;
}

/**
 * How a man moved up hears of it, from the messages written for him: now (an e-mail this deploy
 * can send, or an SMS due now), at 07:00 (an SMS written at night), or only if staff tell him.
 */
function toldBy(notes: readonly MessageWritten[], now: Date): ToldBy {
  const canSendEmail = emailSetup().ready;
  const dueNow = (note: MessageWritten) => note.channel === "sms" && (note.next_attempt_at === null || Date.parse(note.next_attempt_at) <= now.getTime());
  if (notes.some((note) => (note.channel === "email" && canSendEmail) || dueNow(note))) return "now";
  return notes.some((note) => note.channel === "sms") ? "morning" : "staff";
}

/** Cancel, restore, move up or mark as told: the desk's buttons on one registration. */
export async function changeRegistration(request: Request, context: Context, eventId: number, intent: string, id: number) {
  publicPagesUnchanged(context);
  const back = samePage(request);
  const now = new Date();
  const say = async (toast: Toast, action: string, summary = "") => {
    noteActivity(context, { action, target: await registrationName(id, null, eventId), summary });
    return redirectWithToast(request, back, toast);
  };
  const refuse = (message: string) => redirectWithToast(request, back, errorToast(message));
  switch (intent) {
    case "cancel": {
      const result = await cancelAtDesk(eventId, id, context.get(adminContext).email, now, cancellationNotes());
      if (result.outcome === "not-found") return refuse(M.notFound);
      if (result.outcome !== "cancelled") return refuse(M.alreadyCancelled);
      sendAfterResponse(result.outboxIds, request);
      await publicChange(context, result.stoppedBeingFull);
      const promoted = result.promoted.map((p) => p.full_name);
      const told = result.promoted.map((man) => ({ full_name: man.full_name, told: toldBy(man.notes, now) }));
      return say(promoted.length ? M.cancelledPromoted(told) : M.cancelled, "Cancelled a registration", promoted.length ? `Moved up: ${promoted.join(", ")}` : "");
    }
    case "restore": {
      const result = await restoreAtDesk(eventId, id, now, registrationReceipts());
      if (result.outcome === "phone-taken") return refuse(M.restorePhoneTaken(result.holder));
      if (result.outcome !== "restored") return refuse(result.outcome === "not-found" ? M.notFound : M.notCancelled);
      sendAfterResponse(result.outboxIds, request);
      await publicChange(context, result.turnedFull);
      return say(M.restored(result.status), "Restored a registration", result.status);
    }
    case "promote":
    case "promote-over": {
      const result = await promoteAtDesk(eventId, id, intent === "promote-over", now, movedUpNote());
      if (result.outcome === "full") return refuse(M.promoteFull(result.capacity, result.confirmed));
      if (result.outcome !== "promoted") return refuse(result.outcome === "not-found" ? M.notFound : M.notWaitlisted);
      sendAfterResponse(result.outboxIds, request);
      await publicChange(context, result.turnedFull);
      return say(M.promoted(result.overCapacity, toldBy(result.notes, now)), "Moved up from the waiting list", result.overCapacity ? "over the capacity" : "");
    }
    case "told":
      // Pressed twice, or by two staff: the second is told so, and logs nothing.
      if (!(await markTold(eventId, id, now))) return redirectWithToast(request, back, M.alreadyTold);
      return say(M.told, "Marked as told");
    default:
      return refuse("Unknown action.");
  }
}

// ----- Correcting a registration ---------------------------------------------------------------

/** A refused edit: the edit form again (marked with the registration's id), what was typed, what is wrong. */
function refuseEdit(submission: Parameters<typeof refuseAdminForm>[0], id: number, refusal: Omit<Refusal, "toast"> = {}, status = 400) {
  const answer = refuseAdminForm(submission, undefined, refusal, status);
  return data<EditAnswer>({ ...answer.data, edit: id }, answer.init ?? undefined);
}

/**
 * "Save changes" on the desk's edit form (Administrators and Editors: the desk's guard refuses Door
 * volunteers): a registration's name, phone and e-mail corrected in one guarded statement. Refused,
 * keeping what was typed: an invalid field, a phone the event already has, or a form opened before
 * someone changed the registration (which then carries its new version, so saving again is a choice).
 */
export async function editRegistration(request: Request, context: Context, eventId: number, id: number, formData: FormData) {
  publicPagesUnchanged(context);
  const submission = parseSubmission(formData, serverEditSchema);
  const openedAt = formData.get(OPENED_AT);
  if (typeof openedAt !== "string" || !openedAt) return refuseEdit(submission, id, { formError: UNREADABLE_FORM });
  if (submission.status !== "success") return refuseEdit(submission, id);
  const input = submission.value;
  const result = await editAtDesk(eventId, id, input, openedAt, new Date());
  switch (result.outcome) {
    case "not-found":
      return redirectWithToast(request, listPage(request), errorToast(M.notFound));
    case "failed":
      return refuseEdit(submission, id, { formError: M.failed }, 500);
    case "stale":
      submission.payload[OPENED_AT] = result.updated_at;
      return refuseEdit(submission, id, { formError: M.editStale({ updated_at: result.updated_at, updated_by: null }) }, 409);
    case "phone-taken":
      return refuseEdit(submission, id, { fieldErrors: { phone_number: [M.editPhoneTaken(result.holder)] } }, 409);
    case "edited":
      // Which fields, never their values: phones and e-mails stay out of the log.
      noteActivity(context, { action: "Corrected a registration", target: await registrationName(id, input.full_name, eventId), summary: changedFields(result.before, input) });
      // A new phone: his code and new private link go to it (the old link no longer opens his page).
      sendAfterResponse(result.outboxIds, request);
      return redirectWithToast(request, listPage(request), M.edited(input.full_name));
  }
}

// ----- Cancel a burst ---------------------------------------------------------------------------

const MINUTE = 60_000;

/** A `datetime-local` value in Malawi time, to the minute; null when it is not one. */
function minuteOf(value: string): number | null {
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?$/.test(value) ? siteLocalInputToIso(value.slice(0, 16)) : null;
  return iso ? Date.parse(iso) : null;
}

/**
 * The window a post chooses, or what is wrong with it (by field). Both minutes are included, as the
 * desk shows times to the minute: From 14:00 To 14:30 is 14:00:00.000 up to 14:30:59.999.
 */
function readBurstWindow(values: Record<string, string>): { window: BurstWindow; key: string } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const from = minuteOf(values[F.from] ?? "");
  const to = minuteOf(values[F.to] ?? "");
  if (!values[F.from]) errors[F.from] = B.fromRequired;
  else if (from === null) errors[F.from] = B.notATime;
  if (!values[F.to]) errors[F.to] = B.toRequired;
  else if (to === null) errors[F.to] = B.notATime;
  else if (from !== null && to < from) errors[F.to] = B.toBeforeFrom;
  const group = values[F.group] ?? "";
  if (group && !/^[0-9a-f]{8}$/.test(group)) errors[F.group] = B.group;
  if (Object.keys(errors).length || from === null || to === null) return { errors };
  const window = { from: new Date(from).toISOString(), until: new Date(to + MINUTE).toISOString(), group: group || null };
  return { window, key: [window.from, window.until, group].join("|") };
}

/** The form again: what was typed, what is wrong, and the preview when there is one. */
function burstAnswer(values: Record<string, string>, errors: Record<string, string> | null, preview: BurstAnswer["burst"]["preview"], status = 200) {
  const answer: BurstAnswer = { burst: { values, errors, preview } };
  return data(answer, { status });
}

/**
 * "Cancel a burst" (Administrators and Editors: the desk's guard refuses Door volunteers). Preview:
 * the form again with how many registrations the window selects, a few names and their address
 * groups. Cancel: everything the previewed window selects, if it still selects as many, in one
 * batch with the waiting list's promotion; one entry in the activity log. A window changed after
 * its preview is previewed again, never cancelled unseen.
 */
export async function cancelBurst(request: Request, context: Context, eventId: number, formData: FormData, intent: string) {
  publicPagesUnchanged(context);
  const values: Record<string, string> = {};
  for (const name of [F.from, F.to, F.group]) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.trim().slice(0, 40) : "";
  }
  const read = readBurstWindow(values);
  if ("errors" in read) return burstAnswer(values, read.errors, null, 400);
  const expected = Number(formData.get(F.expected));
  const confirmed = intent === "burst-cancel" && Number.isInteger(expected) && expected > 0 && formData.get("previewed") === read.key;

  if (confirmed) {
    const movedUp = cancellationNotes().movedUp;
    const result = await cancelBurstAtDesk(eventId, read.window, expected, context.get(adminContext).email, new Date(), movedUp);
    if (result.outcome === "event-not-found") throw data(null, { status: 404 });
    if (result.outcome === "cancelled") {
      sendAfterResponse(result.outboxIds, request);
      await publicChange(context, result.stoppedBeingFull);
      const promoted = result.promoted.map((p) => p.full_name);
      const when = `${formatInSiteZone(read.window.from, "MMM d HH:mm")} to ${formatInSiteZone(new Date(Date.parse(read.window.until) - MINUTE), "MMM d HH:mm")}`;
      noteActivity(context, {
        action: "Cancelled a burst",
        target: recordName("event", eventId, result.eventName),
        summary: [
          `${result.cancelled.length} registrations made ${when}${read.window.group ? `, address group ${read.window.group}` : ""}`,
          `${result.placesFreed} places freed`,
          promoted.length ? `moved up: ${promoted.length} (${promoted.slice(0, 10).join(", ")}${promoted.length > 10 ? ", …" : ""})` : "nobody moved up",
        ].join("; "),
      });
      return redirectWithToast(request, samePage(request), B.cancelled(result.cancelled.length, promoted.length));
    }
    if (result.count === 0) return burstAnswer(values, { "": B.nothing }, null, 409);
    // Changed since the preview: show it afresh, to be confirmed again.
    const fresh = await previewBurst(eventId, read.window);
    if (!fresh) throw data(null, { status: 404 });
    return burstAnswer(values, { "": B.changed(fresh.count, expected) }, fresh.count ? { ...fresh, previewed: read.key } : null, 409);
  }

  const preview = await previewBurst(eventId, read.window);
  if (!preview) throw data(null, { status: 404 });
  if (preview.count === 0) return burstAnswer(values, { "": B.nothing }, null, 409);
  return burstAnswer(values, null, { ...preview, previewed: read.key });
}

export const CHECK_IN_MESSAGES = {
  checkedIn: (name: string) => ({ title: "Checked in", description: name }),
  admitted: (name: string) => ({ title: "Checked in", description: `${name} (not confirmed: admitted anyway)` }),
  undone: (name: string) => ({ title: "Check-in undone", description: name }),
  already: (name: string, time: string | null, by: string | null) =>
    `${name} was already checked in${time ? ` at ${time}` : ""}${by ? ` by ${by}` : ""}.`,
  /** What a door volunteer is told: never a staff member's e-mail address. */
  alreadyAtDoor: (name: string, time: string | null) => `${name} was already checked in by someone at the door${time ? ` at ${time}` : ""}.`,
  notCheckedIn: (name: string) => `${name} is not checked in.`,
  notConfirmed: (name: string) => `Not confirmed – admit anyway? ${name} is not confirmed for this event.`,
} as const;

/** What the door's screen shows after a tap: the outcome, its message, and the person's true state. */
export type CheckInAnswer = {
  outcome: CheckInOutcome["outcome"];
  toast: Toast;
  person: { id: number; checkedIn: boolean; checkedInText: string | null; admittedUnconfirmed: boolean } | null;
  /** The door's running count now (null: no such registration). */
  counts: DoorCounts | null;
};

/**
 * Check in, admit anyway (someone not confirmed, recorded), or undo: one guarded statement each.
 * `volunteer`: a door volunteer, who is never shown who checked someone in.
 */
export async function changeCheckIn(eventId: number, intent: string, id: number, by: string, volunteer = false, tapId: string | null = null): Promise<CheckInAnswer> {
  const now = new Date();
  const result = intent === "undo" ? await undoCheckIn(eventId, id, now) : await checkIn(eventId, id, intent === "admit", by, now, tapId);
  if (result.outcome === "not-found") return { outcome: result.outcome, toast: errorToast(M.notFound), person: null, counts: null };
  const { person } = result;
  const time = person.checked_in_at ? formatInSiteZone(person.checked_in_at, "HH:mm") : null;
  if (result.outcome === "checked-in" || result.outcome === "undone") {
    await logActivity([
      {
        actor: by,
        kind: "write",
        action: result.outcome === "undone" ? "Undid a check-in" : person.admitted_unconfirmed ? "Checked in (not confirmed: admitted anyway)" : "Checked in",
        target: await registrationName(person.id, person.full_name, eventId),
      },
    ]);
  }
  const toast: Toast = (() => {
    switch (result.outcome) {
      case "checked-in":
        return person.admitted_unconfirmed ? CHECK_IN_MESSAGES.admitted(person.full_name) : CHECK_IN_MESSAGES.checkedIn(person.full_name);
      case "undone":
        return CHECK_IN_MESSAGES.undone(person.full_name);
      case "already-checked-in":
        return errorToast(volunteer ? CHECK_IN_MESSAGES.alreadyAtDoor(person.full_name, time) : CHECK_IN_MESSAGES.already(person.full_name, time, person.checked_in_by));
      case "not-checked-in":
        return errorToast(CHECK_IN_MESSAGES.notCheckedIn(person.full_name));
      case "not-confirmed":
        return errorToast(CHECK_IN_MESSAGES.notConfirmed(person.full_name));
    }
  })();
  return {
    outcome: result.outcome,
    toast,
    person: { id: person.id, checkedIn: person.checked_in_at !== null, checkedInText: time, admittedUnconfirmed: person.admitted_unconfirmed },
    counts: result.counts,
  };
}
