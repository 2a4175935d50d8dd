// The action of /events/{id}/group (issue 25, part 4): a leader's post of his group, read top to
// bottom: "More lines" re-renders the form with 10 more lines and what was typed; otherwise the
// public form's steps (honeypot, schema, rate limit), then each line checked (a name, a phone we can
// call, no phone twice, the event's questions), then the group's one batch
// (./group-registrations.server.ts). Problems are named by line, and what was typed stays.
import { data } from "react-router";
import type { FormAnswer } from "~/lib/form-answer";
import { answerFieldName, checkAnswers } from "./event-questions";
import { registrationContext } from "./register.server";
import { questionsWithChoices } from "./event-questions.server";
import { CORRECT_INTENT, type CorrectionAnswer, GROUP_MESSAGES, groupSchema, linesToShow } from "./group-form";
import { cancelGroup, groupByToken, type GroupMan, type GroupWithMembers, nameKey, registerGroup } from "./group-registrations.server";
import { groupMayChange } from "./group-view";
import { correctFromLink, logLinkChange, logLinkChanges } from "./link-correction.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-link";
import { cancelByToken, cancellationNotes, newRegistrationEmails } from "./registrations.server";
import { redirectWithToast } from "~/server/toast.server";
import { REGISTRATION_MESSAGES } from "./registration-form";
import { singleSpaced } from "~/lib/schema-fields";
import { groupPath } from "./registration-rules";
import { bumpContentVersion } from "~/server/content-version.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { normalizePhone, toInternationalPhone } from "~/server/phone.server";
import { answerPublicForm, BadRequest, parseSubmission, type PublicFormOutcome, readFormData, readPublicForm, type Refusal, refusal } from "~/server/forms.server";
import { addressGroup, clientAddress, consumeRateLimit, RATE_LIMITS } from "~/server/abuse.server";

/** The form's schema, with the leader's phone read as a number we can call (server only): with the form's other problems, not after them. */
const serverGroupSchema = groupSchema.extend({
  leader_phone: groupSchema.shape.leader_phone.transform(toInternationalPhone(REGISTRATION_MESSAGES.phoneNotPossible)),
});

const RULES = { rateLimit: RATE_LIMITS.registrationPerAddress, rateLimitedMessage: REGISTRATION_MESSAGES.rateLimited, successToast: GROUP_MESSAGES.registered };

const destructive = (description: string) => ({ title: "Please check the form", description, variant: "destructive" as const });

type Read = Extract<Awaited<ReturnType<typeof readPublicForm<typeof serverGroupSchema>>>, { value: unknown }>;

function refused(read: Read, errors: Record<string, string>, formError?: string, status = 400): PublicFormOutcome {
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]));
  const first = formError ?? Object.values(errors)[0] ?? "Please check the form.";
  return { answer: refusal(read.submission, { fieldErrors, formError, toast: destructive(first) }), status, redirect: true };
}

type PostedLine = Record<string, unknown>;

/**
 * Each man's line as posted: blank lines are skipped; the rest need a name and a phone we can call
 * (or none), and no phone twice, nor a name twice among the men without a phone. The lines kept, with their phones in international form, and the
 * problems by field. (Their answers to the event's questions: checkLines, below.)
 */
function readLines(lines: readonly PostedLine[]) {
  const errors: Record<string, string> = {};
  const kept: { index: number; line: number; full_name: string; phone_number: string | null }[] = [];
  const lineOfPhone = new Map<string, number>();
  const lineOfNameWithoutPhone = new Map<string, number>();
  lines.forEach((posted, index) => {
    const line = index + 1;
    const prefix = `men[${index}].`;
    const text = (name: string) => (typeof posted[name] === "string" ? singleSpaced((posted[name] as string).trim()) : "");
    const [name, typedPhone] = [text("full_name"), text("phone_number")];
    const answered = Object.entries(posted).some(([key, value]) => key.startsWith("answer_") && typeof value === "string" && value.trim());
    if (!name && !typedPhone && !answered) return;
    if (!name) errors[`${prefix}full_name`] = GROUP_MESSAGES.nameRequired(line);
    let phone: string | null = null;
    if (typedPhone) {
      phone = normalizePhone(typedPhone);
      if (!phone) errors[`${prefix}phone_number`] = GROUP_MESSAGES.phoneInvalid(line);
      else if (lineOfPhone.has(phone)) errors[`${prefix}phone_number`] = GROUP_MESSAGES.phoneTwice(line, lineOfPhone.get(phone)!);
      else lineOfPhone.set(phone, line);
    } else if (name) {
      // Registered on the leader's number: twice the same name there would be the same man twice.
      const first = lineOfNameWithoutPhone.get(nameKey(name));
      if (first) errors[`${prefix}full_name`] = GROUP_MESSAGES.nameTwice(line, first);
      else lineOfNameWithoutPhone.set(nameKey(name), line);
    }
    kept.push({ index, line, full_name: name, phone_number: phone });
  });
  return { errors, kept };
}

type Asked = Awaited<ReturnType<typeof questionsWithChoices>>;

/**
 * Every line checked (readLines), then each kept line's answers to the event's questions, named by
 * line and question: the men as they will be registered, and every problem by field.
 */
function checkLines(lines: readonly PostedLine[], { questions, associations }: Asked) {
  const { errors, kept } = readLines(lines);
  const men: (GroupMan & { line: number })[] = kept.map(({ index, line, full_name, phone_number }) => {
    const prefix = `men[${index}].`;
    const posted = lines[index] ?? {};
    const checked = checkAnswers(questions, (name) => posted[name.slice(prefix.length)], associations, prefix);
    for (const question of questions) {
      const field = answerFieldName(question.id, prefix);
      const problem = checked.errors[field];
      if (problem) errors[field] = GROUP_MESSAGES.answer(line, question.label, problem);
    }
    return { line, full_name, phone_number, answers: checked.answers };
  });
  return { errors, men };
}

/**
 * A refusal of the form's own fields (the leader's, the choice of what happens if not all fit)
 * also names the problems of the men's lines, their answers included, so a leader corrects
 * everything in one go.
 */
async function withLineProblems(done: PublicFormOutcome): Promise<PublicFormOutcome> {
  const result = done.answer.result;
  const posted = result.initialValue as { event_id?: unknown; men?: unknown } | undefined;
  if (done.status !== 400 || !Array.isArray(posted?.men)) return done;
  // The event's questions (none for an id that is not one): the form's own event_id was not checked yet.
  const eventId = Number(posted.event_id);
  const asked = await questionsWithChoices(Number.isSafeInteger(eventId) && eventId > 0 ? eventId : 0);
  const { errors } = checkLines(posted.men.map((line) => (typeof line === "object" && line !== null ? (line as PostedLine) : {})), asked);
  const error = { ...Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]])), ...result.error };
  return { ...done, answer: { ...done.answer, result: { ...result, error } } };
}

/** A group posted to /events/{id}/group: what it came to. */
export async function submitGroup(request: Request): Promise<PublicFormOutcome> {
  const read = await readPublicForm(request, serverGroupSchema, RULES);
  if ("done" in read) return await withLineProblems(read.done);
  const input = read.value;
  const payload = read.submission.payload as { men?: PostedLine[] };
  const about = await registrationContext(input.event_id);

  // Each line's name and phone, then its answers to the event's questions.
  const { errors, men } = checkLines(payload.men ?? [], about);
  if (!men.length) return refused(read, errors, GROUP_MESSAGES.noMen);
  if (Object.keys(errors).length) return refused(read, errors);

  // A group is one submission towards the event's limit per address (a secretary's 30 men are one form).
  const perEvent = { ...RATE_LIMITS.registrationPerEventAndAddress, limit: about.perAddressPerHour };
  if (about.event && !(await consumeRateLimit(perEvent, `${input.event_id}|${clientAddress(request)}`))) {
    return refused(read, {}, REGISTRATION_MESSAGES.eventRateLimited, 429);
  }
  const emails = about.event ? newRegistrationEmails(about.event, { email: null }, about.eventsAddress) : [];
  const result = await registerGroup({ ...input, men, address_group: await addressGroup(request) }, new Date(), emails);
  switch (result.outcome) {
    case "registered":
      sendAfterResponse(result.outboxIds, request);
      await bumpContentVersion();
    // falls through: a repeat (Register tapped twice) is answered as the first was
    case "repeated":
      return { answer: { result: { status: "success" }, toast: GROUP_MESSAGES.registered }, status: 200, redirect: true, redirectTo: groupPath(result.token) };
    case "men-taken": {
      const phones = new Set(result.phones);
      const names = new Set(result.names);
      // A man with a phone is known by it; one without, by his name on the leader's phone.
      const taken = men.filter((man) => (man.phone_number ? phones.has(man.phone_number) : names.has(nameKey(man.full_name))));
      const lines = Object.fromEntries(
        taken.map((man) =>
          man.phone_number ? [`men[${man.line - 1}].phone_number`, GROUP_MESSAGES.phoneTaken(man.line)] : [`men[${man.line - 1}].full_name`, GROUP_MESSAGES.nameTaken(man.line)],
        ),
      );
      return refused(read, lines, GROUP_MESSAGES.menTaken, 409);
    }
    case "names-seen": {
      // Asked, not refused: a line of the same man is removed; other men of the same name are ticked through.
      const names = new Set(result.names);
      const lines = men.filter((man) => !man.phone_number && names.has(nameKey(man.full_name)));
      const errors = Object.fromEntries(lines.map((man) => [`men[${man.line - 1}].full_name`, GROUP_MESSAGES.nameSeen(man.line)]));
      return refused(read, { ...errors, names_checked: GROUP_MESSAGES.namesChecked }, undefined, 409);
    }
    case "not-enough-places":
      return refused(read, {}, GROUP_MESSAGES.notEnoughPlaces(result.placesLeft, result.waitingList), 409);
    case "closed":
      return refused(read, {}, REGISTRATION_MESSAGES.closed, 409);
    case "event-not-found":
      return refused(read, {}, REGISTRATION_MESSAGES.eventNotFound, 404);
  }
}

/**
 * The page's action: "More lines" (a submit button, so it works without JavaScript) shows 10 more
 * lines with what was typed; a registered group goes on (303) to its private page; a refusal renders
 * the form again with the errors by line.
 */
export async function groupAction(request: Request, fallbackPath: string) {
  // An unreadable body is the public form's to refuse (below).
  const form = await readFormData(request.clone() as unknown as Request).catch((error: unknown) => {
    if (error instanceof BadRequest) return null;
    throw error;
  });
  if (form?.get("intent") === "more-lines") {
    const shown = Number(form.get("lines")) || undefined;
    // What was typed, and no errors: conform's reply to the posted form, without checking it.
    const result = parseSubmission(form, groupSchema).reply();
    const answer: FormAnswer & { lines: number } = { result: { ...result, status: "error", error: {} }, lines: linesToShow(shown, true) };
    return data(answer);
  }
  return answerPublicForm(request, await submitGroup(request), { fallbackPath, renderFailures: true });
}

/** A refused correction: the page again, that man's form open with what was typed and what is wrong. */
function refuseCorrection(submission: ReturnType<typeof parseSubmission>, id: number, refused: Omit<Refusal, "toast"> = {}, status = 400) {
  return data<CorrectionAnswer>({ ...refusal(submission, refused), correct: id }, { status, headers: PRIVATE_PAGE_HEADERS });
}

/**
 * "Save {name}'s details": a man of this group, not cancelled, while the group may still change,
 * gets the name and phone his leader typed, by the desk's rules and its one guarded statement
 * (editAtDesk: it lands only while his registration is as the page showed it). His e-mail stays.
 * Refused with what was typed: an invalid field, a phone the event already has (never saying
 * whose), or a page opened before someone changed him (the form then carries his new version).
 * Nothing visitors see changes, so the public pages' cache stays. Logged, its actor "private link".
 */
async function correctMan(request: Request, found: GroupWithMembers, form: FormData, back: string) {
  const now = new Date();
  const man = found.members.find((m) => String(m.id) === form.get("registration_id") && m.status !== "cancelled");
  if (!man || !groupMayChange(found.group, now)) return redirectWithToast(request, back, GROUP_MESSAGES.notCorrected, { status: 303 });
  const result = await correctFromLink(request, form, { id: man.id, event_id: found.group.event_id, full_name: man.full_name, phone_number: man.phone_number, email: man.email, own_phone: Boolean(man.has_phone) }, "his", now);
  switch (result.outcome) {
    case "not-found":
      return redirectWithToast(request, back, GROUP_MESSAGES.notCorrected, { status: 303 });
    case "refused":
      return refuseCorrection(result.submission, man.id, result.refused, result.status);
    case "edited":
      sendAfterResponse(result.outboxIds, request);
      return redirectWithToast(request, back, GROUP_MESSAGES.corrected(result.name), { status: 303 });
  }
}

const INVALID_LINK = { title: "Error", description: "This group link is not valid.", variant: "destructive" as const };

/**
 * The leader's page's action: correct one man's name and phone (correctMan), or cancel one man of
 * the group (the ordinary cancellation: one batch, the place goes to the first waiting, who hears
 * of it), or all of them at once (cancelGroup: one batch, and one promotion after all are
 * cancelled, so none of the group is moved up on the way).
 */
export async function groupPageAction(request: Request, token: string) {
  const form = await readFormData(request);
  const found = await groupByToken(token);
  const back = groupPath(token);
  if (!found) return redirectWithToast(request, back, INVALID_LINK, { status: 303 });
  if (form.get("intent") === CORRECT_INTENT) return await correctMan(request, found, form, back);
  if (form.get("intent") === "cancel-all") return await cancelWholeGroup(request, found, token, back);
  const man = found.members.find((m) => String(m.id) === form.get("registration_id") && m.status !== "cancelled");
  const result = man ? await cancelByToken(man.token, new Date(), cancellationNotes()) : null;
  if (!man || result?.outcome !== "cancelled") return redirectWithToast(request, back, result?.outcome === "too-late" ? GROUP_MESSAGES.tooLateToCancel : GROUP_MESSAGES.notCancelled, { status: 303 });
  await logLinkChange(request, "his", "Cancelled", { id: man.id, event_id: found.group.event_id, full_name: man.full_name });
  sendAfterResponse(result.outboxIds, request);
  if (result.stoppedBeingFull) await bumpContentVersion();
  return redirectWithToast(request, back, GROUP_MESSAGES.cancelledOne, { status: 303 });
}

/** "Yes, cancel the whole group": every man still registered, in one batch (cancelGroup); each logged, as one man's cancellation is. */
async function cancelWholeGroup(request: Request, found: GroupWithMembers, token: string, back: string) {
  const result = await cancelGroup(token, new Date(), cancellationNotes());
  switch (result.outcome) {
    case "cancelled":
      await logLinkChanges(request, "his", "Cancelled", found.group.event_id, result.cancelled);
      sendAfterResponse(result.outboxIds, request);
      if (result.stoppedBeingFull) await bumpContentVersion();
      return redirectWithToast(request, back, GROUP_MESSAGES.cancelledAll, { status: 303 });
    case "already-cancelled":
      return redirectWithToast(request, back, GROUP_MESSAGES.alreadyCancelledAll, { status: 303 });
    case "too-late":
      return redirectWithToast(request, back, GROUP_MESSAGES.tooLateToCancel, { status: 303 });
    case "not-found":
      return redirectWithToast(request, back, INVALID_LINK, { status: 303 });
  }
}
