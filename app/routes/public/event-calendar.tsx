// /events/{id}/calendar.ics: one active, dated event as an iCalendar file, for 'Add to calendar'.
import { eventCalendarFile } from "~/features/events";
import { eventPage } from "~/features/site/index.server";
import { siteSettings } from "~/features/settings/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/event-calendar";

function notFound() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!/^[1-9][0-9]{0,9}$/.test(params.id)) return notFound();
  const page = await eventPage(Number(params.id));
  if (page.event === null) throw new Error(`Event ${params.id} could not be read`);
  // Hidden events are not public, and an event without a date has nothing to put in a calendar.
  const { organisation, contact } = siteSettings(page.settings);
  const file = page.event ? eventCalendarFile(page.event, siteOrigin(request), { name: organisation.name, email: contact.events_email }) : null;
  if (!file) return notFound();
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": page.settings ? "public, max-age=600" : "no-store",
    },
  });
}
