// /admin/events/new and /admin/events/edit/:id on the server: the event the form starts from, and
// the save and delete its posts ask for.
import { EVENT_MESSAGES as MESSAGES, eventNotices, eventFieldsOf, eventFormSchema, holdStartedNotice } from "~/features/events";
import { adminTabHref } from "~/lib/admin-tabs";
import { feeOf } from "~/lib/money";
import { createEvent, deleteEvent, eventMoneyRecorded, type EventInput, eventFormPage, getEvent, movedUpNote, associationChoices, saveEventQuestions, type UnpaidHolds, updateEvent } from "~/features/events/index.server";
import { type LastSave, type SaveGuard, saveGuard, saveKindOf, savedToast } from "~/features/history/index.server";
import { adminContext } from "~/features/accounts";
import { noteSaved } from "~/features/accounts/index.server";
import { decideImage, releaseImages, releaseReplacedImages, uploadErrorToast, withStoredImageOnly } from "~/features/images/index.server";
import {
  created,
  invalidFormToast,
  readAdminPost,
  recordIdOf,
  recordToEdit,
  refuseAdminForm,
  saveFailedMessage,
  type SaveOutcome,
  UNREADABLE_FORM,
} from "~/server/admin-actions.server";
import { redirectWithToast } from "~/server/toast.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { parseSubmission } from "~/server/forms.server";
import { answerDeletedMeanwhile, answerUnsaved, deleteRecord } from "../record-actions.server";
import type { Route } from "./+types/event-form";

const TAB = adminTabHref("events");
type QuestionsSaved = Awaited<ReturnType<typeof saveEventQuestions>>;
/**
 * What a save came to, with how many are confirmed after an update and the men whose hours to pay it
 * started (for the toast), and its questions before and after (for the log).
 */
type Saved = SaveOutcome<LastSave> & { confirmed?: number; holdStarted?: UnpaidHolds | null; questions?: QuestionsSaved };
/** What the activity log calls a record of this form. */
const RECORD = "event";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = recordIdOf(params.id);
  // The registration questions it asks, and whether the directory has associations for the built-in one.
  if (id === null) return { event: null, questions: [], hasAssociations: (await associationChoices()).length > 0 };
  const page = await recordToEdit(request, id !== undefined && eventFormPage(id), { path: TAB, message: MESSAGES.loadFailed });
  return { event: page.event, questions: page.questions, hasAssociations: page.associations.length > 0 };
}

/**
 * The update. More places move people up from the waiting list, in the save's batch: they hear of
 * it. Lowering the capacity below the places taken moves nobody back: the outcome says how many
 * are confirmed, for the toast. Refused (stale) when someone saved the event after this form was opened.
 */
async function updateMovingUp(request: Request, id: number, input: EventInput, guard: SaveGuard): Promise<Saved> {
  try {
    const saved = await updateEvent(id, input, guard, new Date(), movedUpNote());
    if ("stale" in saved) return saved.stale ? { status: "stale", last: saved.stale } : { status: "gone" };
    sendAfterResponse(saved.outboxIds, request);
    return { status: "saved", id, released: [], confirmed: saved.confirmed, holdStarted: saved.holdStarted };
  } catch (error) {
    return { status: "failed", error };
  }
}

/** The questions' save after the event's: a failure reads as the save's. */
async function savedQuestions(saved: Saved & { status: "saved" }, questions: Parameters<typeof saveEventQuestions>[1]): Promise<Saved> {
  try {
    return { ...saved, questions: await saveEventQuestions(saved.id, questions) };
  } catch (error) {
    return { status: "failed", error };
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;
  const { id, formData } = post;

  const form = { request, context, tab: TAB, record: RECORD, id };
  if (post.intent === "delete") {
    const { answer, removed } = await deleteRecord(form, MESSAGES, deleteEvent);
    if (removed) releaseImages(context, [removed.image_url]);
    return answer;
  }

  const submission = withStoredImageOnly(parseSubmission(formData, eventFormSchema));
  if (submission.status !== "success") return refuseAdminForm(submission);

  const kind = saveKindOf(post);
  const failed = saveFailedMessage(kind, MESSAGES);
  const previous = id === null ? null : await getEvent(id);
  if (previous === undefined) return answerDeletedMeanwhile(form, formData, failed);
  const guard = saveGuard(post, context.get(adminContext).email);
  if (!guard) return refuseAdminForm(submission, invalidFormToast, { formError: UNREADABLE_FORM });
  // A fee men have paid stays: their payments are counted against it.
  if (id !== null && !feeOf(submission.value.price) && feeOf(previous?.price) && (await eventMoneyRecorded(id))) {
    return refuseAdminForm(submission, invalidFormToast, { fieldErrors: { price: [MESSAGES.feeKept] } });
  }
  const image = await decideImage(formData, "event", previous?.image_url ?? null);
  const input: EventInput = { ...eventFieldsOf(submission.value), image_url: image.url };
  const eventSaved: Saved = id === null ? await created(createEvent(input, guard.by)) : await updateMovingUp(request, id, input, guard);
  // Refused at its own version: not someone's save but a payment recorded as the fee was removed.
  if (eventSaved.status === "stale" && eventSaved.last.version === guard.version) return refuseAdminForm(submission, invalidFormToast, { fieldErrors: { price: [MESSAGES.feeKept] } });
  // Its registration questions, once the event is saved (answers are never touched).
  const saved = eventSaved.status === "saved" ? await savedQuestions(eventSaved, submission.value) : eventSaved;
  if (saved.status !== "saved") return answerUnsaved(form, saved, { submission, formData, failed, stale: MESSAGES.stale, image, compare: { theirs: previous, yours: input } });

  // The log names a change of questions too ('Changed: questions').
  noteSaved(context, kind, RECORD, saved.id, previous && { ...previous, questions: saved.questions?.before }, { ...input, questions: saved.questions?.after });
  releaseReplacedImages(context, image, saved.released);
  const confirmed = saved.confirmed ?? 0;
  // "Hours to pay" set or changed with men unpaid: how many now have until when.
  const notices = [...eventNotices(input, confirmed, new Date()), ...(saved.holdStarted?.men ? [holdStartedNotice(saved.holdStarted)] : [])];
  const notice = notices.length ? [MESSAGES[kind === "create" ? "created" : "updated"].description, ...notices].join(" ") : undefined;
  // A new date, end or place of an event people hold places at: offer to tell them (issue 24), on the message page.
  const moved =
    previous &&
    id !== null &&
    confirmed > 0 &&
    (previous.date !== input.date || (previous.ends_at ?? null) !== (input.ends_at ?? null) || (previous.location ?? null) !== (input.location ?? null));
  const next = moved ? `/admin/events/${id}/message?about=change` : TAB;
  return redirectWithToast(request, next, uploadErrorToast(image, MESSAGES.uploadFailed) ?? savedToast(kind, MESSAGES, notice));
}
