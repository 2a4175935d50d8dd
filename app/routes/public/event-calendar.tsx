// /events/{id}/calendar.ics: one active, dated event as an iCalendar file, for 'Add to calendar'.
import { buildICalendar, calendarEventOf } from "~/lib/icalendar";
import { slugify } from "~/lib/slug";
import { eventPage } from "~/models/pages.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/event-calendar";

function notFound() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!/^[1-9][0-9]{0,9}$/.test(params.id)) return notFound();
  const row = await eventPage(Number(params.id));
  // Hidden events are not public, and an event without a date has nothing to put in a calendar.
  const event = row ? calendarEventOf(row, siteOrigin(request)) : null;
  if (!row || !event) return notFound();
  const filename = `${slugify(row.name) || `event-${row.id}`}.ics`;
  return new Response(buildICalendar(event), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "public, max-age=600",
    },
  });
}
