// Runs in the admin's browser: turns a phone photo (often 4000 px, 3-8 MB) into WebP files at the
// site's standard widths before upload, so admins on mobile data send little and visitors
// download little. No image work happens on the server.
import { IMAGE_WIDTHS, imageWidthsUpTo } from "./images";

const QUALITY = 0.8;

export type PreparedImage = { width: number; blob: Blob };

function canvasFor(width: number, height: number) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

export async function prepareImageForUpload(file: File): Promise<PreparedImage[]> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const widest = Math.min(bitmap.width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
    const prepared: PreparedImage[] = [];
    for (const width of imageWidthsUpTo(widest)) {
      const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      const canvas = canvasFor(width, height);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("Canvas is not available");
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      // Every current browser encodes WebP; JPEG only where one cannot.
      let blob = await toBlob(canvas, "image/webp");
      if (!blob || blob.type !== "image/webp") blob = await toBlob(canvas, "image/jpeg");
      if (!blob) throw new Error("The image could not be encoded");
      prepared.push({ width, blob });
    }
    return prepared;
  } finally {
    bitmap.close();
  }
}

/** Uploads the prepared widths; resolves to the stored image's URL or rejects with a message. */
export async function uploadImage(kind: string, file: File): Promise<string> {
  const prepared = await prepareImageForUpload(file);
  const form = new FormData();
  form.set("kind", kind);
  form.set("name", file.name);
  for (const { width, blob } of prepared) form.append(`w${width}`, blob, `${width}.${blob.type.split("/")[1]}`);
  const response = await fetch("/api/admin/images", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok || !body.url) throw new Error(body.error ?? "Failed to upload image");
  return body.url;
}
