// When an event's confirmed registrants are reminded, by SMS and by e-mail where given (issue 24):
// not at all, the day before (the default), or two hours before. The outbox cron writes each
// reminder once (./event-reminders.server.ts); moving the event's date arms it again.
import { EVENT_REMINDERS } from "~/lib/stored-choices";

export { EVENT_REMINDERS };
export type EventReminder = (typeof EVENT_REMINDERS)[number];

/** How long before the start each reminder is due. */
export const REMINDER_LEAD_MS: Record<Exclude<EventReminder, "none">, number> = { day_before: 24 * 3_600_000, two_hours: 2 * 3_600_000 };

/** The event form's choices, in its order. */
export const EVENT_REMINDER_CHOICES: { value: EventReminder; label: string; hint: string }[] = [
  { value: "day_before", label: "The day before", hint: "24 hours before the start (SMS wait for 07:00 when that falls at night)" },
  { value: "two_hours", label: "Two hours before", hint: "For an event people may forget on the day (an event before 07:00 is reminded the evening before, by 20:00, when SMS still go)" },
  { value: "none", label: "No reminder", hint: "" },
];
