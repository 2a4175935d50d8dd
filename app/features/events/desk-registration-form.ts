// Adding a registration at the desk (phoned in) or at the door (a walk-in): the public form's
// fields and rules (SPEC section 5: name and phone required, e-mail optional), plus the two choices
// only staff make. The server reads the phone as a number (app/server/phone.server.ts).
import type { z } from "zod";
import { checkbox } from "../../lib/schema-fields";
import { fullForVolunteer } from "./door-types";
import { REGISTRATION_MESSAGES, registrationSchema } from "./registration-form";
import { staleSaveMessage } from "~/features/history";

export const deskRegistrationSchema = registrationSchema.pick({ full_name: true, phone_number: true, email: true }).extend({
  /** A second person on a phone already registered for the event (a family phone). */
  shared_phone: checkbox(),
  /** Add them although every place is taken (recorded on the registration). */
  over_capacity: checkbox(),
});

export type DeskRegistrationInput = z.output<typeof deskRegistrationSchema>;

/**
 * Correcting a registration at the desk (a misspelt name, one digit wrong in the phone): the three
 * fields Add asks, by the same rules. The form also posts the registration's id and the
 * `updated_at` it was opened at (its version guard), read apart from the schema.
 */
export const deskEditSchema = registrationSchema.pick({ full_name: true, phone_number: true, email: true });

/** The edit form's hidden version: the registration's `updated_at` when the form was opened. */
export const OPENED_AT = "updated_at";

/** Who holds a phone already registered for the event: the public form's words, and the holder. */
const phoneHeldBy = (holder: { full_name: string; code: string }) => `${REGISTRATION_MESSAGES.alreadyRegistered} (${holder.full_name}, code ${holder.code}).`;

/**
 * How a man moved up hears of it: a message going now (an e-mail this deploy can send, or an SMS
 * due now), an SMS at 07:00 (written at night), or nobody tells him but staff.
 */
export type ToldBy = "now" | "morning" | "staff";

const TOLD_THEM: Record<ToldBy, string> = {
  now: "They are being sent a message (SMS or e-mail).",
  morning: "They get an SMS at 07:00: tell them now with the WhatsApp link if it cannot wait.",
  staff: "Tell them with the WhatsApp link.",
};

/** The toast's sentences on who hears how, each group of men named once. */
function tellingOf(men: readonly { full_name: string; told: ToldBy }[]): string[] {
  const SAYING: Record<ToldBy, (names: string) => string> = {
    now: (names) => `${names}: being sent a message (SMS or e-mail).`,
    morning: (names) => `${names}: an SMS at 07:00; tell them now with the WhatsApp link if it cannot wait.`,
    staff: (names) => `Tell ${names} with the WhatsApp link.`,
  };
  return (["now", "morning", "staff"] as const).flatMap((told) => {
    const names = men.filter((man) => man.told === told).map((man) => man.full_name);
    return names.length ? [SAYING[told](names.join(", "))] : [];
  });
}

export const DESK_MESSAGES = {
  added: (name: string, code: string) => ({ title: "Registration added", description: `${name} is confirmed. Code ${code}.` }),
  addedWaiting: (name: string, code: string, place: number | null) => ({
    title: "Added to the waiting list",
    description: `The event is full: ${name} is number ${place ?? "?"} on the waiting list. Code ${code}.`,
  }),
  walkIn: (name: string, code: string) => ({ title: "Walk-in added", description: `${name} is checked in. Code ${code}.` }),
  addedOver: (name: string, code: string) => ({ title: "Registration added", description: `${name} is confirmed over the capacity. Code ${code}.` }),
  phoneTaken: (holder: { full_name: string; code: string }) => `${phoneHeldBy(holder)} To add another person who shares this phone, tick 'Shares a phone'.`,
  /** Correcting a phone to one already registered: Add's words, without its 'Shares a phone' (the edit form has none). */
  editPhoneTaken: phoneHeldBy,
  edited: (name: string) => ({ title: "Details saved", description: `Saved ${name}'s details.` }),
  /** The edit form was opened before someone changed this registration (edited, cancelled, paid...). */
  editStale: staleSaveMessage("this registration", "Save changes", { keptInHistory: false }),
  /** At the door: names nobody, so a number typed never tells who holds it. */
  phoneTakenAtDoor: `${REGISTRATION_MESSAGES.alreadyRegistered}. Find the person by name or code; to add another person who shares this phone, tick 'Shares a phone'.`,
  full: (capacity: number, confirmed: number) =>
    `The event is full (${confirmed} of ${capacity} places taken). Tick 'Go over the capacity' to add them anyway.`,
  /** A door volunteer's walk-in form has no 'Go over the capacity': who can. */
  fullForVolunteer,
  cancelled: { title: "Registration cancelled" },
  /** Who moved up into the freed place, and how each hears of it: a message now, an SMS in the morning, or staff. */
  cancelledPromoted: (men: readonly { full_name: string; told: ToldBy }[]) => ({
    title: "Registration cancelled",
    description: [`Moved up from the waiting list: ${men.map((man) => man.full_name).join(", ")}.`, ...tellingOf(men)].join(" "),
  }),
  alreadyCancelled: "This registration was already cancelled.",
  restored: (status: "confirmed" | "waitlisted") => ({
    title: "Registration restored",
    description: status === "confirmed" ? "They have a place again." : "No place was free: they are at the end of the waiting list.",
  }),
  notCancelled: "This registration is not cancelled.",
  restorePhoneTaken: (holder: { full_name: string; code: string }) =>
    `This phone number has registered again since (${holder.full_name}, code ${holder.code}).`,
  promoted: (overCapacity: boolean, told: ToldBy) => ({
    title: "Moved up",
    description: `They have a place now${overCapacity ? ", over the capacity" : ""}. ${TOLD_THEM[told]}`,
  }),
  notWaitlisted: "This person is no longer on the waiting list.",
  promoteFull: (capacity: number, confirmed: number) =>
    `The event is full (${confirmed} of ${capacity} places taken). Use 'Move up over capacity' to give them a place anyway.`,
  told: { title: "Marked as told" },
  /** A second 'Mark as told' (a double tap, or two staff): nothing changed, and nothing is wrong. */
  alreadyTold: { title: "Already marked as told", description: "Someone marked this person as told already, or he was told by the site's own message." },
  notFound: "This registration no longer exists.",
  failed: "Failed to update the registration. Please try again.",
} as const;
