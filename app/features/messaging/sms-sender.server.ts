// Prepares one claimed SMS row (channel 'sms') for the provider set up (app/server/sms.server.ts),
// as deliverOutbox (./sender.server.ts) does an e-mail: the text is made GSM-7 once more before it
// goes (never a 70-character Unicode segment) and stored with the result (/admin/outbox shows it),
// and Twilio is asked to report delivery to /api/sms/status. deliverOutbox records the attempt,
// calls `send`, and records what the provider answered.
import { toGsm7 } from "~/lib/gsm7";
import { EmailRefused, type OutboxRow } from "~/server/email-rules.server";
import type { SmsContent } from "~/server/outbox.server";
import { NO_SMS, noSmsReason } from "~/server/phone.server";
import { classifySmsError, sendSms, SMS_STATUS_PATH, type SmsSetup } from "~/server/sms.server";

/** How a failed SMS is handled (the shape of e-mail's SendFailure, ./sender.server.ts). */
type SmsFailure = { type: "throttled"; delaySeconds: number; reason: string } | { type: "refused" | "transient" | "unanswered"; reason: string };

/** Throttled SMS wait a minute, like e-mail's rate limit. */
const SMS_THROTTLE_SECONDS = 60;

type StoredSms = { kind: string; from_name: string; body_text: string };

/**
 * The SMS to hand to the provider, or why it cannot go (refused before reaching the provider).
 * Twilio's Messages API takes no idempotency key, so `send` cannot be made safe to repeat: it is
 * called at most once per attempt that deliverOutbox recorded (decision 028).
 */
export function smsToSend(
  row: OutboxRow,
  content: SmsContent | EmailRefused | undefined,
  setup: Extract<SmsSetup, { ready: true }>,
  origin: string,
): { refused: SmsFailure; stored: null } | { stored: StoredSms; send: () => Promise<{ sent: string } | { failure: SmsFailure }> } {
  if (!content || content instanceof EmailRefused) {
    return { refused: { type: "refused", reason: content?.message ?? "The SMS could not be rendered" }, stored: null };
  }
  const noSms = noSmsReason(row.recipient);
  if (noSms) return { refused: { type: "refused", reason: NO_SMS[noSms] }, stored: null };
  const text = toGsm7(content.text);
  // Twilio calls back only an https address it can reach.
  const statusCallback = origin.startsWith("https://") ? `${origin}${SMS_STATUS_PATH}` : null;
  return {
    stored: { kind: content.kind, from_name: setup.senderId, body_text: text },
    send: async () => {
      try {
        return { sent: await sendSms(setup, { to: row.recipient, body: text, statusCallback }) };
      } catch (error) {
        const { type, reason } = classifySmsError(error);
        return { failure: type === "throttled" ? { type, delaySeconds: SMS_THROTTLE_SECONDS, reason } : { type, reason } };
      }
    },
  };
}
