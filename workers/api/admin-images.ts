// POST /api/admin/images: the admin's browser sends the widths it prepared for one picture
// (`w480`, `w960`...) and, for pictures pages share, its share picture (`share`); answers { url }
// of the stored image, or { error } with 4xx.
import { Hono } from "hono";
import { IMAGE_BUCKETS, type ImageKind, SHARE_PICTURE } from "~/features/images";
import { logActivity } from "~/features/accounts/index.server";
import { BadRequest, readFormData } from "~/server/forms.server";
import { IMAGE_ERRORS, ImageRejected, MAX_IMAGE_BYTES, storeImageVariants } from "~/features/images/index.server";
import type { ApiEnv } from "./env";

const MAX_VARIANTS = 4;
/** The most one upload may send: every width at its limit, plus the form's own fields. */
export const MAX_UPLOAD_BYTES = MAX_VARIANTS * MAX_IMAGE_BYTES + SHARE_PICTURE.maxBytes + 64 * 1024;

export const adminImages = new Hono<ApiEnv>();

adminImages.post("/", async (c) => {
  if (!/^multipart\/form-data\b/i.test(c.req.header("Content-Type") ?? "")) {
    return c.json({ error: "Send the image as multipart/form-data." }, 415);
  }

  let form: FormData;
  try {
    // Counts the bytes as they arrive: a missing or false Content-Length cannot lift the limit.
    form = await readFormData(c.req.raw, MAX_UPLOAD_BYTES);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    if (error.status === 413) return c.json({ error: IMAGE_ERRORS.tooLarge }, 413);
    return c.json({ error: "The upload could not be read. Please try again." }, 400);
  }

  const kind = form.get("kind");
  // Own keys only: `"constructor" in IMAGE_BUCKETS` is true for every object.
  if (typeof kind !== "string" || !Object.hasOwn(IMAGE_BUCKETS, kind)) return c.json({ error: "Unknown image kind." }, 400);
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
    await logActivity([{ actor: c.get("admin").email, kind: "write", action: "Uploaded a picture", target: url }]);
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
