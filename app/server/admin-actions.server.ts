// The steps an admin entity's action is made of. Each action reads the post (readAdminPost), then
// calls the step its intent asks for: saveWithImage (create or update, settling the image; a
// restore of an earlier version is a save too), deleteWithImage, or toggleActive, each answering
// with the spec's toasts. Reading an action tells what it does; these say how.
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { adminContext } from "~/features/accounts";
import { requestContext } from "~/server/request-context";
import { firstErrors } from "~/lib/form-answer";
import { RESTORE_INTENT, RESTORED } from "~/features/history";
import type { ImageKind } from "~/features/images";
import type { Toast } from "~/lib/toast";
import { isUniqueViolation, sqliteMessage } from "~/db/db.server";
import type { GuardedSave, LastSave, SaveGuard } from "~/features/history/index.server";
import { BadRequest, readFormData, refuse, type Refusal } from "./forms.server";
import { ImageRejected, isStoredImageUrl, MAX_IMAGE_BYTES, releasePictures, storeOriginalImage } from "~/features/images/index.server";
import { changedFields, noteActivity, recordName } from "~/features/accounts/index.server";
import { redirectWithToast } from "./toast.server";

/** Admin forms may carry one original image when posted without JavaScript. */
export const MAX_ADMIN_FORM_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

type Context = Readonly<RouterContextProvider>;

export const errorToast = (description: string): Toast => ({ title: "Error", description, variant: "destructive" });

/** The spec's toast for a refused form: 'Error' with the first thing that is wrong. */
export function invalidFormToast(errors: Record<string, string>): Toast {
  return errorToast(errors[""] ?? Object.values(errors)[0] ?? "Please check the form.");
}

/**
 * A failure message with its reason: "Failed to update testimony: this record no longer exists."
 * A fallback worded as advice ("... Please try again.") drops the advice, which would not help.
 */
const because = (message: string, reason: string) => `${message.replace(/\.?( Please try again\.)?$/, "")}: ${reason}`;

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
    return { refused: refuse(null, { formError: error.message, toast: errorToast(error.message) }, error.status) };
  }
  const id = recordIdOf(idParam);
  if (id === undefined) return { refused: await redirectWithToast(request, back, errorToast("That record does not exist.")) };
  return { formData, intent: intentOf(formData), id } satisfies AdminPost;
}

/**
 * A refused admin form: the page shows the errors and what was typed, with the form's toast. An
 * image the browser already uploaded is kept (so a refused save does not lose it), nothing else.
 */
export function refuseAdminForm(
  submission: Submission<unknown>,
  invalidToast: (errors: Record<string, string>) => Toast = invalidFormToast,
  refusal: Omit<Refusal, "toast"> = {},
  status = 400,
) {
  const imageUrl = submission.payload.image_url;
  if (typeof imageUrl === "string" && !isStoredImageUrl(imageUrl)) delete submission.payload.image_url;
  const extra = { ...(refusal.formError ? { "": [refusal.formError] } : {}), ...refusal.fieldErrors };
  const errors = { ...firstErrors(submission.reply()), ...firstErrors({ error: extra }) };
  return refuse(submission, { ...refusal, toast: invalidToast(errors) }, status);
}

type ImageDecision = { url: string | null; uploadError: string | null };

/**
 * The record's image after this save: a file posted without JavaScript, 'remove', a bundled
 * sample, or the URL the browser uploaded to. Anything unrecognised keeps the previous image, and
 * a refused file keeps it too (the save goes on and the admin sees 'Upload Error').
 */
export async function decideImage(formData: FormData, kind: ImageKind, previous: string | null): Promise<ImageDecision> {
  const file = formData.get("image_file");
  if (file instanceof File && file.size > 0) {
    try {
      return { url: await storeOriginalImage(kind, file), uploadError: null };
    } catch (error) {
      if (error instanceof ImageRejected) return { url: previous, uploadError: error.message };
      throw error;
    }
  }
  if (formData.get("image_remove") === "1") return { url: null, uploadError: null };
  for (const field of ["image_sample", "image_url"]) {
    const value = formData.get(field);
    if (typeof value !== "string" || value === "") continue;
    return { url: isStoredImageUrl(value) ? value : previous, uploadError: null };
  }
  return { url: null, uploadError: null };
}

/** A record's name as people know it: its name, title, full name or author. */
function nameOf(fields: Record<string, unknown>): string | null {
  const name = fields.name ?? fields.title ?? fields.full_name ?? fields.author;
  return typeof name === "string" ? name : null;
}

export type SaveStep<Value, Input> = {
  post: AdminPost;
  /** What the activity log calls such a record ('event', 'blog post'). */
  record: string;
  submission: Submission<unknown, string[], Value> & { status: "success" };
  /** Where uploads go; omit for records without an image. */
  imageKind?: ImageKind;
  /** The stored record's image, or undefined when the record does not exist. */
  current: (id: number) => Promise<{ image_url: string | null } | undefined>;
  toInput: (value: Value, imageUrl: string | null) => Input;
  /** `by`: the signed-in admin's e-mail, for records that keep who saved them. */
  create: (input: Input, by: string) => Promise<number>;
  /**
   * False when the record no longer exists (a save racing a delete). Records that keep their
   * history (`stale` set) check the form's version in the save itself (`guard`) and answer a GuardedSave.
   */
  update: (id: number, input: Input, guard: SaveGuard) => Promise<boolean | GuardedSave>;
  /**
   * Records that keep their history: the form carries the version it was opened at (`version`),
   * and a save from an older one is refused with this message, naming who saved and when.
   */
  stale?: (last: LastSave) => string;
  /** What the success toast adds about this save, e.g. 'Saved as a draft'. */
  describe?: (input: Input) => string | undefined;
  /** The list a successful save returns to (and a save of a deleted record). */
  back: string;
  messages: {
    created: Toast;
    updated: Toast;
    createFailed: string;
    updateFailed: string;
    /** Opens the 'Upload Error' toast when a posted file is refused (the event form's wording). */
    uploadFailed?: string;
    /** The field a unique-constraint failure is about (a slug taken meanwhile), and what to say. */
    duplicate?: { field: string; message: string };
  };
};

const RESTORE_FAILED = "Failed to restore this version";
const UNREADABLE_FORM = "The form could not be read. Please reload the page.";

/** The version an edit form was opened at (its hidden `version` field), or null when it carries none. */
function formVersion(formData: FormData): number | null {
  const value = formData.get("version");
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** An update's answer as a GuardedSave (records without history answer true or false). */
const asGuardedSave = (outcome: boolean | GuardedSave): GuardedSave =>
  typeof outcome === "boolean" ? (outcome ? { saved: true, released: [] } : { saved: false, last: null }) : outcome;

/**
 * Creates or updates the record, settling its image: new ones stored; a replaced one deleted
 * once nothing refers to it (a kept version may). A save from a form opened before someone else's
 * save is refused with who saved and when, keeping what was typed; saving again then replaces
 * theirs, which stays in History.
 */
export async function saveWithImage<Value, Input>(request: Request, context: Context, step: SaveStep<Value, Input>) {
  const { post, submission, messages } = step;
  const { id } = post;
  const waitUntil = context.get(requestContext).waitUntil;
  const restoring = id !== null && post.intent === RESTORE_INTENT;
  const failure = id === null ? messages.createFailed : restoring ? RESTORE_FAILED : messages.updateFailed;
  const gone = () => redirectWithToast(request, step.back, errorToast(because(failure, "this record no longer exists.")));

  const previous = id === null ? null : await step.current(id);
  if (id !== null && !previous) return gone();
  const version = formVersion(post.formData);
  if (id !== null && step.stale && version === null) return refuseAdminForm(submission, invalidFormToast, { formError: UNREADABLE_FORM });
  const guard: SaveGuard = { version: version ?? 0, by: context.get(adminContext).email };
  const image = step.imageKind
    ? await decideImage(post.formData, step.imageKind, previous?.image_url ?? null)
    : { url: null, uploadError: null };
  const isNewImage = image.url !== null && image.url !== (previous?.image_url ?? null);
  const dropNewImage = () => {
    if (isNewImage) waitUntil(releasePictures([image.url]));
  };

  let input: Input;
  let released: string[] = [];
  let savedId = id;
  try {
    input = step.toInput(submission.value, image.url);
    if (id === null) {
      savedId = await step.create(input, guard.by);
    } else {
      const outcome = asGuardedSave(await step.update(id, input, guard));
      if (!outcome.saved && outcome.last && step.stale) {
        // Keep the picture this save brought (the admin will save again), and offer the current
        // version, so saving again is a deliberate choice to replace theirs.
        if (isNewImage) submission.payload.image_url = image.url!;
        submission.payload.version = String(outcome.last.version);
        return refuseAdminForm(submission, invalidFormToast, { formError: step.stale(outcome.last) }, 409);
      }
      if (!outcome.saved) {
        dropNewImage();
        return gone();
      }
      released = outcome.released;
    }
  } catch (cause) {
    dropNewImage();
    if (messages.duplicate && isUniqueViolation(cause)) {
      const { field, message } = messages.duplicate;
      return refuseAdminForm(submission, invalidFormToast, { fieldErrors: { [field]: [message] } }, 409);
    }
    console.error("save failed", sqliteMessage(cause));
    return refuseAdminForm(submission, invalidFormToast, { formError: failure }, 500);
  }

  const fields = input as Record<string, unknown>;
  noteActivity(context, {
    action: id === null ? "Created" : restoring ? "Restored an earlier version of" : "Updated",
    target: recordName(step.record, savedId, nameOf(fields)),
    summary: id === null ? "" : changedFields(previous as Record<string, unknown> | null, fields),
  });
  const replaced = previous && previous.image_url !== image.url ? previous.image_url : null;
  if (replaced || released.length) waitUntil(releasePictures([replaced, ...released]));
  const saved = id === null ? messages.created : messages.updated;
  const description = restoring ? RESTORED : step.describe?.(input);
  const toast: Toast = image.uploadError
    ? {
        title: "Upload Error",
        description: [messages.uploadFailed, image.uploadError, "The rest was saved; the image was not changed."].filter(Boolean).join(" "),
        variant: "destructive",
      }
    : description
      ? { ...saved, description }
      : saved;
  return redirectWithToast(request, step.back, toast);
}

export type DeleteStep = {
  post: AdminPost;
  record: string;
  /**
   * The removed record's image (and those of its kept versions, `released`), or undefined when
   * there was nothing to remove.
   */
  remove: (id: number) => Promise<{ image_url: string | null; released?: string[] } | undefined>;
  back: string;
  deleted: Toast;
  failed: string;
};

/** Deletes the record, then its images (each once nothing else refers to it). */
export async function deleteWithImage(request: Request, context: Context, { post, record, remove, back, deleted, failed }: DeleteStep) {
  if (post.id === null) return redirectWithToast(request, back, errorToast("Unknown action."));
  try {
    const removed = await remove(post.id);
    if (!removed) return redirectWithToast(request, back, errorToast(because(failed, "it no longer exists.")));
    noteActivity(context, { action: "Deleted", target: recordName(record, post.id) });
    context.get(requestContext).waitUntil(releasePictures([removed.image_url, ...(removed.released ?? [])]));
    return redirectWithToast(request, back, deleted);
  } catch (cause) {
    console.error("delete failed", cause);
    return redirectWithToast(request, back, errorToast(failed));
  }
}

export type ToggleStep = {
  post: AdminPost;
  record: string;
  /** The new state, or undefined when the record does not exist. */
  toggle: (id: number) => Promise<boolean | undefined>;
  back: string;
  toggled: (active: boolean) => Toast;
  failed: string;
};

/** Flips the record's `active` (from the list's toggle button). */
export async function toggleActive(request: Request, context: Context, { post, record, toggle, back, toggled, failed }: ToggleStep) {
  if (post.id === null) return redirectWithToast(request, back, errorToast("Unknown action."));
  try {
    const active = await toggle(post.id);
    if (active !== undefined) noteActivity(context, { action: active ? "Activated" : "Deactivated", target: recordName(record, post.id) });
    return redirectWithToast(request, back, active === undefined ? errorToast(failed) : toggled(active));
  } catch (cause) {
    console.error("toggle failed", cause);
    return redirectWithToast(request, back, errorToast(failed));
  }
}

/**
 * The record an edit form starts from: null for 'new', the record for a valid id; a missing
 * record or a failed read goes back with the spec's toast instead.
 */
export async function loadForEdit<T>(
  request: Request,
  idParam: string | undefined,
  load: (id: number) => Promise<T | undefined>,
  onFailure: { path: string; message: string },
): Promise<T | null> {
  const id = recordIdOf(idParam);
  if (id === null) return null;
  let record: T | undefined;
  try {
    record = id === undefined ? undefined : await load(id);
  } catch (cause) {
    console.error("load for edit failed", cause);
  }
  if (record === undefined) throw await redirectWithToast(request, onFailure.path, errorToast(onFailure.message));
  return record;
}
