// A registration as its person sees it: after registering (the dialog's confirmation, from the
// JSON answer) and on the private page /registrations/{token}. Everything is written out by the
// server (dates in Malawi time, links absolute), so the island only fills it in.
import type { RegistrationStatus } from "~/db/schema";
import { PAY_BY_FORMAT } from "../../lib/constants";
import { formatInSiteZone } from "../../lib/time";
import type { FormAnswer } from "~/lib/form-answer";
import { CANCELLED_NOT_PAID } from "~/lib/stored-choices";
import { feeOf, formatKwacha } from "~/lib/money";
import { beforeTheEvent, registrationPath } from "./registration-rules";
import { eventWhenText } from "./event-when";

/** The id of the private page's fee heading (app/features/payments/pay-panel.tsx), where the pay link leads. */
export const FEE_HEADING_ID = "fee-heading";

/** What the registration form answers on success: its answer, with what the person sees next. */
/** `placesNote`: what the event's lists say beside Register Now now that it is counted ("11 places left"; null: no capacity). */
export type RegistrationAnswer = FormAnswer<{ registration: RegistrationView; placesNote: string | null }>;

export type RegistrationView = {
  status: RegistrationStatus;
  /**
   * 'Your place is confirmed.' (or, while its fee is unpaid at an event that releases unpaid places,
   * 'Your place is held for you until …'), 'You are number 3 on the waiting list.', 'This registration is cancelled.'
   */
  statusText: string;
  code: string;
  eventId: number;
  eventName: string;
  /** 'Thursday, June 12, 2025 at 8:00 AM' (Malawi time), or null when the date is not set yet. */
  whenText: string | null;
  location: string | null;
  /** The event's .ics file, or null when it has no date. */
  calendarHref: string | null;
  /** 'Send to my WhatsApp': the event, date, code and private link, to send to oneself or a friend. */
  whatsappHref: string;
  /** The private link, absolute. */
  privateUrl: string;
  /**
   * Right after registering for an event with a fee: the private page's fee section (its mobile-money
   * form, or where to pay while online payment is not set up) and what the link says; null
   * otherwise (the private page shows that section itself).
   */
  payHref: string | null;
  payText: string | null;
};

export const REGISTRATION_VIEW_TEXT = {
  confirmed: "Your place is confirmed.",
  // Not "confirmed" while the place can still go to the next man (the event's "Hours to pay").
  held: (until: string) => `Your place is held for you until ${until}. Pay the fee to keep it.`,
  waitlisted: (place: number | null) =>
    place ? `You are number ${place} on the waiting list. You move up when a place frees up.` : "You are on the waiting list.",
  cancelled: "This registration is cancelled.",
  cancelledNotPaid: "This registration is cancelled: the fee was not paid in time, so the place went to the next person waiting.",
  addToCalendar: "Add to calendar",
  sendToWhatsApp: "Send to my WhatsApp",
  // Says nothing of how: the page offers mobile money when payments are set up, else the registration desk.
  pay: (fee: number) => `Pay the fee: ${formatKwacha(fee)}`,
  keepLink: "Keep this link private: whoever has it can see, change or cancel your registration.",
  /** The last line of 'Send to my WhatsApp': the link is a key, not news to pass on. */
  privateLine: "Private: whoever has this link can change or cancel the registration. Do not forward.",
} as const;

/** `heldUntil`: when a confirmed place whose fee is unpaid goes to the next man (ISO), or null when it is his to keep. */
/** A registration's status as staff and a group's leader read it: "Confirmed", "Waiting list #2", "Cancelled: fee not paid in time". */
export function registrationStatusLabel(status: RegistrationStatus, place: number | null, cancelReason: string | null = null): string {
  if (status === "confirmed") return "Confirmed";
  if (status === "waitlisted") return place ? `Waiting list #${place}` : "Waiting list";
  return cancelReason === CANCELLED_NOT_PAID ? "Cancelled: fee not paid in time" : "Cancelled";
}

export function registrationStatusText(status: RegistrationStatus, place: number | null, heldUntil: string | null = null, cancelReason: string | null = null): string {
  const until = status === "confirmed" ? formatInSiteZone(heldUntil, PAY_BY_FORMAT) : null;
  if (until) return REGISTRATION_VIEW_TEXT.held(until);
  if (status === "confirmed") return REGISTRATION_VIEW_TEXT.confirmed;
  if (status === "waitlisted") return REGISTRATION_VIEW_TEXT.waitlisted(place);
  return cancelReason === CANCELLED_NOT_PAID ? REGISTRATION_VIEW_TEXT.cancelledNotPaid : REGISTRATION_VIEW_TEXT.cancelled;
}

type Source = {
  status: RegistrationStatus;
  place: number | null;
  code: string;
  token: string;
  /** While its fee is unpaid at an event with "Hours to pay": when the place goes to the next man (ISO); else null. */
  held_until: string | null;
  /** Why it was cancelled when not by a person ("not paid"), on the private page. */
  cancel_reason?: string | null;
  /** The event's price, given only right after registering (see payHref). */
  event: { id: number; name: string; date: string | null; ends_at: string | null; location: string | null; price?: number | null };
};

export function registrationView({ status, place, code, token, held_until, cancel_reason, event }: Source, origin: string): RegistrationView {
  const whenText = eventWhenText(event.date, event.ends_at);
  const location = event.location?.trim() || null;
  const privateUrl = `${origin}${registrationPath(token)}`;
  const message = [`My registration for ${event.name}`, whenText, location, `Code: ${code}`, privateUrl, REGISTRATION_VIEW_TEXT.privateLine].filter(Boolean).join("\n");
  const fee = status === "confirmed" ? feeOf(event.price) : null;
  return {
    status,
    statusText: registrationStatusText(status, place, held_until, cancel_reason ?? null),
    code,
    eventId: event.id,
    eventName: event.name,
    whenText,
    location,
    calendarHref: event.date ? `${origin}/events/${event.id}/calendar.ics` : null,
    whatsappHref: `https://wa.me/?text=${encodeURIComponent(message)}`,
    privateUrl,
    payHref: fee ? `${privateUrl}#${FEE_HEADING_ID}` : null,
    payText: fee ? REGISTRATION_VIEW_TEXT.pay(fee) : null,
  };
}

/**
 * What staff send a registrant on WhatsApp (wa.me/{their number}): their status, code and private
 * link. This is how people without e-mail get their proof back, or hear they have moved up.
 */
export function personalMessage(person: { fullName: string; status: RegistrationStatus; place: number | null; code: string; promoted: boolean }, eventName: string, privateUrl: string): string {
  const opening =
    person.status === "confirmed" && person.promoted
      ? `Good news: a place has opened and you are now confirmed for ${eventName}.`
      : `Your registration for ${eventName}: ${registrationStatusText(person.status, person.place)}`;
  return [`Hello ${person.fullName},`, opening, `Your code: ${person.code}`, `Your registration: ${privateUrl}`].join("\n");
}

/** A registration as its private page shows it: who, its state, whether it can still be cancelled, and its view. */
export function privatePageView(found: Source & { full_name: string; cancelled_by: string | null; event: Source["event"] & { active: boolean; open: boolean } }, origin: string, now: Date) {
  return {
    fullName: found.full_name,
    status: found.status,
    /** The number on the waiting list (null when confirmed or cancelled). */
    place: found.status === "waitlisted" ? found.place : null,
    eventId: found.event.id,
    eventActive: found.event.active,
    /** The event takes registrations now: a cancelled registration can be restored, or made again. */
    eventOpen: found.event.open,
    /** Cancelling is for before the event starts. */
    cancellable: found.status !== "cancelled" && beforeTheEvent(found.event.date, now),
    /** Cancelled by its man himself (on his page): he may restore it while the event takes registrations (as restoreByToken checks). */
    restorable: found.status === "cancelled" && found.cancelled_by === "registrant" && found.event.open,
    view: registrationView(found, origin),
  };
}
