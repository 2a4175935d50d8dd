// What the door's phone and the server exchange when the door works offline (issue 26,
// docs/decisions/024-offline-door.md): the list the phone keeps, the actions it queues, and what the
// server answers for each, the page's running count, and the events the page and the script share.
// Types and names only, so the door's script stays small.

/** A person as the door keeps them: never a whole phone number or an e-mail. */
export type DoorPerson = {
  id: number;
  name: string;
  code: string;
  status: "confirmed" | "waitlisted" | "cancelled";
  /** The last 3 digits of the phone. */
  phoneEnd: string;
  /** When checked in (HH:mm, the site's time zone), or null. */
  checkedInText: string | null;
  /** Who checked them in (the account's name before the @), or null. */
  checkedInBy: string | null;
  /** The leader who registered him in a group (searched by, as the page's search does), or null. */
  groupLeader?: string | null;
  /** Let in while not confirmed (the desk had cancelled him, or he was waiting): the door tells the desk. */
  admittedAnyway?: boolean;
  /** At an event with a fee: "Unpaid: MK 15,000" while he owes it (the door takes it in cash), else null. */
  feeText?: string | null;
};

/** GET /api/admin/events/{id}/door-list */
export type DoorList = {
  event: { id: number; name: string; dateText: string | null };
  /** The event's places (null: no limit), and whether this account may add a walk-in beyond them (a door volunteer may not). */
  places: number | null;
  mayGoOver: boolean;
  savedAt: string;
  /** 48 hours after the event (or after saving, for an undated event): the phone deletes it then. */
  expiresAt: string;
  people: DoorPerson[];
};

/** One action taken at the door, with the id the phone made for it and the time of the tap. */
export type DoorAction =
  | { id: string; at: string; kind: "checkin" | "admit"; registrationId: number }
  | { id: string; at: string; kind: "walk-in"; name: string; phone: string };

/** POST /api/admin/events/{id}/door-actions answers one of these per action, in order. */
export type DoorResult = {
  id: string;
  outcome: "checked-in" | "already-checked-in" | "walk-in" | "not-found";
  /** The action had arrived before: nothing changed this time. */
  resent: boolean;
  person: DoorPerson | null;
  /**
   * A walk-in's number was registered already: `same` when under the same name (he was checked
   * in, not added twice); otherwise the name and code it is registered under (added: a shared
   * phone, or the same man under another name, for the desk to tell), which a door volunteer's
   * phone is not told: the door never turns a whole number into a name.
   */
  registered?: { same: boolean; name?: string; code?: string };
};

/**
 * The door's running count. Only confirmed registrations count against the confirmed (a walk-in is
 * added confirmed, so it is one of them); anyone else let in (admitted anyway from the waiting list,
 * or cancelled) is counted apart, so the count never says more are in than are confirmed.
 */
export type DoorCounts = { confirmed: number; confirmedIn: number; othersIn: number };

/** The count in words, its parts apart so a page can set the number large: "3", "of 4 confirmed checked in", "· 1 more admitted anyway". */
export function doorCountWords(counts: DoorCounts): { number: string; rest: string; others: string | null } {
  return {
    number: String(counts.confirmedIn),
    rest: `of ${counts.confirmed} confirmed checked in`,
    others: counts.othersIn ? `· ${counts.othersIn} more admitted anyway` : null,
  };
}

/**
 * Fired on the window by the check-in page when its data changed (a walk-in added, someone checked
 * in from the page): the door script reads the list again, so "on this phone" counts them.
 */
export const DOOR_LIST_CHANGED = "door-list-changed";

/** Fired on the window by the door script when the server has applied the actions it sent: the page reads its count again. */
export const DOOR_SENT = "door-sent";

/**
 * How long the door waits for the server before it works as offline. On a weak signal the phone
 * says it is online while requests fail or hang ("lie-fi"): a request not answered in this time
 * counts as failed. A tap is a few hundred bytes; on 2G it comes back in 2-3 seconds.
 */
export const DOOR_WAIT_MS = 10_000;

/**
 * Fired on the window by the check-in page when a request of its own failed (a tap, a search): the
 * door script works as offline until the server answers again, keeps the tap (`detail.action`) in
 * its queue, and searches its list for what was typed (`detail.search`).
 */
export const DOOR_UNREACHABLE = "door-unreachable";

export type DoorUnreachable = { action?: { id: string; kind: "checkin" | "admit"; registrationId: number; name: string }; search?: string };

/**
 * For the root's and the admin layout's `shouldRevalidate`: a search on the check-in page (or the
 * page read again after the door's queue is sent) reads only the page's own data. The site's and the
 * account's data do not change meanwhile, and on a weak signal the failure stays the page's: its
 * clientLoader turns it into the door's offline list instead of the site's error page.
 */
export function readsOnlyTheDoor({ currentUrl, nextUrl, formMethod }: { currentUrl: URL; nextUrl: URL; formMethod?: string }): boolean {
  // The search is a GET form; anything posted (a walk-in, cash) reads everything again.
  return (!formMethod || formMethod.toUpperCase() === "GET") && currentUrl.pathname === nextUrl.pathname && /^\/admin\/events\/\d+\/check-in\/?$/.test(nextUrl.pathname);
}

/** Fired on the window by the door script when the server answers again after requests had failed: the page reads its data again. */
export const DOOR_REACHABLE = "door-reachable";

/** A door volunteer finds a phone by this many of its last digits at most (issue 28). */
export const VOLUNTEER_PHONE_DIGITS = 4;

/** The digits of a search typed as a phone number (digits, spaces, + ( ) -), or null for a name or a code. */
export function phoneSearchDigits(text: string): string | null {
  return /^[\d\s+()-]+$/.test(text.trim()) ? text.replace(/\D/g, "") : null;
}

/** A full event's walk-in from a door volunteer, refused (the page's form, and offline the door's own). */
export const fullForVolunteer = (capacity: number, confirmed: number) =>
  `The event is full (${confirmed} of ${capacity} places taken). A door volunteer cannot add more: ask an organiser (an Editor or Administrator) to add them over the capacity.`;
