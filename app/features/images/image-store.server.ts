// Uploaded images in R2. The browser shrinks a photo to a few widths and makes its share picture
// before upload (see app/features/images/image-resize.ts); here we only check that each file really is an
// image (by its bytes, not its name), enforce the size limits, and store it under the spec's
// bucket prefixes with unique keys. A picture a record no longer shows is removed once nothing
// else refers to it (a kept earlier version of the record may: releasePictures).
import { env } from "cloudflare:workers";
import {
  IMAGE_BUCKETS,
  IMAGE_WIDTHS,
  imageUrlForKey,
  isImageKey,
  SHARE_PICTURE,
  SHARE_READY_STEM_END,
  sharePictureName,
  type ImageKind,
} from "~/features/images/images";
import { picturesInUse } from "~/features/images/image-use.server";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_ERRORS = {
  tooLarge: "Images must be 5 MB or smaller.",
  notImage: "Only JPEG, PNG, WebP or GIF images can be uploaded.",
  badWidths: "The image could not be prepared for upload. Please try another picture.",
  shareTooLarge: "The link preview picture must be 300 KB or smaller.",
  badShare: "The link preview picture must be a 1200x630 JPEG.",
} as const;

export class ImageRejected extends Error {}

const TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
} as const;
export type ImageType = keyof typeof TYPES;

/** The types an upload may be (docs/security.md lists the same). */
export const IMAGE_TYPES = Object.keys(TYPES) as ImageType[];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The image type the bytes themselves declare, or null (SVG, HTML and everything else). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return "image/gif";
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/**
 * A JPEG's size in pixels, from its frame header (the SOF marker), or null when the bytes are not
 * a JPEG or have no frame header. Reads headers only: no decoding.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(bytes, [0xff, 0xd8])) return null;
  let at = 2;
  while (at + 8 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    // SOF0-SOF15 carry the frame's size; DHT (C4), JPG (C8) and DAC (CC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data or the end, and no frame header yet
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  return null;
}

function randomId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** A safe, short form of the uploader's file name (testimony keys keep it, as the spec says). */
function safeName(originalName: string): string {
  const stem = originalName.replace(/\.[^.]*$/, "");
  return (
    stem
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "image"
  );
}

/** The key stem for a new upload, following SPEC section 7's naming per bucket. */
export function newImageStem(kind: ImageKind, originalName: string): string {
  const prefix = IMAGE_BUCKETS[kind];
  switch (kind) {
    case "profile":
      return `${prefix}/${Date.now()}-${randomId().slice(0, 12)}`;
    case "testimony":
      return `${prefix}/${Date.now()}-${safeName(originalName)}-${randomId().slice(0, 6)}`;
    default:
      return `${prefix}/${randomId()}`;
  }
}

async function checkedImage(file: Blob): Promise<{ bytes: Uint8Array; type: ImageType }> {
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRejected(IMAGE_ERRORS.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected(IMAGE_ERRORS.notImage);
  return { bytes, type };
}

/** A share picture as link previews need it: a JPEG of exactly 1200x630 and at most 300 KB. */
async function checkedSharePicture(file: Blob): Promise<Uint8Array> {
  if (file.size > SHARE_PICTURE.maxBytes) throw new ImageRejected(IMAGE_ERRORS.shareTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = jpegSize(bytes);
  if (size?.width !== SHARE_PICTURE.width || size.height !== SHARE_PICTURE.height) throw new ImageRejected(IMAGE_ERRORS.badShare);
  return bytes;
}

async function put(key: string, bytes: Uint8Array, type: ImageType) {
  await env.IMAGES.put(key, bytes, {
    httpMetadata: { contentType: type, cacheControl: "public, max-age=31536000, immutable" },
  });
}

/**
 * Stores the widths the browser prepared (each at most 5 MB) as `<stem>-<width>w.<ext>` and returns
 * the URL of the widest. All but the widest must be standard widths below it; the widest at most 1600.
 * A share picture, when sent, is stored beside them and marks the stem (see SHARE_READY_STEM_END).
 */
export async function storeImageVariants(
  kind: ImageKind,
  originalName: string,
  variants: { width: number; file: Blob }[],
  share: Blob | null = null,
): Promise<string> {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const widest = sorted[sorted.length - 1];
  const widthsOk =
    widest !== undefined &&
    Number.isInteger(widest.width) &&
    widest.width >= 1 &&
    widest.width <= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]! &&
    sorted.slice(0, -1).every((v) => (IMAGE_WIDTHS as readonly number[]).includes(v.width) && v.width < widest.width);
  if (!widthsOk) throw new ImageRejected(IMAGE_ERRORS.badWidths);

  const checked = await Promise.all(sorted.map(async (v) => ({ width: v.width, ...(await checkedImage(v.file)) })));
  const shareBytes = share ? await checkedSharePicture(share) : null;
  const stem = newImageStem(kind, originalName) + (shareBytes ? SHARE_READY_STEM_END : "");
  const keys = checked.map((v) => `${stem}-${v.width}w.${TYPES[v.type]}`);
  await Promise.all([
    ...checked.map((v, i) => put(keys[i]!, v.bytes, v.type)),
    ...(shareBytes ? [put(sharePictureName(stem), shareBytes, "image/jpeg")] : []),
  ]);
  return imageUrlForKey(keys[keys.length - 1]!);
}

/** Stores a file as uploaded (a form posted without JavaScript, so nothing was resized). */
export async function storeOriginalImage(kind: ImageKind, file: File): Promise<string> {
  const { bytes, type } = await checkedImage(file);
  const key = `${newImageStem(kind, file.name)}.${TYPES[type]}`;
  await put(key, bytes, type);
  return imageUrlForKey(key);
}

/**
 * Removes every stored width of an uploaded image and its share picture. Bundled images
 * (/media/...) are left alone.
 */
export async function deleteImageSet(url: string | null | undefined): Promise<void> {
  if (!url?.startsWith("/images/")) return;
  const key = url.slice("/images/".length);
  if (!isImageKey(key)) return;
  const stem = /^(.*)-\d+w\.[a-z]+$/.exec(key)?.[1];
  if (!stem) {
    await env.IMAGES.delete(key);
    return;
  }
  const listed = await env.IMAGES.list({ prefix: `${stem}-` });
  const share = sharePictureName(stem);
  const keys = listed.objects.map((o) => o.key).filter((k) => k === share || /^-\d+w\.[a-z]+$/.test(k.slice(stem.length)));
  if (keys.length) await env.IMAGES.delete(keys);
}

/**
 * Deletes each uploaded picture that no record and no kept version refers to any more: a picture a
 * save replaced stays while the version that shows it is kept (issue 15).
 */
export async function releasePictures(urls: readonly (string | null | undefined)[]): Promise<void> {
  const uploads = [...new Set(urls.filter((url): url is string => typeof url === "string" && url.startsWith("/images/")))];
  if (uploads.length === 0) return;
  const inUse = await picturesInUse(uploads);
  await Promise.all(uploads.filter((url) => !inUse.has(url)).map(deleteImageSet));
}

/** URLs a form may point a record at: our uploads and the bundled media. */
export function isStoredImageUrl(url: string): boolean {
  if (url.startsWith("/images/")) return isImageKey(url.slice("/images/".length));
  return /^\/media\/[a-z0-9/_-]+\.(webp|jpg|png)$/i.test(url) && !url.includes("..");
}
