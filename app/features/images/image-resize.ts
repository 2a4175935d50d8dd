// Runs in the admin's browser: turns a phone photo (often 4000 px, 3-8 MB) into WebP files at the
// site's standard widths before upload, so admins on mobile data send little and visitors
// download little, plus, for pictures pages share, the JPEG link previews show. No image work
// happens on the server.
import { IMAGE_WIDTHS, imageWidthsUpTo, isSharedKind, SHARE_PICTURE, type ImageKind } from "./images";

const QUALITY = 0.8;
/** Tried in turn until the share picture fits its limit; the first fits all but the busiest photos. */
const SHARE_QUALITIES = [0.75, 0.6, 0.45];

export type PreparedImage = { width: number; blob: Blob };

function canvasFor(width: number, height: number) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function contextOf(canvas: HTMLCanvasElement) {
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  context.imageSmoothingQuality = "high";
  return context;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality = QUALITY): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function prepareWidths(bitmap: ImageBitmap): Promise<PreparedImage[]> {
  const widest = Math.min(bitmap.width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  const prepared: PreparedImage[] = [];
  // One canvas at a time: a phone has little memory for several large ones.
  for (const width of imageWidthsUpTo(widest)) {
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    const canvas = canvasFor(width, height);
    contextOf(canvas).drawImage(bitmap, 0, 0, width, height);
    // Every current browser encodes WebP; JPEG only where one cannot.
    let blob = await toBlob(canvas, "image/webp");
    if (!blob || blob.type !== "image/webp") blob = await toBlob(canvas, "image/jpeg");
    if (!blob) throw new Error("The image could not be encoded");
    prepared.push({ width, blob });
  }
  return prepared;
}

/**
 * The link-preview picture: the photo cropped to cover 1200x630 around its centre (previews have
 * one fixed shape), as a JPEG within the size limit. Every browser's canvas encodes JPEG. Null if
 * even the lowest quality is too heavy: the picture is then stored without one, and its pages
 * show the site's default preview.
 */
async function prepareSharePicture(bitmap: ImageBitmap): Promise<Blob | null> {
  const { width, height } = SHARE_PICTURE;
  const scale = Math.max(width / bitmap.width, height / bitmap.height);
  const [cropWidth, cropHeight] = [width / scale, height / scale];
  const canvas = canvasFor(width, height);
  const context = contextOf(canvas);
  // JPEG has no transparency: a transparent PNG gets white behind it, not black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, (bitmap.width - cropWidth) / 2, (bitmap.height - cropHeight) / 2, cropWidth, cropHeight, 0, 0, width, height);
  for (const quality of SHARE_QUALITIES) {
    const blob = await toBlob(canvas, SHARE_PICTURE.type, quality);
    if (blob && blob.size <= SHARE_PICTURE.maxBytes) return blob;
  }
  return null;
}

export type PreparedUpload = { widths: PreparedImage[]; share: Blob | null };

/** Said when the browser cannot open the file as a picture (a document renamed .jpg, a damaged photo). */
export const NOT_A_PICTURE = "This file is not a picture the phone can open. Please choose a JPEG, PNG, WebP or GIF image.";

/** Said of an HEIC/HEIF photo (some phones' own format), which the phone's gallery opens but the browser cannot. */
export const HEIC_PHOTO =
  "This photo is in the HEIC format, which the website cannot use. Please choose a JPEG photo: in the camera's settings choose JPEG (or \u201cMost compatible\u201d), or share the photo as JPEG first.";

const isHeic = (file: File) => /image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

export async function prepareImageForUpload(file: File, kind: ImageKind): Promise<PreparedUpload> {
  // The browser's own words ("The source image could not be decoded.") mean nothing to staff.
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" }).catch(() => {
    throw new Error(isHeic(file) ? HEIC_PHOTO : NOT_A_PICTURE);
  });
  try {
    const widths = await prepareWidths(bitmap);
    return { widths, share: isSharedKind(kind) ? await prepareSharePicture(bitmap) : null };
  } finally {
    bitmap.close();
  }
}

export const SIGNED_OUT_UPLOAD =
  "You have been signed out, so the picture was not saved. What you typed is kept: press the form's button to sign in again and save it, then add the picture.";

/** Uploads the prepared widths and share picture; resolves to the stored image's URL or rejects with a message. */
export async function uploadImage(kind: ImageKind, file: File): Promise<string> {
  const { widths, share } = await prepareImageForUpload(file, kind);
  const form = new FormData();
  form.set("kind", kind);
  form.set("name", file.name);
  for (const { width, blob } of widths) form.append(`w${width}`, blob, `${width}.${blob.type.split("/")[1]}`);
  if (share) form.set("share", share, "share.jpg");
  const response = await fetch("/api/admin/images", { method: "POST", body: form, credentials: "same-origin" });
  // Signed out meanwhile (another device signed everyone out, or the session ran out): say so in
  // words a volunteer can act on; pressing the form's button then keeps what was typed (decision 037).
  if (response.status === 401) throw new Error(SIGNED_OUT_UPLOAD);
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok || !body.url) throw new Error(body.error ?? "Failed to upload image");
  return body.url;
}
