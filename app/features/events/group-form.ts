// Registering a group (issue 25, part 4): a leader (name, phone, optional e-mail) registers up to 30
// men of his church or association at once, each with a name, an optional phone and the event's
// questions, and chooses beforehand what happens when not all fit. The form has fixed lines (10,
// then 10 more at a time with "More lines", a submit button, so it works without JavaScript).
// Problems are named by line: "Line 4: this phone number is already registered for this event".
import { z } from "zod";
import { GROUP_MODES } from "~/lib/stored-choices";
import { lowerFirst, optionalEmail, optionalText, personName, requiredText, singleSpaced } from "../../lib/schema-fields";
import type { FormAnswer } from "~/lib/form-answer";
import { PHONE_NOT_CALLABLE } from "~/lib/phone-text";
import { REGISTRATION_MESSAGES } from "./registration-form";

export const GROUP_LIMITS = { men: 30, firstLines: 10, moreLines: 10 } as const;

export type GroupMode = (typeof GROUP_MODES)[number];

export const GROUP_MODE_CHOICES: { value: GroupMode; label: string; hint: string }[] = [
  { value: "all-or-nothing", label: "Register only if all fit", hint: "If there are not enough places for everyone, nobody is registered." },
  { value: "rest-waitlisted", label: "Register those who fit; the rest join the waiting list", hint: "The first lines take the places left; the others wait and move up when places free." },
];

export const GROUP_MESSAGES = {
  leaderNameRequired: "Please write the leader's name",
  leaderPhoneRequired: "Please write the leader's phone number",
  modeRequired: "Please choose what happens if not everyone fits",
  noMen: "Please write at least one man's name",
  tooMany: `A group has at most ${GROUP_LIMITS.men} men`,
  nameRequired: (line: number) => `Line ${line}: please write his name`,
  phoneInvalid: (line: number) => `Line ${line}: ${lowerFirst(PHONE_NOT_CALLABLE)}`,
  phoneTwice: (line: number, first: number) => `Line ${line}: this phone number is already on line ${first}`,
  /** Two lines without a phone are both on the leader's number: the same name there is the same man. */
  nameTwice: (line: number, first: number) =>
    `Line ${line}: this name is already on line ${first}, also without a phone. If they are two men, add something to one name (a second name, or "Jr").`,
  /** A question's problem on a man's line, by its line and question: a leader of 30 men must find it. */
  answer: (line: number, question: string, message: string) => `Line ${line}, “${question}”: ${lowerFirst(message)}`,
  phoneTaken: (line: number) => `Line ${line}: this phone number is already registered for this event`,
  nameTaken: (line: number) => `Line ${line}: he is already registered for this event, on the leader's phone number`,
  /** A line without a phone whose name is registered for the event on another phone: the same man, or another of the same name. */
  nameSeen: (line: number) => `Line ${line}: a man of this name is already registered for this event. If it is him, remove this line.`,
  /** The box under the lines that nameSeen asks for, and its label: "John Banda" is a common name. */
  namesChecked: "If they are different men of the same name, tick this box and register again.",
  namesCheckedLabel: "They are different men: register them anyway",
  // Registered on their own, by another leader, or by this one before: the form cannot tell which, so it says what to do, not where to look.
  menTaken:
    "Some of these men are already registered for this event (see the lines marked): on their own, or in a group. Remove those lines to register the others. A man registered with his own phone can get his code again with 'Get my link again' on the event's page.",
  /** Instead of the choice, on an event without a waiting list: there is nothing to choose. */
  noWaitingList: "This event has no waiting list: a group registers only if all its men fit.",
  /** Too few places for the group: what the leader can do depends on whether the event has a waiting list. */
  notEnoughPlaces: (left: number, waitingList: boolean) => {
    const places = left === 0 ? "No places are" : `Only ${left} ${left === 1 ? "place is" : "places are"}`;
    if (!waitingList) return `${places} left and this event has no waiting list: remove some men.`;
    return left === 0
      ? `No places are left, and you chose to register only if all fit. To put the group on the waiting list, choose "${GROUP_MODE_CHOICES[1]!.label}".`
      : `${places} left, and you chose to register only if all fit. Remove some men, or choose the waiting list for the rest.`;
  },
  /** The desk's and the door's badge on a man of a group: how many of it are still registered; none, then how many were. */
  label: (leader: string, size: number, registered: number) => `Group of ${leader} (${size > 0 ? size : `all ${registered} cancelled`})`,
  /** On the group's page: keep its link private; lost, the leader can have it sent again. */
  keepPage:
    "Its link opens this page: keep it, and keep it private. Lost it? 'Get my link again' on the event's page sends it to the leader's phone again. To print the list, use your browser's Print.",
  registered: { title: "Group registered", description: "Every man's code is on this page. Keep its link: it was also sent to the leader's phone." },
  cancelledOne: { title: "Registration cancelled", description: "His place goes to the next person waiting." },
  cancelledAll: { title: "Group cancelled", description: "Every registration of the group is cancelled." },
  /** "Cancel the whole group" with nobody left to cancel (pressed twice, or on two phones at once). */
  alreadyCancelledAll: { title: "Already cancelled", description: "Every registration of the group was already cancelled." },
  /** A cancellation once the event has started: a private link no longer cancels. */
  tooLateToCancel: { title: "Nothing cancelled", description: "The event has started, so its registrations can no longer be cancelled here." },
  /** One man's cancellation that changed nothing: he was cancelled already, or the event has started. */
  notCancelled: { title: "Nothing cancelled", description: "That registration was already cancelled, or the event has started." },
  corrected: (name: string) => ({ title: "Details saved", description: `Saved ${name}'s details.` }),
  notCorrected: { title: "Nothing corrected", description: "That registration is cancelled, or the event has started." },
} as const;

/**
 * The intent of the form correcting a man on the group's page (a misspelt name, one digit wrong in
 * the phone): the desk's rules for the two (group-register.server.ts), his e-mail not on it; its
 * opened-at guard is the desk's (OPENED_AT, ./desk-registration-form.ts).
 */
export const CORRECT_INTENT = "correct";

/** A refused correction, marked with the man's registration id: his form opens again with what was typed. */
export type CorrectionAnswer = FormAnswer & { correct: number };

/** The page's action answer when it is a refused correction. */
export function correctionAnswerOf(answer: unknown): CorrectionAnswer | undefined {
  return answer !== null && typeof answer === "object" && "correct" in answer && typeof answer.correct === "number" ? (answer as CorrectionAnswer) : undefined;
}

const line = z.object({
  full_name: optionalText(120).transform((name) => name && singleSpaced(name)),
  phone_number: optionalText(30),
});

export const groupSchema = z.object({
  event_id: z.number({ error: REGISTRATION_MESSAGES.eventNotFound }).int().positive().max(9_999_999_999),
  leader_name: personName(GROUP_MESSAGES.leaderNameRequired, 120),
  leader_phone: requiredText(GROUP_MESSAGES.leaderPhoneRequired, 30),
  leader_email: optionalEmail(REGISTRATION_MESSAGES.emailInvalid),
  mode: z.enum(GROUP_MODES, { error: GROUP_MESSAGES.modeRequired }),
  men: z.array(line).max(GROUP_LIMITS.men, GROUP_MESSAGES.tooMany).default([]),
  /** Ticked after nameSeen: the lines whose names are registered already are other men. */
  names_checked: z.boolean().default(false),
  /** How many lines the form showed (More lines adds 10). */
  lines: z.number().int().min(1).max(GROUP_LIMITS.men).optional(),
});

export type GroupInput = z.output<typeof groupSchema>;

/** How many lines the form shows next: as many as it showed (at least the first 10), 10 more when asked, at most 30. */
export function linesToShow(shown: number | undefined, more: boolean): number {
  const lines = Math.max(GROUP_LIMITS.firstLines, Math.min(shown ?? 0, GROUP_LIMITS.men));
  return more ? Math.min(GROUP_LIMITS.men, lines + GROUP_LIMITS.moreLines) : lines;
}
