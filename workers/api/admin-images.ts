// POST /api/admin/images: the admin's browser sends the widths it prepared for one picture
// (`w480`, `w960`...) and, for pictures pages share, its share picture (`share`); answers { url }
// of the stored image, or { error } with 4xx.
import { Hono } from "hono";
import { IMAGE_BUCKETS, SHARE_PICTURE, type ImageKind } from "~/lib/images";
import { IMAGE_ERRORS, ImageRejected, MAX_IMAGE_BYTES, storeImageVariants } from "~/server/image-store.server";
import type { ApiEnv } from "./env";

const MAX_VARIANTS = 4;

export const adminImages = new Hono<ApiEnv>();

adminImages.post("/", async (c) => {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_VARIANTS * MAX_IMAGE_BYTES + SHARE_PICTURE.maxBytes + 64 * 1024) {
    return c.json({ error: IMAGE_ERRORS.tooLarge }, 413);
  }
  if (!/^multipart\/form-data\b/i.test(c.req.header("Content-Type") ?? "")) {
    return c.json({ error: "Send the image as multipart/form-data." }, 415);
  }

  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    return c.json({ error: "The upload could not be read. Please try again." }, 400);
  }

  const kind = form.get("kind");
  if (typeof kind !== "string" || !(kind in IMAGE_BUCKETS)) return c.json({ error: "Unknown image kind." }, 400);
  const name = form.get("name");

  const variants: { width: number; file: Blob }[] = [];
  for (const [field, value] of form.entries()) {
    const match = /^w(\d{1,4})$/.exec(field);
    if (match && value instanceof Blob) variants.push({ width: Number(match[1]), file: value });
  }
  if (variants.length === 0 || variants.length > MAX_VARIANTS) return c.json({ error: IMAGE_ERRORS.badWidths }, 400);
  const share = form.get("share");

  try {
    const url = await storeImageVariants(
      kind as ImageKind,
      typeof name === "string" ? name : "image",
      variants,
      share instanceof Blob ? share : null,
    );
    return c.json({ url }, 201);
  } catch (error) {
    if (error instanceof ImageRejected) return c.json({ error: error.message }, statusOf(error.message));
    throw error;
  }
});

function statusOf(message: string) {
  if (message === IMAGE_ERRORS.tooLarge || message === IMAGE_ERRORS.shareTooLarge) return 413;
  return message === IMAGE_ERRORS.notImage ? 415 : 400;
}
