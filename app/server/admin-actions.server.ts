// The steps an admin entity's action is made of. Each action reads the post (readAdminPost), then
// calls the step its intent asks for: saveWithImage (create or update, settling the image),
// deleteWithImage, or toggleActive, each answering with the spec's toasts. Reading an action
// tells what it does; these say how.
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { firstErrors } from "~/forms/answer";
import type { ImageKind } from "~/lib/images";
import type { Toast } from "~/lib/toast";
import { isUniqueViolation, sqliteMessage } from "~/db/db.server";
import { BadRequest, readFormData, refuse, type Refusal } from "./forms.server";
import { deleteImageSet, ImageRejected, isStoredImageUrl, MAX_IMAGE_BYTES, storeOriginalImage } from "./image-store.server";
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

export type SaveStep<Value, Input> = {
  post: AdminPost;
  submission: Submission<unknown, string[], Value> & { status: "success" };
  /** Where uploads go; omit for records without an image. */
  imageKind?: ImageKind;
  /** The stored record's image, or undefined when the record does not exist. */
  current: (id: number) => Promise<{ image_url: string | null } | undefined>;
  toInput: (value: Value, imageUrl: string | null) => Input;
  create: (input: Input) => Promise<number>;
  /**
   * False when the record no longer exists (a save racing a delete); a `notice` is added to the
   * 'updated' toast (something the admin should know about what was saved).
   */
  update: (id: number, input: Input) => Promise<boolean | { notice: string }>;
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

/** Creates or updates the record, settling its image: new ones stored, replaced ones removed. */
export async function saveWithImage<Value, Input>(request: Request, context: Context, step: SaveStep<Value, Input>) {
  const { post, submission, messages } = step;
  const { id } = post;
  const waitUntil = context.get(requestContext).waitUntil;
  const failure = id === null ? messages.createFailed : messages.updateFailed;
  const gone = () => redirectWithToast(request, step.back, errorToast(because(failure, "this record no longer exists.")));

  const previous = id === null ? null : await step.current(id);
  if (id !== null && !previous) return gone();
  const image = step.imageKind
    ? await decideImage(post.formData, step.imageKind, previous?.image_url ?? null)
    : { url: null, uploadError: null };
  const dropNewImage = () => {
    if (image.url && image.url !== (previous?.image_url ?? null)) waitUntil(deleteImageSet(image.url));
  };

  let notice: string | null = null;
  try {
    const input = step.toInput(submission.value, image.url);
    if (id === null) {
      await step.create(input);
    } else {
      const updated = await step.update(id, input);
      if (!updated) {
        dropNewImage();
        return gone();
      }
      if (typeof updated === "object") notice = updated.notice;
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

  if (previous && previous.image_url !== image.url) waitUntil(deleteImageSet(previous.image_url));
  const toast: Toast = image.uploadError
    ? {
        title: "Upload Error",
        description: [messages.uploadFailed, image.uploadError, "The rest was saved; the image was not changed."].filter(Boolean).join(" "),
        variant: "destructive",
      }
    : id === null
      ? messages.created
      : notice
        ? { ...messages.updated, description: [messages.updated.description, notice].filter(Boolean).join(" ") }
        : messages.updated;
  return redirectWithToast(request, step.back, toast);
}

export type DeleteStep = {
  post: AdminPost;
  /** The removed record's image, or undefined when there was nothing to remove. */
  remove: (id: number) => Promise<{ image_url: string | null } | undefined>;
  back: string;
  deleted: Toast;
  failed: string;
};

/** Deletes the record, then its image. */
export async function deleteWithImage(request: Request, context: Context, { post, remove, back, deleted, failed }: DeleteStep) {
  if (post.id === null) return redirectWithToast(request, back, errorToast("Unknown action."));
  try {
    const removed = await remove(post.id);
    if (!removed) return redirectWithToast(request, back, errorToast(because(failed, "it no longer exists.")));
    context.get(requestContext).waitUntil(deleteImageSet(removed.image_url));
    return redirectWithToast(request, back, deleted);
  } catch (cause) {
    console.error("delete failed", cause);
    return redirectWithToast(request, back, errorToast(failed));
  }
}

export type ToggleStep = {
  post: AdminPost;
  /** The new state, or undefined when the record does not exist. */
  toggle: (id: number) => Promise<boolean | undefined>;
  back: string;
  toggled: (active: boolean) => Toast;
  failed: string;
};

/** Flips the record's `active` (from the list's toggle button). */
export async function toggleActive(request: Request, { post, toggle, back, toggled, failed }: ToggleStep) {
  if (post.id === null) return redirectWithToast(request, back, errorToast("Unknown action."));
  try {
    const active = await toggle(post.id);
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
