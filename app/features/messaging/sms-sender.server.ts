// Sends one claimed SMS row (channel 'sms') through the provider set up (app/server/sms.server.ts)
// and records the result, as deliverOutbox (./sender.server.ts) does for an e-mail. The text is
// made GSM-7 once more before it goes (never a 70-character Unicode segment), stored with the row
// (/admin/outbox shows it), and Twilio is asked to report delivery to /api/sms/status.
import { toGsm7 } from "~/lib/gsm7";
import { EmailRefused, type OutboxRow } from "~/server/email-rules.server";
import { markOutboxSent, type SmsContent } from "~/server/outbox.server";
import { classifySmsError, sendSms, SMS_STATUS_PATH, type SmsSetup } from "~/server/sms.server";

/** How a failed SMS is handled (the shape of e-mail's SendFailure, ./sender.server.ts). */
type SmsFailure = { type: "throttled"; delaySeconds: number; reason: string } | { type: "refused" | "transient"; reason: string };

/** Throttled SMS wait a minute, like e-mail's rate limit. */
const SMS_THROTTLE_SECONDS = 60;

export async function sendSmsRow(
  row: OutboxRow,
  content: SmsContent | EmailRefused | undefined,
  setup: Extract<SmsSetup, { ready: true }>,
  origin: string,
): Promise<{ failure: null } | { failure: SmsFailure; stored: { kind: string; from_name: string; body_text: string } | null }> {
  if (!content || content instanceof EmailRefused) {
    return { failure: { type: "refused", reason: content?.message ?? "The SMS could not be rendered" }, stored: null };
  }
  const text = toGsm7(content.text);
  const stored = { kind: content.kind, from_name: setup.senderId, body_text: text };
  // Twilio calls back only an https address it can reach.
  const statusCallback = origin.startsWith("https://") ? `${origin}${SMS_STATUS_PATH}` : null;
  try {
    const sid = await sendSms(setup, { to: row.recipient, body: text, statusCallback });
    await markOutboxSent(row.id, sid, new Date(), stored);
    return { failure: null };
  } catch (error) {
    const failure = classifySmsError(error);
    const { type, reason } = failure;
    return { failure: type === "throttled" ? { type, delaySeconds: SMS_THROTTLE_SECONDS, reason } : { type, reason }, stored };
  }
}
