// POST /api/admin/events/{id}/check-in: one tap at the door (check in, admit anyway, undo), sent by
// the check-in page's script so a slow connection costs one small request, not a page. Answers the
// person's true state (app/features/events/desk-actions.server.ts) and the door's count as JSON.
import { Hono } from "hono";
import { changeCheckIn, closedToVolunteers, doorActionId } from "~/features/events/index.server";
import { parseId } from "~/server/admin-actions.server";
import { BadRequest, readFormData } from "~/server/forms.server";
import type { ApiEnv } from "./env";

const INTENTS = new Set(["checkin", "admit", "undo"]);

export const adminCheckIn = new Hono<ApiEnv>();

adminCheckIn.post("/events/:id/check-in", async (c) => {
  const eventId = parseId(c.req.param("id"));
  const { email, role } = c.get("admin");
  // A door volunteer works only on today's and later events.
  if (eventId === null || (role === "volunteer" && (await closedToVolunteers(eventId, new Date())))) return c.json({ error: "Event not found" }, 404);
  let form: FormData;
  try {
    form = await readFormData(c.req.raw);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    return c.json({ error: error.message }, error.status as 400);
  }
  const intent = String(form.get("intent") ?? "");
  const id = parseId(String(form.get("registration_id") ?? ""));
  if (!INTENTS.has(intent) || id === null) return c.json({ error: "Unknown action." }, 400);
  // The tap's id, when the page gave it one: should no answer reach the phone in time, the phone
  // sends the tap again under that id, and it is not applied twice.
  const answer = await changeCheckIn(eventId, intent, id, email, role === "volunteer", doorActionId(form.get("tap_id")));
  return c.json(answer, answer.outcome === "not-found" ? 404 : 200);
});
