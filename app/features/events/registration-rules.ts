// When people may register for an event, what the pages say about it, and a registration's code,
// token and private link. The one rule: open while the event is active, registration is switched
// on, the closing time (by default the start) has not passed, and there is a place left or the
// waiting list is on. The model's guarded insert
// (app/features/events/registrations.server.ts, OPEN_FOR_REGISTRATION_SQL) holds the same rule in SQL, so a
// request that races a change still meets it; tests/unit/registration-rules.test.ts keeps the two
// in step.
/** What deciding needs: the event's switches and limits (churchevents), and how many places are taken. */
export type RegistrationWindow = {
  active: boolean;
  registration_enabled: boolean;
  /** ISO instants, or null. */
  date: string | null;
  registration_closes_at: string | null;
  capacity: number | null;
  waitlist_enabled: boolean;
  confirmed: number;
};

export const REGISTRATION_TEXT = {
  closed: "Registration Closed",
  full: "Full – join the waiting list",
  registerNow: "Register Now",
} as const;

/**
 * Only a place is paid for: a registration owes its event's fee (`price`) while it has a place and
 * has not paid it (nor had it waived or refunded). A man on the waiting list owes nothing yet.
 * `owesFeeSql` (registrations.server.ts) is the same rule in SQL.
 */
export function owesFee(registration: { status: string; payment_status: string }, price: number | null): boolean {
  return registration.status === "confirmed" && registration.payment_status === "unpaid" && (price ?? 0) > 0;
}

/** Whether an event (its date, or none set yet) has not started: a registration may still be cancelled or corrected. */
export function beforeTheEvent(date: string | null, now: Date): boolean {
  return date === null || new Date(date) > now;
}

/** '12 places left', '1 place left'. */
export function placesLeftText(placesLeft: number): string {
  return `${placesLeft} ${placesLeft === 1 ? "place" : "places"} left`;
}

/** When registration closes (an ISO instant), or null when it never closes by itself (no date yet). */
export function registrationClosesAt(event: Pick<RegistrationWindow, "date" | "registration_closes_at">): string | null {
  return event.registration_closes_at ?? event.date;
}

export type RegistrationState = {
  open: boolean;
  /** Places still free, or null when there is no capacity. */
  placesLeft: number | null;
  /** Every place is taken (open or not). */
  full: boolean;
  /** What the lists and the event page say beside the button: places left, full, or closed. */
  note: string | null;
};

export function registrationState(event: RegistrationWindow, now: Date): RegistrationState {
  const placesLeft = event.capacity === null ? null : Math.max(0, event.capacity - event.confirmed);
  const full = placesLeft === 0;
  const closesAt = registrationClosesAt(event);
  const open =
    event.active &&
    event.registration_enabled &&
    (closesAt === null || new Date(closesAt) > now) &&
    (!full || event.waitlist_enabled);
  let note: string | null = REGISTRATION_TEXT.closed;
  if (open) note = full ? REGISTRATION_TEXT.full : placesLeft === null ? null : placesLeftText(placesLeft);
  return { open, placesLeft, full, note };
}

/** Whether people can register for the event now. */
export function registrationOpen(event: RegistrationWindow, now: Date): boolean {
  return registrationState(event, now).open;
}

/** The reference code's characters: no 0/O or 1/I to confuse on a phone screen or a paper list. */
export const REGISTRATION_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REGISTRATION_CODE_LENGTH = 6;

/** A code as typed by a person (lower case, spaces): the stored form, or null when it cannot be one. */
export function readRegistrationCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, "").toUpperCase();
  return code.length === REGISTRATION_CODE_LENGTH && [...code].every((c) => REGISTRATION_CODE_ALPHABET.includes(c)) ? code : null;
}

/** A reference code: 6 characters of the alphabet (32 of them, so each random byte maps evenly). */
export function newRegistrationCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REGISTRATION_CODE_LENGTH));
  return [...bytes].map((byte) => REGISTRATION_CODE_ALPHABET[byte % REGISTRATION_CODE_ALPHABET.length]).join("");
}

/** The private page's path for a token. */
export function registrationPath(token: string): string {
  return `/registrations/${token}`;
}

/** "Get my link again" for an event (./registration-link.ts): the private link sent again to the number registered. */
export function linkAgainPath(eventId: number): string {
  return `/events/${eventId}/my-link`;
}

/** A group's page for its leader (every man's code, cancelling): its token is the only credential. */
export function groupPath(token: string): string {
  return `/groups/${token}`;
}
