// What the SMS settings must be (docs/deploy.md, "SMS"), read both by the Worker, which counts SMS
// as not set up while one is wrong (app/server/sms.server.ts), and by `npm run deploy`, which
// refuses to deploy it so (scripts/production-config.ts). No imports: the deploy script runs it in
// Node.

/** Sender IDs the providers' published rules for Malawi refuse as generic. */
const GENERIC_SENDER_IDS = new Set(["INFO", "SMS", "NOTICE", "ALERT", "TEST", "INFORMATION"]);

/** Why a sender ID cannot be used, or null when it can (1-11 letters, digits or spaces, at least one letter, not generic). */
export function senderIdProblem(value: string): string | null {
  const id = value.trim();
  if (!id) return "SMS_SENDER_ID is empty";
  if (id.length > 11) return "SMS_SENDER_ID is longer than 11 characters";
  if (!/^[A-Za-z0-9 ]+$/.test(id) || !/[A-Za-z]/.test(id)) return "SMS_SENDER_ID must be letters, digits and spaces, with at least one letter";
  if (GENERIC_SENDER_IDS.has(id.replace(/\s+/g, "").toUpperCase())) return `SMS_SENDER_ID "${id}" is generic: Malawi's networks refuse INFO, SMS, NOTICE and the like`;
  return null;
}

/** Why a Twilio Account SID cannot be one, or null when it can (AC followed by 32 hex digits). */
export function accountSidProblem(value: string): string | null {
  return /^AC[0-9a-f]{32}$/i.test(value.trim()) ? null : "TWILIO_ACCOUNT_SID must be your Twilio Account SID, AC followed by 32 hex digits";
}

/** The longest site address an SMS link may start with: the templates keep one 160-character segment with it. */
export const SMS_ORIGIN_MAX_LENGTH = 40;

/** The site's address as SMS links start with it (SITE_URL without a trailing slash). */
export function siteUrlForSms(siteUrl: string): string {
  return siteUrl.trim().replace(/\/+$/, "");
}
