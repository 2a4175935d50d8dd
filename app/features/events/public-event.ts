// An event as visitors see it: only the fields a visitor sees, with the date and time already
// written out in Malawi time (so the browser needs no time-zone code and prints exactly what the
// server printed), and the links to save it to a calendar and to pass it on.
import type { EventWithPlaces } from "~/features/events/events.server";
import { EVENT_DATE_FORMAT, EVENT_TIME_FORMAT } from "../../lib/constants";
import { calendarLinksOf, type CalendarLinks } from "./icalendar";
import { registrationState } from "./registration-rules";
import { eventEndText, eventWhenText } from "./event-when";
import { formatInSiteZone } from "../../lib/time";
import { whatsappShareUrl } from "~/lib/app-links";
import { feeOf } from "~/lib/money";

export type PublicEvent = {
  id: number;
  name: string;
  /** The start as an ISO instant (for <time dateTime>), or null when not set yet. */
  date: string | null;
  /** The end as an ISO instant, or null when it is not known. */
  endsAt: string | null;
  /** 'EEEE, MMMM d, yyyy' in Malawi time, or null when there is no date. */
  dateText: string | null;
  /** 'h:mm a' in Malawi time, or null when there is no date. */
  timeText: string | null;
  /** Both in one phrase, 'Thursday, June 12, 2025 at 8:00 AM', with the end when there is one (eventWhenText), or null. */
  whenText: string | null;
  /** Under the date and time, when it has an end: 'Until Sunday, March 7, 2027 at 12:00 PM' (eventEndText), or null. */
  endText: string | null;
  location: string | null;
  description: string | null;
  imageUrl: string | null;
  imageAlt: string;
  /** Whether people can register now (app/features/events/registration-rules.ts). */
  registrationOpen: boolean;
  /** '12 places left', 'Full – join the waiting list', 'Registration Closed', or null (open, no limit). */
  registrationNote: string | null;
  /** Every place is taken and the waiting list is open: registering joins the waiting list. */
  joinsWaitingList: boolean;
  /** It asks registration questions: Register Now leads to its registration page, not the dialog. */
  asksQuestions?: boolean;
  /** The fee in whole kwacha, or null: free. */
  fee: number | null;
  /** Online payment (Airtel Money, TNM Mpamba) is set up: the fee is said to be paid so. */
  payOnline: boolean;
  /** SMS are set up: the form promises them (a deploy without the SMS provider's keys sends none). */
  sendsSms: boolean;
};

/** What this deploy does for a visitor (server/visitor-services.server.ts). */
export type VisitorServices = Pick<PublicEvent, "payOnline" | "sendsSms">;

export function toPublicEvent(event: EventWithPlaces, now: Date, { payOnline, sendsSms }: VisitorServices): PublicEvent {
  const registration = registrationState(event, now);
  return {
    id: event.id,
    name: event.name,
    date: event.date,
    endsAt: event.date ? event.ends_at : null,
    dateText: formatInSiteZone(event.date, EVENT_DATE_FORMAT),
    timeText: formatInSiteZone(event.date, EVENT_TIME_FORMAT),
    whenText: eventWhenText(event.date, event.ends_at),
    endText: eventEndText(event.date, event.ends_at),
    location: event.location?.trim() || null,
    description: event.description?.trim() || null,
    imageUrl: event.image_url,
    // Admins may leave the description empty: the event's name then describes its picture.
    imageAlt: event.image_alt?.trim() || event.name,
    registrationOpen: registration.open,
    registrationNote: registration.note,
    joinsWaitingList: registration.open && registration.full,
    asksQuestions: Boolean(event.questions),
    fee: feeOf(event.price),
    payOnline,
    sendsSms,
  };
}

export type SharedEvent = PublicEvent & { calendar: CalendarLinks | null; whatsappHref: string };

export function toSharedEvent(row: EventWithPlaces, origin: string, now: Date, services: VisitorServices): SharedEvent {
  const event = toPublicEvent(row, now, services);
  return { ...event, calendar: calendarLinksOf(row, origin), whatsappHref: whatsappShareUrl(event.name, `${origin}/events/${event.id}`) };
}
