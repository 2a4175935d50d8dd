import type { PublicEvent } from "~/features/events/public-event";
import { CalendarIcon, ClockIcon, MapPinIcon } from "../../components/icons";
import { EVENTS_MESSAGES } from "./event-messages";


type Facts = Pick<PublicEvent, "date" | "dateText" | "timeText" | "endText" | "location"> & { fee?: number | null };

/**
 * The date, time (both in Malawi time, written out by the server) and place of an event; under the
 * time, when it has one, its end ('Until Sunday, March 7, 2027 at 12:00 PM').
 */
export function EventFacts({ event, className = "" }: { event: Facts; className?: string }) {
  return (
    <ul className={`space-y-2 text-sm text-stone-700 ${className}`}>
      <li className="flex gap-2.5">
        <CalendarIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
        {event.date && event.dateText ? (
          <time dateTime={event.date}>{event.dateText}</time>
        ) : (
          <span>{EVENTS_MESSAGES.dateToBeAnnounced}</span>
        )}
      </li>
      {event.timeText ? (
        <li className="flex gap-2.5">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span className="min-w-0">
            {event.timeText}
            <span className="text-stone-600"> (Malawi time)</span>
            {event.endText ? <span className="block">{event.endText}</span> : null}
          </span>
        </li>
      ) : null}
      <li className="flex gap-2.5">
        <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span className="min-w-0 break-words">{event.location ?? EVENTS_MESSAGES.locationToBeAnnounced}</span>
      </li>
      {event.fee ? (
        <li className="flex gap-2.5 font-semibold text-stone-900">
          <span aria-hidden="true" className="w-4 shrink-0 text-center text-brand-700">K</span>
          <span>{EVENTS_MESSAGES.fee(event.fee)}</span>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * Beside Register Now: how many places are left, or that the event is full and people join the
 * waiting list. `eventId` where the registration dialog opens on the page: its island writes the
 * count again once a registration is made there.
 */
export function RegistrationNote({ note, eventId, className = "" }: { note: string | null; eventId?: number; className?: string }) {
  if (!note) return null;
  // In the body's colour: the brand's blue reads as a link, and it is none.
  return (
    <p data-registration-note={eventId} className={`text-sm font-semibold text-stone-700 ${className}`}>
      {note}
    </p>
  );
}

/** Shown instead of the Register Now button when registration is not open: text, not a control. */
export function RegistrationClosedBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center justify-center rounded-md border border-stone-300 bg-stone-100 px-5 py-2.5 text-sm font-semibold text-stone-600 ${className}`}
    >
      {EVENTS_MESSAGES.registrationClosed}
    </span>
  );
}
