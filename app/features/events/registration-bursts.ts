// Registration bursts (issue 28, finding 1; docs/decisions/026-registration-bursts.md): when an
// event receives registrations from the website at more than 10 times its usual rate, and how staff
// cancel one. The rules and the words staff read (the dashboard's card, the Administrators' e-mail,
// the desk's "Cancel a burst" form); the e-mail is in ./registration-emails.ts, the queries in
// ./registration-bursts.server.ts and ./cancel-burst.server.ts.

export const BURST_RULES = {
  /** An alert needs at least this many registrations in the last hour, whatever the usual rate (an event's first ones never alert). */
  floor: 20,
  /** …and more than this many times the usual hourly rate. */
  times: 10,
  /** The usual rate: the average hour of these days before the last hour. */
  usualDays: 7,
  /** At most one alert per event in this many hours (one burst, one e-mail). */
  alertEveryHours: 6,
  /** The dashboard shows a burst for this long after it was seen. */
  dashboardHours: 24,
} as const;

/** Hours in the usual rate's period (7 days). */
export const USUAL_HOURS = BURST_RULES.usualDays * 24;

/** The usual rate in words: "about 0.3 an hour", or "none" when the 7 days before had none. */
export function usualRateText(previousWeek: number): string {
  if (previousWeek === 0) return `none in the ${BURST_RULES.usualDays} days before`;
  const perHour = previousWeek / USUAL_HOURS;
  return `about ${perHour < 10 ? perHour.toFixed(1) : Math.round(perHour)} an hour`;
}

/** A burst as the card and the e-mail tell it. */
export type BurstFacts = { eventName: string; lastHour: number; previousWeek: number; detectedText: string };

export function burstSentence(burst: BurstFacts): string {
  return `${burst.eventName} received ${burst.lastHour} registrations on the website in the hour to ${burst.detectedText}; usually ${usualRateText(burst.previousWeek)}.`;
}

/** The dashboard card's Dismiss button and its answers. */
export const BURST_DISMISS = {
  intent: "dismiss-burst",
  field: "burst_id",
  button: (eventName: string) => `Dismiss: the registrations for ${eventName} are real people`,
  done: { title: "Alert dismissed", description: "It no longer shows on the dashboard." },
  already: "That alert was already dismissed, or no longer exists.",
} as const;

// ----- Cancel a burst (the desk) ----------------------------------------------------------------

export const BURST_FIELDS = { from: "burst_from", to: "burst_to", group: "address_group", expected: "expected" } as const;

export const BURST_MESSAGES = {
  fromRequired: "Enter From: the date and time the burst began.",
  toRequired: "Enter To: the date and time the burst ended.",
  notATime: "Enter a date and time.",
  toBeforeFrom: "To must be after From.",
  group: "Choose an address group from the list.",
  nothing: "No registrations in that window.",
  changed: (now: number, before: number) =>
    `The registrations in that window changed since the preview (${before} then, ${now} now). Check them and confirm again.`,
  cancelled: (n: number, promoted: number) => ({
    title: `Cancelled ${n} ${n === 1 ? "registration" : "registrations"}`,
    description: promoted ? `${promoted} moved up from the waiting list (they are told by e-mail or SMS where they can be).` : "Nobody was waiting for the places.",
  }),
} as const;

/** The addresses groups of a window (or of the event): "Group 3f2a91c0 (42 registrations)". */
export function addressGroupLabel(group: string, n: number): string {
  return `Group ${group} (${n} ${n === 1 ? "registration" : "registrations"})`;
}
