// CSV downloads for admins (behind the /api/admin guard).
import { Hono } from "hono";
import { REGISTRATION_DATE_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import { getEvent } from "~/models/event.server";
import { registrationsAfter, type Registration } from "~/models/registration.server";
import { subscribersAfter, type Subscriber } from "~/models/subscriber.server";
import { parseId } from "~/server/admin-actions.server";
import { csvResponse, csvStream, registrationsCsvFileName } from "~/server/csv.server";
import type { ApiEnv } from "./env";

export const adminExports = new Hono<ApiEnv>();

adminExports.get("/subscribers.csv", () =>
  csvResponse(
    "subscribers.csv",
    csvStream<Subscriber>(
      ["Email", "Subscribed", "Confirmed"],
      (after) => subscribersAfter(after),
      (s) => [s.email, formatInSiteZone(s.created_at, "MMM d, yyyy HH:mm"), formatInSiteZone(s.confirmed_at, "MMM d, yyyy HH:mm") ?? "Not yet"],
    ),
  ),
);

/** Everyone registered for one event, newest first (SPEC section 7, CSV export), streamed page by page. */
adminExports.get("/events/:id/registrations.csv", async (c) => {
  const id = parseId(c.req.param("id"));
  const event = id === null ? undefined : await getEvent(id);
  if (id === null || !event) return c.json({ error: "Event not found" }, 404);
  return csvResponse(
    registrationsCsvFileName(event.name),
    csvStream<Registration>(
      ["Name", "Phone", "Email", "Registration Date"],
      (after) => registrationsAfter(id, after),
      (r) => [r.full_name, r.phone_number, r.email ?? "N/A", formatInSiteZone(r.created_at, REGISTRATION_DATE_FORMAT) ?? "N/A"],
    ),
  );
});
