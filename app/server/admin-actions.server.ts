// The generic steps admin actions are made of, each a plain function that returns a value: read
// the post (readAdminPost), refuse a form (refuseAdminForm), run a write and see how it went
// (tried, created, updated), and the spec's toasts. An entity's action calls them in order; the
// steps that need a feature (the image, the activity log, the version guard) are in those features.
import type { Submission } from "@conform-to/react";
import { firstErrors } from "~/lib/form-answer";
import type { Toast } from "~/lib/toast";
import { isUniqueViolation, sqliteMessage } from "~/db/db.server";
import { BadRequest, readFormData, refuse, type Refusal } from "./forms.server";
import { redirectWithToast } from "./toast.server";

/**
 * Admin forms may carry one original image when posted without JavaScript. A picture may be 5 MB
 * (the images feature's MAX_IMAGE_BYTES), but the body is read up to a phone photo's size, so one
 * too big is refused by the image's own rule (the rest saved, a toast says so), not by a refusal
 * that drops everything typed, or a connection the browser sees cut mid-upload.
 */
export const MAX_ADMIN_FORM_BYTES = 20 * 1024 * 1024;

/** An admin form too large to read: in practice a picture of many megabytes chosen without JavaScript. */
export const ADMIN_FORM_TOO_LARGE =
  "That picture is too large to send (pictures can be at most 5 MB), so nothing was saved. Go back to keep what you typed, and choose a smaller picture.";

export const errorToast = (description: string): Toast => ({ title: "Error", description, variant: "destructive" });

/** The toast of a post whose intent needs a record and names none. */
export const UNKNOWN_ACTION = errorToast("Unknown action.");

/** The refusal of an edit form that carries no version (records that keep their history). */
export const UNREADABLE_FORM = "The form could not be read. Please reload the page.";

/** The spec's toast for a refused form: 'Error' with the first thing that is wrong, and how many more the form marks. */
export function invalidFormToast(errors: Record<string, string>): Toast {
  const first = errors[""] ?? Object.values(errors)[0] ?? "Please check the form.";
  // On a long form a phone shows one screen: the toast says there is more to put right below.
  const more = Object.keys(errors).length - 1;
  return errorToast(more > 0 ? `${first} (and ${more} more ${more === 1 ? "problem" : "problems"}, marked on the form)` : first);
}

/**
 * A failure message with its reason: "Failed to update testimony: this record no longer exists."
 * A fallback worded as advice ("... Please try again.") drops the advice, which would not help.
 */
export const because = (message: string, reason: string) => `${message.replace(/\.?( Please try again\.)?$/, "")}: ${reason}`;

/** A route's numeric id parameter, or null. */
export function parseId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The record a form route is for: null to create one (no id, or 'new': SPEC section 2), the id to
 * edit one, undefined when the parameter names no record at all.
 */
export function recordIdOf(param: string | undefined): number | null | undefined {
  if (param === undefined || param === "new") return null;
  return parseId(param) ?? undefined;
}

export function intentOf(formData: FormData): string {
  const intent = formData.get("intent");
  return typeof intent === "string" ? intent : "save";
}

/**
 * The record an edit form starts from (`read`: its read, false when the id names none); a missing
 * record or a failed read goes back with the spec's toast instead.
 */
export async function recordToEdit<T>(request: Request, read: Promise<T | undefined> | false, back: { path: string; message: string }): Promise<T> {
  let record: T | undefined;
  try {
    record = read ? await read : undefined;
  } catch (cause) {
    console.error("load for edit failed", cause);
  }
  if (record === undefined) throw await redirectWithToast(request, back.path, errorToast(back.message));
  return record;
}

export type AdminPost = { formData: FormData; intent: string; id: number | null };

/**
 * Step 1 of every admin form action: the post's body (bounded, images included), its intent and
 * the record it is for. What cannot go on answers at once (`refused`).
 */
export async function readAdminPost(request: Request, idParam: string | undefined, back: string) {
  let formData: FormData;
  try {
    formData = await readFormData(request, MAX_ADMIN_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    // Too large to read is a picture sent as it is (no JavaScript to make it smaller): say so, and how to keep what was typed.
    const message = error.status === 413 ? ADMIN_FORM_TOO_LARGE : error.message;
    return { refused: refuse(null, { formError: message, toast: errorToast(message) }, error.status) };
  }
  const id = recordIdOf(idParam);
  if (id === undefined) return { refused: await redirectWithToast(request, back, errorToast("That record does not exist.")) };
  return { formData, intent: intentOf(formData), id } satisfies AdminPost;
}

/** A refused admin form: the page shows the errors and what was typed, with the form's toast. */
export function refuseAdminForm(
  submission: Submission<unknown>,
  invalidToast: (errors: Record<string, string>) => Toast = invalidFormToast,
  refusal: Omit<Refusal, "toast"> = {},
  status = 400,
) {
  const extra = { ...(refusal.formError ? { "": [refusal.formError] } : {}), ...refusal.fieldErrors };
  const errors = { ...firstErrors(submission.reply()), ...firstErrors({ error: extra }) };
  return refuse(submission, { ...refusal, toast: invalidToast(errors) }, status);
}

/** Marks a write that threw: the action answers it instead of failing the request. */
export const FAILED = Symbol("failed");

/** Runs a write (a delete, a toggle): its result, or FAILED (logged as `what` failed) when it threw. */
export async function tried<T>(what: string, write: Promise<T>): Promise<T | typeof FAILED> {
  try {
    return await write;
  } catch (cause) {
    console.error(`${what} failed`, cause);
    return FAILED;
  }
}

/** A save: a create, an update, or a restore of an earlier version (saved like an update). */
export type SaveKind = "create" | "update" | "restore";

/**
 * What a create or update came to: saved (the record's id; the pictures of versions dropped from
 * the kept window, which may now be released), gone (deleted meanwhile), stale (the record was
 * saved after the form was opened: its last save), or failed (what was thrown).
 */
export type SaveOutcome<Last = never> =
  | { status: "saved"; id: number; released: string[] }
  | { status: "gone" }
  | ([Last] extends [never] ? never : { status: "stale"; last: Last })
  | { status: "failed"; error: unknown };

/** A create's outcome. */
export async function created(write: Promise<number>): Promise<SaveOutcome> {
  try {
    return { status: "saved", id: await write, released: [] };
  } catch (error) {
    return { status: "failed", error };
  }
}

/** An update's outcome, for records without history (the write answers whether the record was there). */
export async function updated(id: number, write: Promise<boolean>): Promise<SaveOutcome> {
  try {
    return (await write) ? { status: "saved", id, released: [] } : { status: "gone" };
  } catch (error) {
    return { status: "failed", error };
  }
}

/** What a save says when it fails, by its kind. */
export function saveFailedMessage(kind: SaveKind, messages: { createFailed: string; updateFailed: string }): string {
  return kind === "create" ? messages.createFailed : kind === "restore" ? "Failed to restore this version" : messages.updateFailed;
}

/** The toast of a save whose record no longer exists (a save racing a delete). */
export const goneToast = (failed: string) => errorToast(because(failed, "this record no longer exists."));

/**
 * A save that threw: a unique constraint (a slug taken meanwhile) on its field when the form says
 * which (`duplicate`), otherwise the failure message. What was typed stays.
 */
export function refuseFailedSave(submission: Submission<unknown>, error: unknown, failed: string, duplicate?: { field: string; message: string }) {
  if (duplicate && isUniqueViolation(error)) return refuseAdminForm(submission, invalidFormToast, { fieldErrors: { [duplicate.field]: [duplicate.message] } }, 409);
  console.error("save failed", sqliteMessage(error));
  return refuseAdminForm(submission, invalidFormToast, { formError: failed }, 500);
}

/** A delete's toast: done, or why not (failed, or nothing left to delete). */
export function deletedToast(removed: unknown, messages: { deleted: Toast; deleteFailed: string }): Toast {
  if (removed === FAILED) return errorToast(messages.deleteFailed);
  return removed ? messages.deleted : errorToast(because(messages.deleteFailed, "it no longer exists."));
}
