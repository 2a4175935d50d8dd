// The message to an event's registrants (/admin/events/{id}/message, issue 24): who it goes to
// (`audience`), how (`channel`), the text (`body`) and whether the SMS may go at night (`urgent`).
// SMS carries event logistics only: providers' rules for Malawi forbid religious, political and
// promotional content by SMS, so the composer says so beside its text box; the newsletter never
// goes by SMS.
import { z } from "zod";
import { MESSAGE_AUDIENCES, MESSAGE_CHANNELS } from "~/lib/stored-choices";

export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_BODY_MAX = 600;

export const AUDIENCE_CHOICES: { value: MessageAudience; label: string }[] = [
  { value: "confirmed", label: "Confirmed" },
  { value: "waitlisted", label: "On the waiting list" },
  { value: "checked_in", label: "Checked in" },
  { value: "not_checked_in", label: "Confirmed, not checked in" },
  { value: "everyone", label: "Everyone registered (not cancelled)" },
];

export const CHANNEL_CHOICES: { value: MessageChannel; label: string }[] = [
  { value: "sms", label: "SMS" },
  { value: "email", label: "E-mail" },
  { value: "both", label: "SMS and e-mail" },
];

export const SMS_CONTENT_NOTE =
  "SMS carries event logistics only: places, codes, payments, reminders, changes of time or place. Malawi's networks refuse religious, political and promotional SMS, and the newsletter never goes by SMS.";

export const eventMessageSchema = z.object({
  audience: z.enum(MESSAGE_AUDIENCES, { error: "Please choose who the message goes to" }),
  channel: z.enum(MESSAGE_CHANNELS, { error: "Please choose SMS, e-mail or both" }),
  body: z
    .string({ error: "Please write the message" })
    .trim()
    .min(1, "Please write the message")
    .max(MESSAGE_BODY_MAX, `Please keep the message under ${MESSAGE_BODY_MAX} characters`),
  urgent: z.literal("on").optional(),
  send_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional(),
});

export type EventMessageInput = z.infer<typeof eventMessageSchema>;
