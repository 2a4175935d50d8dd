// /admin/check-in: where a door volunteer starts. Today's and upcoming events (and undated ones),
// soonest first, each leading to its check-in page with its running count.
import { Link } from "react-router";
import { checkInEvents } from "~/features/events/index.server";
import { type DoorCounts, doorCountWords, eventSpanText } from "~/features/events";
import type { Route } from "./+types/check-in-events";

/** Added to a home screen on its own: the door's web manifest (app/routes/seo/manifest.tsx). */
export const handle = { manifest: "/check-in.webmanifest" };

export const meta: Route.MetaFunction = () => [{ title: "Check-in | Admin" }];

export async function loader() {
  const events = await checkInEvents(new Date());
  return {
    events: events.map((event) => ({
      id: event.id,
      name: event.name,
      // With its end: on a conference's third day the door sees it is still on.
      whenText: eventSpanText(event.date, event.ends_at, "EEE, MMM d, yyyy") ?? "No date set",
      location: event.location,
      active: event.active,
      counts: event.counts,
    })),
  };
}

/** The door's count, as the check-in page says it. */
function countText(counts: DoorCounts): string {
  const words = doorCountWords(counts);
  return [words.number, words.rest, words.others].filter(Boolean).join(" ");
}

export default function CheckInEvents({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Check-in</h1>
      <p className="mt-1 text-stone-600">Choose the event at your door.</p>
      {events.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-stone-300 bg-white px-4 py-8 text-center text-stone-600">No events today or coming up.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {events.map((event) => (
            <li key={event.id}>
              <Link to={`/admin/events/${event.id}/check-in`} className="block rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600">
                <span className="block text-lg font-semibold text-stone-900">{event.name}</span>
                <span className="block text-sm text-stone-700">{event.whenText}</span>
                {event.location ? <span className="block text-sm text-stone-600">{event.location}</span> : null}
                <span className="mt-2 block text-sm font-semibold text-brand-800">
                  {countText(event.counts)}
                  {event.active ? "" : " · Hidden event"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
