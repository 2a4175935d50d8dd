// Non-page endpoints. Everything under /api/admin requires a valid admin session (one guard).
import { Hono } from "hono";
import { contactForm } from "~/routes/public/contact.server";
import { registrationForm } from "~/routes/public/event-registration.server";
import { authenticateAdmin } from "~/server/auth.server";
import { publicFormJson } from "~/server/public-form.server";
import { setsSessionCookie } from "~/server/session.server";
import { adminCheckIn } from "./admin-check-in";
import { adminExports } from "./admin-exports";
import { adminImages } from "./admin-images";
import type { ApiEnv } from "./env";

export const api = new Hono<ApiEnv>();

api.get("/health", async (c) => {
  await c.env.DB.prepare("SELECT 1").first();
  return c.json({ ok: true });
});

// The public forms as the islands script sends them (pages without React, see app/islands): the
// same checks and storage as the pages' own actions, answered with JSON for the form to show.
api.post("/registrations", (c) => publicFormJson(registrationForm, c.req.raw));
api.post("/contact-messages", (c) => publicFormJson(contactForm, c.req.raw));

api.use("/admin/*", async (c, next) => {
  const auth = await authenticateAdmin(c.req.raw);
  if (!auth) return c.json({ error: "Authentication required" }, 401);
  c.set("admin", auth.admin);
  await next();
  if (auth.renewedCookie && !setsSessionCookie(c.res.headers)) c.header("Set-Cookie", auth.renewedCookie, { append: true });
  c.header("Cache-Control", "private, no-store");
});

api.get("/admin/me", (c) => {
  const admin = c.get("admin");
  return c.json({ id: admin.id, email: admin.email });
});

api.route("/admin/images", adminImages);
api.route("/admin", adminExports);
api.route("/admin", adminCheckIn);

api.all("*", (c) => c.json({ error: "Not found" }, 404));
