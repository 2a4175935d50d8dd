// Non-page endpoints. Everything under /api/admin requires a valid admin session (one guard).
import { Hono } from "hono";
import { receiveSmsStatus, submitContactMessage } from "~/features/messaging/index.server";
import { submitRegistration } from "~/features/events/index.server";
import { adminAreaOf, canUse } from "~/features/accounts";
import { authenticateAdmin, logRefusal, setsSessionCookie } from "~/features/accounts/index.server";
import { publicFormJson } from "~/server/forms.server";
import { paymentSimulator, receiveWebhook } from "~/features/payments/index.server";
import { adminCheckIn } from "./admin-check-in";
import { adminDoor } from "./admin-door";
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
api.post("/registrations", async (c) => publicFormJson(await submitRegistration(c.req.raw)));
api.post("/contact-messages", async (c) => publicFormJson(await submitContactMessage(c.req.raw)));

// PayChangu's webhooks (decision 021): the signature is checked on the raw body; a payment counts
// only once the provider's verify call confirms it. The local simulator's checkout page (local runs only).
api.post("/payments/webhook", async (c) => {
  const answer = await receiveWebhook(await c.req.text(), c.req.header("Signature") ?? null);
  return c.json(answer.body, answer.status);
});
api.route("/payments/simulator", paymentSimulator);
// The SMS provider's delivery reports (Twilio's status callbacks, signed: decision 022).
api.post("/sms/status", (c) => receiveSmsStatus(c.req.raw));

// One guard for every admin API: a session, and a role that may use the API's area (app/features/accounts/roles.ts).
api.use("/admin/*", async (c, next) => {
  const auth = await authenticateAdmin(c.req.raw);
  if (!auth) return c.json({ error: "Authentication required" }, 401);
  if (auth.admin.mustSetUpTwoStep) return c.json({ error: "Set up two-step sign-in on your account page first." }, 403);
  if (!canUse(auth.admin.role, adminAreaOf(new URL(c.req.url).pathname))) {
    await logRefusal(auth.admin.email, c.req.raw);
    return c.json({ error: "Your account cannot use this." }, 403);
  }
  c.set("admin", auth.admin);
  await next();
  if (auth.renewedCookie && !setsSessionCookie(c.req.raw, c.res.headers)) c.header("Set-Cookie", auth.renewedCookie, { append: true });
  // (Every answer under /api/admin is marked private and no-store by the Worker: workers/security.ts.)
});

api.get("/admin/me", (c) => {
  const admin = c.get("admin");
  return c.json({ id: admin.id, email: admin.email, role: admin.role });
});

api.route("/admin/images", adminImages);
api.route("/admin", adminExports);
api.route("/admin", adminCheckIn);
api.route("/admin", adminDoor);

api.all("*", (c) => c.json({ error: "Not found" }, 404));
