import { SiteLink } from "~/components/site-link";
import { EmptyState } from "~/components/empty-state";
import { buttonClass } from "~/components/form-fields";
import { CalendarIcon, MapPinIcon } from "~/components/icons";
import { LoadError } from "~/components/load-error";
import { RegistrationNote } from "~/features/events";
import { CARD_GRID_SIZES } from "~/features/publishing";
import { ResponsiveImage } from "~/features/images";
import { SectionHeading } from "~/components/section-heading";

/** The stock image of an event that has none of its own. */
const EVENT_FALLBACK_IMAGE = "/media/events/sample-conference-1600w.webp";

export type EventTeaser = {
  id: number;
  name: string;
  /** Already formatted in Malawi time, or null when the event has no date. */
  dateLabel: string | null;
  location: string | null;
  description: string | null;
  image_url: string | null;
  image_alt: string | null;
  /** Whether people can register now, and what to say about places (app/features/events/registration-rules.ts). */
  registration_open: boolean;
  registration_note: string | null;
};

function EventCard({ event }: { event: EventTeaser }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <div className="aspect-video bg-stone-100">
        <ResponsiveImage
          src={event.image_url ?? EVENT_FALLBACK_IMAGE}
          alt={event.image_url ? event.image_alt || event.name : ""}
          sizes={CARD_GRID_SIZES}
          width={1600}
          height={900}
          className="size-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-xl font-semibold text-brand-900">{event.name}</h3>
        <ul className="mt-3 space-y-1.5 text-sm text-stone-700">
          <li className="flex gap-2">
            <CalendarIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {event.dateLabel ?? "Date TBA"}
          </li>
          <li className="flex gap-2">
            <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {event.location || "Location TBA"}
          </li>
        </ul>
        <p className="mt-3 line-clamp-2 flex-1 text-stone-700">{event.description || "No description available"}</p>
        {event.registration_open ? <RegistrationNote note={event.registration_note} className="mt-3" /> : null}
        <div className="mt-5 flex flex-wrap gap-3">
          <SiteLink to={`/events/${event.id}`} className={`${buttonClass.secondary} flex-1`}>
            Details<span className="sr-only"> about {event.name}</span>
          </SiteLink>
          {event.registration_open ? (
            <SiteLink to={`/events?register=${event.id}`} className={`${buttonClass.primary} flex-1`}>
              Register<span className="sr-only"> for {event.name}</span>
            </SiteLink>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function EventsTeaser({ events, error }: { events: EventTeaser[]; error: string | null }) {
  return (
    <section aria-labelledby="home-events" className="px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="home-events" eyebrow="Gather with us" title="Upcoming Events" />
      <div className="mx-auto mt-12 max-w-6xl">
        {error ? (
          <LoadError message={error} />
        ) : events.length === 0 ? (
          <EmptyState>No upcoming events at this time. Please check back soon.</EmptyState>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </div>
        )}
      </div>
      <p className="mt-10 text-center">
        <SiteLink to="/events" className={buttonClass.primary}>
          View All Events
        </SiteLink>
      </p>
    </section>
  );
}
