// CSV downloads for admins (behind the /api/admin guard).
import { Hono } from "hono";
import { subscribersPage, type Subscriber } from "~/models/subscriber.server";
import { csvResponse, csvStream } from "~/server/csv.server";
import { formatInSiteZone } from "~/lib/time";
import type { ApiEnv } from "./index";

export const adminExports = new Hono<ApiEnv>();

adminExports.get("/subscribers.csv", () =>
  csvResponse(
    "subscribers.csv",
    csvStream<Subscriber>(["Email", "Subscribed"], (after) => subscribersPage(after), (s) => [s.email, formatInSiteZone(s.created_at, "MMM d, yyyy HH:mm")]),
  ),
);
