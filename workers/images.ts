// Serves uploaded images from R2. Keys are unique (a new upload never reuses one), so responses are
// cacheable for a year; the ETag lets a browser revalidate without downloading again.
import { Hono } from "hono";
import { isImageKey } from "~/features/images";

export const images = new Hono<{ Bindings: Env }>();

images.on(["GET", "HEAD"], "/*", async (c) => {
  const key = c.req.path.replace(/^\/images\//, "");
  if (!isImageKey(key)) return c.text("Not found", 404);

  const object = await c.env.IMAGES.get(key, { onlyIf: c.req.raw.headers });
  if (!object) return c.text("Not found", 404);

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  if (!("body" in object) || c.req.method === "HEAD") {
    const notModified = !("body" in object);
    return new Response(null, { status: notModified ? 304 : 200, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
});
