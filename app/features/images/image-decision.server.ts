// The image an admin form's save settles on, in plain steps an action calls in order: decide the
// image (decideImage), and after the write release what no longer shows (a replaced picture, or
// the new one a failed save brought), each once nothing else refers to it (a kept version may).
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import type { Toast } from "~/lib/toast";
import { requestContext } from "~/server/request-context";
import type { ImageKind } from "./images";
import { ImageRejected, isStoredImageUrl, releasePictures, storeOriginalImage } from "./image-store.server";

type Context = Readonly<RouterContextProvider>;

/** The record's image after this save, the one it had, and why a posted file was refused (if it was). */
export type ImageDecision = { url: string | null; previous: string | null; uploadError: string | null };

/**
 * The record's image after this save: a file posted without JavaScript, 'remove', a bundled
 * sample, or the URL the browser uploaded to. Anything unrecognised keeps the previous image, and
 * a refused file keeps it too (the save goes on and the admin sees 'Upload Error').
 */
export async function decideImage(formData: FormData, kind: ImageKind, previous: string | null): Promise<ImageDecision> {
  const file = formData.get("image_file");
  if (file instanceof File && file.size > 0) {
    try {
      return { url: await storeOriginalImage(kind, file), previous, uploadError: null };
    } catch (error) {
      if (error instanceof ImageRejected) return { url: previous, previous, uploadError: error.message };
      throw error;
    }
  }
  if (formData.get("image_remove") === "1") return { url: null, previous, uploadError: null };
  for (const field of ["image_sample", "image_url"]) {
    const value = formData.get(field);
    if (typeof value !== "string" || value === "") continue;
    return { url: isStoredImageUrl(value) ? value : previous, previous, uploadError: null };
  }
  return { url: null, previous, uploadError: null };
}

const isNew = (image: ImageDecision) => image.url !== null && image.url !== image.previous;

/**
 * A posted form with only the image it may show again: one the browser already uploaded (so a
 * refused save does not lose it), never an address from elsewhere.
 */
export function withStoredImageOnly<S extends Submission<unknown>>(submission: S): S {
  const imageUrl = submission.payload.image_url;
  if (typeof imageUrl === "string" && !isStoredImageUrl(imageUrl)) delete submission.payload.image_url;
  return submission;
}

/** A refused save keeps the picture it brought in the form, so saving again does not lose it. */
export function keepNewImage<S extends Submission<unknown>>(submission: S, image: ImageDecision): S {
  if (isNew(image)) submission.payload.image_url = image.url!;
  return submission;
}

/** Releases pictures after the answer (each once nothing refers to it). */
export function releaseImages(context: Context, urls: readonly (string | null | undefined)[]) {
  context.get(requestContext).waitUntil(releasePictures(urls));
}

/** After a save that did not happen: the picture it brought, if it brought one. */
export function releaseUnsavedImage(context: Context, image: ImageDecision) {
  if (isNew(image)) releaseImages(context, [image.url]);
}

/** After a save: the picture it replaced, and those of versions it dropped from the kept window. */
export function releaseReplacedImages(context: Context, image: ImageDecision, released: string[]) {
  const replaced = image.previous !== image.url ? image.previous : null;
  if (replaced || released.length) releaseImages(context, [replaced, ...released]);
}

/** The toast of a save whose posted file was refused (the rest was saved), or null. `opening` starts it (the event form's wording). */
export function uploadErrorToast(image: ImageDecision, opening?: string): Toast | null {
  if (!image.uploadError) return null;
  const description = [opening, image.uploadError, "The rest was saved; the image was not changed."].filter(Boolean).join(" ");
  return { title: "Upload Error", description, variant: "destructive" };
}
