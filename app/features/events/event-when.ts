// When an event is, in words and in Malawi time: the one phrase the event page, the lists, the home
// page, the private registration and group pages and the registration e-mails use (decision 051).
import { EVENT_DATE_FORMAT, EVENT_TIME_FORMAT } from "../../lib/constants";
import { formatInSiteZone } from "../../lib/time";

/**
 * 'Thursday, June 12, 2025 at 8:00 AM'; with an end, 'Friday, March 5, 2027 · 6:00 PM – Sunday,
 * March 7, 2027 · 12:00 PM', or 'Friday, March 5, 2027 · 6:00 PM – 9:00 PM' when it ends the same
 * day. Null when the date is not set yet.
 */
export function eventWhenText(date: string | null, endsAt: string | null): string | null {
  const day = formatInSiteZone(date, EVENT_DATE_FORMAT);
  if (!day) return null;
  return endsAt ? eventSpanText(date, endsAt, EVENT_DATE_FORMAT) : `${day} at ${formatInSiteZone(date, EVENT_TIME_FORMAT)}`;
}

/**
 * The start 'day · time', and the end after a dash when there is one (its day only when it is
 * another): with `dayFormat` 'EEE, MMM d, yyyy', the door's 'Sat, Nov 28, 2026 · 9:00 AM – Mon, Nov
 * 30, 2026 · 12:00 PM', so on a conference's third day the door sees it is still on. Null without a date.
 */
export function eventSpanText(date: string | null, endsAt: string | null, dayFormat: string): string | null {
  const day = formatInSiteZone(date, dayFormat);
  if (!day) return null;
  const start = `${day} · ${formatInSiteZone(date, EVENT_TIME_FORMAT)}`;
  const endDay = formatInSiteZone(endsAt, dayFormat);
  if (!endDay) return start;
  const endTime = formatInSiteZone(endsAt, EVENT_TIME_FORMAT);
  return endDay === day ? `${start} – ${endTime}` : `${start} – ${endDay} · ${endTime}`;
}

/**
 * The line under an event's date and time on its page and the events list, which keep the spec's
 * own formats for the start: 'Until Sunday, March 7, 2027 at 12:00 PM', or 'Until 9:00 PM' when it
 * ends the day it starts. Null without an end.
 */
export function eventEndText(date: string | null, endsAt: string | null): string | null {
  const day = formatInSiteZone(date, EVENT_DATE_FORMAT);
  const endDay = formatInSiteZone(endsAt, EVENT_DATE_FORMAT);
  if (!day || !endDay) return null;
  const endTime = formatInSiteZone(endsAt, EVENT_TIME_FORMAT);
  return endDay === day ? `Until ${endTime}` : `Until ${endDay} at ${endTime}`;
}
