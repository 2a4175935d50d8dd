// The door offline (issue 26, docs/decisions/024-offline-door.md), for the check-in page's script:
// GET /api/admin/events/{id}/door-list is the list the phone keeps; POST /api/admin/events/{id}/door-actions
// sends the actions it queued without a connection, in order, each applied once by its id.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { applyDoorActions, closedToVolunteers, DOOR_ACTIONS_PER_SEND, doorList, readDoorActions } from "~/features/events/index.server";
import { logActivityOnce, recordName } from "~/features/accounts/index.server";
import { parseId } from "~/server/admin-actions.server";
import type { ApiEnv } from "./env";

export const adminDoor = new Hono<ApiEnv>();

/** The event, when this account may work on it (a door volunteer: today's and later events only). */
async function doorEvent(id: string | undefined, role: string): Promise<number | null> {
  const eventId = parseId(id ?? "");
  if (eventId === null || (role === "volunteer" && (await closedToVolunteers(eventId, new Date())))) return null;
  return eventId;
}

adminDoor.get("/events/:id/door-list", async (c) => {
  const { email, role } = c.get("admin");
  const eventId = await doorEvent(c.req.param("id"), role);
  const list = eventId === null ? null : await doorList(eventId, new Date(), role !== "volunteer");
  if (!list) return c.json({ error: "Event not found" }, 404);
  // Names and codes kept on a phone for the door: personal data leaving, so logged like an export
  // (once an hour: the page reads the list again every half minute).
  await logActivityOnce({ actor: email, kind: "export", action: "Downloaded the door list (kept on the phone)", target: recordName("event", list.event.id, list.event.name), summary: `${list.people.length} people` });
  return c.json(list);
});

/** A full send (200 actions, each a walk-in's name and phone at their longest) fits well within this; more is refused unread. */
const DOOR_SEND_MAX_BYTES = DOOR_ACTIONS_PER_SEND * 1024;
const doorSendLimit = bodyLimit({ maxSize: DOOR_SEND_MAX_BYTES, onError: (c) => c.json({ error: "Too much to send at once." }, 413) });

adminDoor.post("/events/:id/door-actions", doorSendLimit, async (c) => {
  const { email, role } = c.get("admin");
  const eventId = await doorEvent(c.req.param("id"), role);
  if (eventId === null) return c.json({ error: "Event not found" }, 404);
  const actions = readDoorActions(await c.req.json().catch(() => null));
  if (!actions) return c.json({ error: "Unreadable actions." }, 400);
  return c.json({ results: await applyDoorActions(eventId, actions, email, role === "volunteer") });
});
