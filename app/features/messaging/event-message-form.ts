// The message to an event's registrants (/admin/events/{id}/message, issue 24): who it goes to
// (`audience`), how (`channel`), the text (`body`) and whether the SMS may go at night (`urgent`).
// SMS carries event logistics only: providers' rules for Malawi forbid religious, political and
// promotional content by SMS, so the composer says so beside its text box; the newsletter never
// goes by SMS.
import { z } from "zod";
import { cutGsm7, toGsm7 } from "~/lib/gsm7";
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

/** The longest an event's name runs in a message's SMS before it is cut. */
const SMS_EVENT_NAME_MAX = 30;

/** The Send button's words: how many messages go (SMS and e-mail to one person are two). */
export function sendLabel(messages: number): string {
  return `Send ${messages} ${messages === 1 ? "message" : "messages"}`;
}

/** How a sent message is listed: to whom and by which way, in the form's words ("Confirmed", "SMS and e-mail"). */
export function sentToText(message: { audience: string; channel: string }): string {
  const labelOf = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
  return `To: ${labelOf(AUDIENCE_CHOICES, message.audience)} · By ${labelOf(CHANNEL_CHOICES, message.channel)}`;
}

/** A message's SMS: "{sender}: {event}: {text} Info/stop SMS: {link}", all GSM-7 (the composer counts it as it is typed). */
export function eventMessageSms(sender: string, eventName: string, body: string, link: string): string {
  return toGsm7(`${sender}: ${cutGsm7(toGsm7(eventName), SMS_EVENT_NAME_MAX)}: ${toGsm7(body)} Info/stop SMS: ${link}`);
}

/** An example private link as long as a real one, for counting before anyone is chosen. */
export function exampleShortLink(origin: string): string {
  return `${origin}/r/${"x".repeat(22)}`;
}

/** What was previewed (who, how, the text): Send goes only with exactly that. */
export function previewedOf(input: { audience: string; channel: string; body: string }): string {
  return JSON.stringify([input.audience, input.channel, input.body]);
}

/** Send after the message was changed since its preview: the new preview is shown instead. */
export const CHANGED_SINCE_PREVIEW = "The message changed after its preview, so nothing was sent. Check the new preview below, then press Send.";

/** What the preview says beside its counts: who this way misses, and SMS that wait for the morning. */
export const PREVIEW_NOTES = {
  /** `both`: how many of them SMS and e-mail together would reach (the hint only when that is someone). */
  missed: (n: number, both: number, channel: string | undefined) =>
    `${n === 1 ? "1 person" : `${n} people`} of this group ${n === 1 ? "gets" : "get"} nothing this way (no e-mail address, or no phone that takes SMS, or SMS stopped).` +
    (channel === "both" || both === 0 ? "" : ` Choose SMS and e-mail to reach ${both === n ? (n === 1 ? "that person" : "them") : `${both} of them`}.`),
  smsWait: (at: string) => `It is night: the SMS wait until ${at}. Tick Urgent to send them now.`,
  /** No one of the group can be reached the way chosen: no Send button, and Send refuses. */
  nobody: "Nobody would get this message: choose other people or another channel.",
  /** Above the e-mail's text in the preview: what is around it. */
  emailFrame: "The e-mail greets each person by name and ends with a “My registration” button:",
  smsFrame: "The SMS:",
} as const;

/**
 * The same message (event, text, who and how) sent within the last hour, by whom and when (its time
 * as the site's clock says it): said at Preview, and Send refuses it unless the sender ticks `again`.
 */
export const SENT_ALREADY = {
  warning: (at: string, by: string) => `This message went to the same people at ${at}, sent by ${by}. Sending it again sends it to them twice.`,
  refused: (at: string, by: string) =>
    `This message went to the same people at ${at}, sent by ${by}, so nothing was sent now. To send it to them a second time, tick “Send it to them again” and press Send.`,
  again: "Send it to them again",
} as const;

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
  /** The id of the same message sent within the hour that the sender chose to send again (SENT_ALREADY.again). */
  send_again: z.coerce.number().int().positive().optional(),
});

export type EventMessageInput = z.infer<typeof eventMessageSchema>;
