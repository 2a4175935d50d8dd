import { SiteLink } from "~/components/site-link";
import type { CalendarLinks } from "~/features/events/icalendar";
import type { PublicEvent } from "~/features/events/public-event";
import { AddToCalendarMenu } from "./add-to-calendar";
import { ArrowRightIcon, CalendarIcon } from "../../components/icons";
import { ResponsiveImage } from "~/features/images";
import { WhatsAppShareLink } from "../../components/share-links";
import { EventFacts, RegistrationClosedBadge, RegistrationNote } from "./event-facts";
import { RegisterNowLink, RegistrationCompleteSlot } from "./registration-dialog";

/** The 16:9 picture of an event, or a calm placeholder with a calendar icon when it has none. */
export function EventImage({
  event,
  sizes,
  priority = false,
  className = "",
}: {
  event: Pick<PublicEvent, "imageUrl" | "imageAlt">;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <div className={`aspect-video overflow-hidden bg-brand-50 ${className}`}>
      {event.imageUrl ? (
        <ResponsiveImage
          src={event.imageUrl}
          alt={event.imageAlt}
          sizes={sizes}
          priority={priority}
          width={1600}
          height={900}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100">
          <CalendarIcon className="size-12 text-brand-700/70" />
        </div>
      )}
    </div>
  );
}

/** One event in the /events grid (SPEC section 2 Events). */
export function EventCard({
  event,
  priority,
  calendar,
  whatsappHref,
}: {
  event: PublicEvent;
  /** The first card's image is the page's largest paint on a phone. */
  priority: boolean;
  /** 'Add to calendar' links; null for an event without a date. */
  calendar: CalendarLinks | null;
  whatsappHref: string;
}) {
  const detailsHref = `/events/${event.id}`;
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <EventImage event={event} priority={priority} sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-bold leading-snug text-stone-900">
          <SiteLink to={detailsHref} className="hover:text-brand-700 hover:underline">
            {event.name}
          </SiteLink>
        </h2>
        <EventFacts event={event} className="mt-3" />
        {event.description ? <p className="mt-4 text-sm leading-relaxed text-stone-700">{event.description}</p> : null}
        <div className="mt-auto pt-5">
          <RegistrationCompleteSlot eventId={event.id} className="not-empty:mb-3" />
          {event.registrationOpen ? <RegistrationNote note={event.registrationNote} eventId={event.id} className="mb-2" /> : null}
          <div className="flex flex-wrap items-center gap-3">
            {event.registrationOpen ? (
              <RegisterNowLink href={`/events?register=${event.id}`} event={event} />
            ) : (
              <RegistrationClosedBadge />
            )}
            <SiteLink to={detailsHref} className="inline-flex items-center gap-1 py-2.5 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
              Details
              <span className="sr-only">: {event.name}</span>
              <ArrowRightIcon className="size-4" />
            </SiteLink>
          </div>
          <div className="mt-3 flex flex-col items-start border-t border-stone-100 pt-2">
            {calendar ? <AddToCalendarMenu links={calendar} eventName={event.name} /> : null}
            <WhatsAppShareLink href={whatsappHref} subject={event.name} look="text" />
          </div>
        </div>
      </div>
    </article>
  );
}
