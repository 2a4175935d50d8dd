// The delete, the Active switch, and the answer to a save that did not go through, of the admin's
// content forms (leadership, ministries, posts, testimonies, associations, events), one way for
// all: refuse a post without a record, run the write, note it in the activity log, and go back to
// the tab with the toast. They live with the routes because they compose features (the record's,
// accounts' activity log and kept forms, images, History's version guard).
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { adminContext, UNSAVED_FORM_PATH } from "~/features/accounts";
import { keepUnsavedForm, nameOf, noteActivity, recordName, replacedFieldsText, sameFields } from "~/features/accounts/index.server";
import { type LastSave, refuseStaleSave } from "~/features/history/index.server";
import { type ImageDecision, keepNewImage, releaseUnsavedImage } from "~/features/images/index.server";
import type { Toast } from "~/lib/toast";
import { because, deletedToast, errorToast, FAILED, goneToast, refuseFailedSave, type SaveOutcome, tried, UNKNOWN_ACTION } from "~/server/admin-actions.server";
import { redirectWithToast } from "~/server/toast.server";

/** The post a content form's action is answering: where it goes back to, and what the log calls the record. */
export type RecordPost = { request: Request; context: Readonly<RouterContextProvider>; tab: string; record: string; id: number | null };

/** A delete its feature refused, and why ("2 payments are recorded for it…"). */
export type DeleteRefused = { refused: string };

/**
 * Deletes the record: the answer, and the deleted row (null when nothing was deleted) so the
 * action can release the pictures it held. A delete the feature refuses says why, and deletes nothing.
 */
export async function deleteRecord<T extends object>(
  { request, context, tab, record, id }: RecordPost,
  messages: { deleted: Toast; deleteFailed: string },
  remove: (id: number) => Promise<T | DeleteRefused | undefined>,
): Promise<{ answer: Response; removed: T | null }> {
  if (id === null) return { answer: await redirectWithToast(request, tab, UNKNOWN_ACTION), removed: null };
  const outcome = await tried("delete", remove(id));
  if (outcome && outcome !== FAILED && "refused" in outcome) {
    return { answer: await redirectWithToast(request, tab, errorToast(because(messages.deleteFailed, outcome.refused))), removed: null };
  }
  const removed = outcome as T | undefined | typeof FAILED;
  const done = removed !== undefined && removed !== FAILED ? removed : null;
  if (done) noteActivity(context, { action: "Deleted", target: recordName(record, id, typeof done === "object" ? nameOf(done as Record<string, unknown>) : null) });
  return { answer: await redirectWithToast(request, tab, deletedToast(removed, messages)), removed: done };
}

/** Switches the record's Active flag (a new version of the record), and says which way it went. */
export async function toggleRecord(
  { request, context, tab, record, id }: RecordPost,
  messages: { toggleFailed: string; toggled: (active: boolean) => Toast },
  toggle: (id: number, by: string) => Promise<boolean | undefined>,
): Promise<Response> {
  if (id === null) return redirectWithToast(request, tab, UNKNOWN_ACTION);
  // A new version of the record: a form opened before the switch is refused, not saved over it.
  const active = await tried("toggle", toggle(id, context.get(adminContext).email));
  if (active === undefined || active === FAILED) return redirectWithToast(request, tab, errorToast(messages.toggleFailed));
  noteActivity(context, { action: active ? "Activated" : "Deactivated", target: recordName(record, id) });
  return redirectWithToast(request, tab, messages.toggled(active));
}

/**
 * A save of a record someone deleted while it was being edited (`failed`: the save's failure
 * message): what was typed is kept for this browser and the admin is led to it
 * (/admin/account/unsaved), to copy or to add again as a new record. Back to the tab when it
 * cannot be kept.
 */
export async function answerDeletedMeanwhile({ request, context, tab }: RecordPost, formData: FormData, failed: string): Promise<Response> {
  const kept = await keepUnsavedForm(request, formData, "deleted", context.get(adminContext).email);
  return redirectWithToast(request, kept ? UNSAVED_FORM_PATH : tab, goneToast(failed), kept ? { headers: { "Set-Cookie": kept } } : undefined);
}

/** What a save that did not go through is answered with: the form as posted and its words. */
export type UnsavedSave = {
  submission: Submission<unknown>;
  formData: FormData;
  /** The save's failure message (saveFailedMessage). */
  failed: string;
  /** The refusal of a stale save, naming who saved last and when (the form's MESSAGES.stale). */
  stale: (last: LastSave) => string;
  /** The picture the save brought; none for a form without one. */
  image?: ImageDecision;
  /** The field a unique constraint guards, and what it says when a save collides on it. */
  duplicate?: { field: string; message: string };
  /** The record as this action read it (`theirs`, after the other save) and what this save would write (`yours`): a stale refusal names the fields that differ. */
  compare?: { theirs: object | null | undefined; yours: object };
};

/** What saving again would replace (replacedFieldsText), when the action read their record. */
function differenceText(compare: UnsavedSave["compare"]): string {
  return compare?.theirs ? replacedFieldsText(compare.theirs as Record<string, unknown>, compare.yours as Record<string, unknown>) : "";
}

/** A save sent again whose first send had saved it. */
const ALREADY_SAVED: Toast = { title: "Already saved", description: "Your changes were saved the first time you sent them." };

/**
 * The answer to a save that did not go through (`saved` is stale, gone or failed). A stale save is
 * refused naming who saved and when, and a failed write (a slug already used, say) with what was
 * typed: both keep the new picture in the form (stored, so saving again shows it). A record deleted
 * meanwhile keeps what was typed (answerDeletedMeanwhile), with the picture when the form named it
 * (uploaded by the browser); a file posted without JavaScript cannot be kept there, so it is released.
 */
export function answerUnsaved(form: RecordPost, saved: Exclude<SaveOutcome<LastSave>, { status: "saved" }>, unsaved: UnsavedSave) {
  const { submission, formData, failed, stale, image, duplicate, compare } = unsaved;
  const kept = image ? keepNewImage(submission, image) : submission;
  // What is saved now is what this save holds: it had been saved (its answer was lost on the way), so it is not refused.
  if (saved.status === "stale" && compare?.theirs && sameFields(compare.theirs as Record<string, unknown>, compare.yours as Record<string, unknown>)) {
    return redirectWithToast(form.request, form.tab, ALREADY_SAVED);
  }
  if (saved.status === "stale") return refuseStaleSave(kept, saved.last, `${stale(saved.last)}${differenceText(compare)}`);
  if (saved.status === "gone") {
    if (image && formData.get("image_url") !== image.url) releaseUnsavedImage(form.context, image);
    return answerDeletedMeanwhile(form, formData, failed);
  }
  return refuseFailedSave(kept, saved.error, failed, duplicate);
}
