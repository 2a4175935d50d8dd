// The home page's conference card (SPEC section 2, Home), as the Conference card settings choose
// it: an event of the site ('event'), the next event taking registrations ('auto'), one typed in by
// hand ('custom', the spec's conference on a fresh install) or none ('hidden'). An event that is
// deleted, hidden or over is never shown as upcoming; the dashboard warns about it instead.
import type { EventWithPlaces } from "~/features/events/index.server";
import { registrationOpen } from "~/features/events";
import { formatInSiteZone, siteLocalInputToIso } from "../../lib/time";
import type { SiteSettings } from "~/features/settings";

export type ConferenceCardView = {
  eyebrow: string;
  title: string;
  /** The start, as an ISO instant: the countdown's target. */
  startsAt: string;
  /** 'Thursday, June 12, 2025 · 8:00 AM' in Malawi time. */
  dateText: string;
  venue: string;
  /** Where 'Register Now' goes. */
  href: string;
};

/** The events the card may show, read with the page: the chosen one, and the next open one. */
export type ConferenceEvents = { chosen: EventWithPlaces | null; next: EventWithPlaces | null };

type Card = SiteSettings["conference"];

function dateTextOf(iso: string): string {
  return `${formatInSiteZone(iso, "EEEE, MMMM d, yyyy")} · ${formatInSiteZone(iso, "h:mm a")}`;
}

function isUpcoming(event: EventWithPlaces | null, now: Date): event is EventWithPlaces & { date: string } {
  return event !== null && event.active && event.date !== null && new Date(event.date) > now;
}

function fromEvent(card: Card, event: EventWithPlaces & { date: string }, now: Date): ConferenceCardView {
  return {
    eyebrow: card.eyebrow || "Upcoming Event",
    title: event.name,
    startsAt: event.date,
    dateText: dateTextOf(event.date),
    venue: event.location?.trim() || "Location TBA",
    href: registrationOpen(event, now) ? `/events?register=${event.id}` : `/events/${event.id}`,
  };
}

/** What the card shows now, or null when there is no card. */
export function conferenceCard(card: Card, events: ConferenceEvents, now: Date): ConferenceCardView | null {
  switch (card.conference_mode) {
    case "hidden":
      return null;
    case "event":
      return isUpcoming(events.chosen, now) ? fromEvent(card, events.chosen, now) : null;
    case "auto":
      return isUpcoming(events.next, now) ? fromEvent(card, events.next, now) : null;
    case "custom": {
      const startsAt = siteLocalInputToIso(card.starts_at);
      if (!startsAt) return null;
      return { eyebrow: card.eyebrow, title: card.title, startsAt, dateText: dateTextOf(startsAt), venue: card.venue, href: card.link || "/events" };
    }
  }
}

/** Why the card needs an admin's attention (a past or missing conference), or null. */
export function conferenceWarning(card: Card, events: ConferenceEvents, now: Date): string | null {
  if (card.conference_mode === "event") {
    const chosen = events.chosen;
    if (!chosen) return "The home page's conference card shows an event that no longer exists, so the card is hidden.";
    if (!chosen.active) return `The home page's conference card shows "${chosen.name}", which is hidden, so the card is hidden.`;
    if (!isUpcoming(chosen, now)) {
      // Running (it has an end still to come, decision 051): not "taken place", though a countdown has nothing left to count.
      if (chosen.ends_at && new Date(chosen.ends_at) > now) {
        return `The home page's conference card shows "${chosen.name}", which has started (it runs until ${dateTextOf(chosen.ends_at)}), so the card, a countdown to its start, is hidden.`;
      }
      return `The home page's conference card shows "${chosen.name}", which has already taken place, so the card is hidden.`;
    }
  }
  if (card.conference_mode === "custom") {
    const startsAt = siteLocalInputToIso(card.starts_at);
    if (startsAt && new Date(startsAt) <= now) {
      return `The home page's conference card still counts down to "${card.title}" on ${dateTextOf(startsAt)}, which has passed.`;
    }
  }
  return null;
}
