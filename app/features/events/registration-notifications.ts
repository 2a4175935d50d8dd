// What the events address (settings) hears of an event's registrations from the website, chosen in
// the event form: nothing, an e-mail for each one, or one summary a day (issue 16). The summary is
// written by the daily Cron Trigger (workers/scheduled-jobs.ts), in Malawi's early morning.
import { REGISTRATION_NOTIFICATIONS } from "~/lib/stored-choices";

export { REGISTRATION_NOTIFICATIONS };
export type RegistrationNotifications = (typeof REGISTRATION_NOTIFICATIONS)[number];

/** The event form's choices, in its order. */
export const REGISTRATION_NOTIFICATION_CHOICES: { value: RegistrationNotifications; label: string; hint: string }[] = [
  { value: "none", label: "None", hint: "Staff see registrations at the desk" },
  { value: "each", label: "Each registration", hint: "An e-mail to the events address for every registration from the website" },
  { value: "daily", label: "Daily summary", hint: "One e-mail to the events address each morning at 05:00, when there are new registrations" },
];
