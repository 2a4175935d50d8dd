// The common path of every admin form action: read the (possibly multipart) body, validate with
// the form's zod schema, settle the image, and answer either the errors with the typed values
// (status 400, the form shows them) or a redirect to /admin with the spec's toast.
import { data } from "react-router";
import type { z } from "zod";
import { fieldNames, readFields, validateValues, type FieldErrors, type FormValues } from "~/lib/forms";
import type { ImageKind } from "~/lib/images";
import type { Toast } from "~/lib/toast";
import { BadRequest, readFormData } from "./forms.server";
import { ImageRejected, isStoredImageUrl, MAX_IMAGE_BYTES, storeOriginalImage } from "./image-store.server";

/** Admin forms may carry one original image when posted without JavaScript. */
export const MAX_ADMIN_FORM_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

export type AdminFormFailure = { ok: false; errors: FieldErrors; values: FormValues; toast: Toast };

export function adminFormFailure(values: FormValues, errors: FieldErrors, toast: Toast, status = 400) {
  return data<AdminFormFailure>({ ok: false, errors, values, toast }, { status });
}

export type AdminFormFailureResponse = ReturnType<typeof adminFormFailure>;

/** Reads an admin form post; a malformed body answers 4xx with a message instead of throwing. */
export async function readAdminForm(request: Request): Promise<FormData | AdminFormFailureResponse> {
  try {
    return await readFormData(request, MAX_ADMIN_FORM_BYTES);
  } catch (error) {
    if (error instanceof BadRequest) {
      return adminFormFailure({}, {}, { title: "Error", description: error.message, variant: "destructive" }, error.status);
    }
    throw error;
  }
}

export function intentOf(formData: FormData): string {
  const intent = formData.get("intent");
  return typeof intent === "string" ? intent : "save";
}

/** Validates the schema's fields; on failure the spec's 'Error' toast carries `failureMessage`. */
export function validateAdminForm<S extends z.ZodObject>(schema: S, formData: FormData, failureMessage: string) {
  const result = validateValues(schema, readFields(formData, fieldNames(schema)));
  // Keep an image the browser already uploaded, so a refused save does not lose it.
  const imageUrl = formData.get("image_url");
  if (typeof imageUrl === "string" && isStoredImageUrl(imageUrl)) result.values.image_url = imageUrl;
  if (result.success) return result;
  return {
    ...result,
    response: adminFormFailure(result.values, result.errors, {
      title: "Error",
      description: Object.values(result.errors)[0] ?? failureMessage,
      variant: "destructive",
    }),
  };
}

/** A route's numeric id parameter, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export type ImageDecision = { url: string | null; uploadError: string | null };

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
