// What the five content managers share on the server: one action per entity route that saves
// (create or update), toggles `active` and deletes, with the spec's toasts; and one loader helper
// that reads a record for its edit form. Entities differ only in their config.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { adminTabHref, type AdminTab } from "~/lib/admin-tabs";
import type { FieldErrors, FormValues } from "~/lib/forms";
import type { ImageKind } from "~/lib/images";
import type { Toast } from "~/lib/toast";
import { requestContext } from "~/context";
import { sqliteMessage, isUniqueViolation } from "./db.server";
import { adminFormFailure, decideImage, intentOf, parseId, readAdminForm, validateAdminForm } from "./admin-form.server";
import { deleteImageSet } from "./image-store.server";
import { redirectWithToast } from "./toast.server";

const error = (description: string): Toast => ({ title: "Error", description, variant: "destructive" });

/**
 * A failure message with its reason: "Failed to update testimony: this record no longer exists."
 * A fallback worded as advice ("... Please try again.") drops the advice, which would not help.
 */
const because = (message: string, reason: string) => `${message.replace(/\.?( Please try again\.)?$/, "")}: ${reason}`;

export type EntityConfig<S extends z.ZodObject, Input> = {
  tab: AdminTab;
  schema: S;
  /** Where uploads for this entity go; omit for entities without an image. */
  imageKind?: ImageKind;
  /** Turns the validated form into what the model stores (e.g. local time to UTC). */
  toInput: (data: z.output<S>, imageUrl: string | null) => Input;
  messages: {
    created: Toast;
    updated: Toast;
    createFailed: string;
    updateFailed: string;
    deleted?: Toast;
    deleteFailed?: string;
    /** Opens the 'Upload Error' toast when a file posted with the form is refused (the event form's wording). */
    uploadFailed?: string;
    /** The message for a failed form check, fixed or worded from the errors (the leadership form has its own wording). */
    invalid?: Toast | ((errors: FieldErrors) => Toast);
    /** Field errors for a unique-constraint failure (slug collisions). */
    duplicate?: { field: string; message: string };
    toggled?: (active: boolean) => Toast;
    toggleFailed?: string;
  };
  /** Where a successful save goes (default: the entity's tab on /admin). */
  successPath?: string;
  model: {
    /** The current image, or undefined when the record does not exist. */
    imageOf: (id: number) => Promise<{ image_url: string | null } | undefined>;
    create: (input: Input) => Promise<number>;
    /** False when the record no longer exists (a save racing a delete). */
    update: (id: number, input: Input) => Promise<boolean>;
    /** The removed record's image, or undefined when there was nothing to remove. */
    remove?: (id: number) => Promise<{ image_url: string | null } | undefined>;
    /** The new state, or undefined when the record does not exist. */
    toggleActive?: (id: number) => Promise<boolean | undefined>;
  };
};

type ActionArgs = { request: Request; params: { id?: string }; context: Readonly<RouterContextProvider> };

export async function entityAction<S extends z.ZodObject, Input>(config: EntityConfig<S, Input>, { request, params, context }: ActionArgs) {
  const { messages, model } = config;
  const back = adminTabHref(config.tab);
  const formData = await readAdminForm(request);
  if (!(formData instanceof FormData)) return formData;
  const id = params.id === undefined ? null : parseId(params.id);
  if (params.id !== undefined && id === null) return redirectWithToast(request, back, error("That record does not exist."));
  const waitUntil = context.get(requestContext).waitUntil;
  const intent = intentOf(formData);

  if (intent === "delete" && model.remove && id !== null) {
    try {
      const removed = await model.remove(id);
      if (!removed) return redirectWithToast(request, back, error(because(messages.deleteFailed!, "it no longer exists.")));
      waitUntil(deleteImageSet(removed.image_url));
      return redirectWithToast(request, back, messages.deleted!);
    } catch (cause) {
      console.error("delete failed", cause);
      return redirectWithToast(request, back, error(messages.deleteFailed!));
    }
  }

  if (intent === "toggle-active" && model.toggleActive && id !== null) {
    try {
      const active = await model.toggleActive(id);
      if (active === undefined) return redirectWithToast(request, back, error(messages.toggleFailed!));
      return redirectWithToast(request, back, messages.toggled!(active));
    } catch (cause) {
      console.error("toggle failed", cause);
      return redirectWithToast(request, back, error(messages.toggleFailed!));
    }
  }

  if (intent !== "save") return redirectWithToast(request, back, error("Unknown action."));

  const failure = id === null ? messages.createFailed : messages.updateFailed;
  const validation = validateAdminForm(config.schema, formData, failure);
  if (!validation.success) {
    return messages.invalid
      ? adminFormFailure(
          validation.values,
          validation.errors,
          typeof messages.invalid === "function" ? messages.invalid(validation.errors) : messages.invalid,
        )
      : validation.response;
  }

  const previous = id === null ? null : await model.imageOf(id);
  // Saving a record someone deleted meanwhile: nothing to keep editing, so back to the list.
  const gone = () => redirectWithToast(request, back, error(because(failure, "this record no longer exists.")));
  if (id !== null && !previous) return gone();
  const image = config.imageKind
    ? await decideImage(formData, config.imageKind, previous?.image_url ?? null)
    : { url: null, uploadError: null };

  try {
    const input = config.toInput(validation.data, image.url);
    if (id === null) {
      await model.create(input);
    } else if (!(await model.update(id, input))) {
      if (image.url !== previous?.image_url) waitUntil(deleteImageSet(image.url));
      return gone();
    }
  } catch (cause) {
    if (image.url && image.url !== (previous?.image_url ?? null)) waitUntil(deleteImageSet(image.url));
    if (messages.duplicate && isUniqueViolation(cause)) {
      const values: FormValues = validation.values;
      return adminFormFailure(values, { [messages.duplicate.field]: messages.duplicate.message }, error(messages.duplicate.message), 409);
    }
    console.error("save failed", sqliteMessage(cause));
    return adminFormFailure(validation.values, {}, error(failure), 500);
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
      : messages.updated;
  return redirectWithToast(request, config.successPath ?? back, toast);
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
  if (idParam === undefined || idParam === "new") return null;
  const id = parseId(idParam);
  let record: T | undefined;
  try {
    record = id === null ? undefined : await load(id);
  } catch (cause) {
    console.error("load for edit failed", cause);
  }
  if (record === undefined) throw await redirectWithToast(request, onFailure.path, error(onFailure.message));
  return record;
}
