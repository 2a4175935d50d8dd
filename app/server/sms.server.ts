// SMS's transport (shared: it knows no feature), as decision 022 describes: the provider adapter
// (Twilio's Messages API, which documents delivery to Malawi with an alphanumeric sender ID), a
// local simulator in its place for development, previews and tests, the check of Twilio's delivery
// callbacks' signature, and Malawi's sending hours (the settings' rules: app/lib/sms-settings.ts).
//
// Settings (wrangler.jsonc vars and secrets):
// - SMS_PROVIDER: "twilio", or "simulator" (records what it would send; never reaches a network);
//   empty or absent: SMS is "not set up", no SMS rows are written and nothing else changes;
// - SMS_SENDER_ID: the alphanumeric sender ID people see, at most 11 characters (e.g. BaptistMen);
//   generic IDs (INFO, SMS, NOTICE) are refused, as the providers' rules for Malawi do;
// - TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (a secret): the Twilio account; the token also signs
//   the delivery callbacks (X-Twilio-Signature).
import { env } from "cloudflare:workers";
import { accountSidProblem, SMS_ORIGIN_MAX_LENGTH, senderIdProblem, siteUrlForSms } from "~/lib/sms-settings";

export type SmsProvider = "twilio" | "simulator";

export type SmsSetup =
  | { ready: true; provider: SmsProvider; senderId: string; accountSid: string; authToken: string }
  | { ready: false; missing: string[] };

/** What the local simulator signs its delivery callbacks with (the Auth Token's stand-in). */
export const SIMULATOR_AUTH_TOKEN = "simulator-auth-token";

/** What staff are told where SMS would go while the local simulator stands in for the provider. */
export const SMS_SIMULATED = "SMS are simulated on this computer: nothing reaches a phone. Those marked Sent show what would have gone.";

/** Whether SMS are "sent" by the local simulator (development, previews, tests), not to phones. */
export function smsSimulated(): boolean {
  const setup = smsSetup();
  return setup.ready && setup.provider === "simulator";
}

/** Whether this deploy can send SMS, and if not, what it lacks (shown to admins on /admin/outbox and /admin/outbox/setup). */
export function smsSetup(): SmsSetup {
  const provider = env.SMS_PROVIDER?.trim() ?? "";
  if (provider !== "twilio" && provider !== "simulator") return { ready: false, missing: ["SMS_PROVIDER is not set (twilio; simulator locally)"] };
  const senderId = env.SMS_SENDER_ID?.trim() ?? "";
  const missing: string[] = [];
  const idProblem = senderIdProblem(senderId);
  if (idProblem) missing.push(idProblem);
  if (siteUrlForSms(env.SITE_URL ?? "").length > SMS_ORIGIN_MAX_LENGTH) missing.push(`SITE_URL must be at most ${SMS_ORIGIN_MAX_LENGTH} characters (SMS links start with it)`);
  const accountSid = provider === "twilio" ? (env.TWILIO_ACCOUNT_SID?.trim() ?? "") : "simulator";
  const authToken = provider === "twilio" ? (env.TWILIO_AUTH_TOKEN?.trim() ?? "") : SIMULATOR_AUTH_TOKEN;
  const sidProblem = provider === "twilio" ? accountSidProblem(accountSid) : null;
  if (sidProblem) missing.push(sidProblem);
  if (!authToken) missing.push("The TWILIO_AUTH_TOKEN secret is not set");
  return missing.length ? { ready: false, missing } : { ready: true, provider, senderId, accountSid, authToken };
}

// ----- Malawi's sending hours --------------------------------------------------------------------

/** SMS go out between 07:00 and 20:00 in Malawi (UTC+2 all year: no daylight saving). */
export const SMS_HOURS = { from: 7, until: 20 } as const;
const MALAWI_OFFSET_HOURS = 2;
const HOUR = 3_600_000;

/** Whether `now` is outside the sending hours (20:00-07:00 in Malawi). */
export function isQuietHour(now: Date): boolean {
  const hour = (now.getUTCHours() + MALAWI_OFFSET_HOURS) % 24;
  return hour < SMS_HOURS.from || hour >= SMS_HOURS.until;
}

/** When an SMS written at `now` may go: now, or during the night the next 07:00 in Malawi; an urgent one at once. */
export function smsDueAt(now: Date, urgent = false): Date {
  if (urgent || !isQuietHour(now)) return now;
  const local = new Date(now.getTime() + MALAWI_OFFSET_HOURS * HOUR);
  const seven = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), SMS_HOURS.from) - MALAWI_OFFSET_HOURS * HOUR;
  return new Date(seven > now.getTime() ? seven : seven + 24 * HOUR);
}

/**
 * The latest time an SMS may go before `start` (an event's): `start` itself by day; for a start in
 * the quiet hours, 20:00 in Malawi the evening before it (the same evening for a start after 20:00).
 */
export function lastSendingTimeBefore(start: Date): Date {
  if (!isQuietHour(start)) return start;
  const local = new Date(start.getTime() + MALAWI_OFFSET_HOURS * HOUR);
  const evening = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), SMS_HOURS.until) - MALAWI_OFFSET_HOURS * HOUR;
  return new Date(evening <= start.getTime() ? evening : evening - 24 * HOUR);
}

// ----- Sending ------------------------------------------------------------------------------------

/** One SMS to one number. */
export type OutgoingSms = { to: string; body: string; statusCallback: string | null };

/** The provider refused or failed a message: its HTTP status and its own error code, when it gave one. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
  }
}

/**
 * The local simulator: records each SMS it is given (`sent`), answers a message id like Twilio's,
 * and can be told to fail some (`fail`, for tests). `callback` builds the signed delivery report
 * Twilio would POST for a message, to hand to the Worker's fetch.
 */
function makeSimulator() {
  return {
    sent: [] as (OutgoingSms & { sid: string; from: string })[],
    fail: null as ((sms: OutgoingSms, call: number) => SmsSendError | undefined) | null,
    calls: 0,
    reset() {
      this.sent.length = 0;
      this.fail = null;
      this.calls = 0;
    },
    async callback(url: string, sid: string, status: "delivered" | "undelivered" | "failed" | "sent", errorCode?: number): Promise<Request> {
      const params: Record<string, string> = { MessageSid: sid, MessageStatus: status, SmsSid: sid, SmsStatus: status, AccountSid: "simulator" };
      if (errorCode !== undefined) params.ErrorCode = String(errorCode);
      return new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": await twilioSignature(SIMULATOR_AUTH_TOKEN, url, params) },
        body: new URLSearchParams(params).toString(),
      });
    },
  };
}

// One simulator per isolate (on globalThis), so a test and the Worker it calls see the same record.
const simulatorHome = globalThis as typeof globalThis & { __smsSimulator?: ReturnType<typeof makeSimulator> };
export const smsSimulator = (simulatorHome.__smsSimulator ??= makeSimulator());

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Sends one SMS through the provider set up; answers its message id (Twilio's SM…), or throws
 * SmsSendError (with Twilio's HTTP status when it answered, null when no answer came back). Twilio:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json with To, From (the sender ID), Body and
 * StatusCallback, HTTP Basic auth with the Account SID and Auth Token. The Messages API documents
 * no idempotency key (Twilio's I-Twilio-Idempotency-Token is documented on the webhooks it sends),
 * so a repeated request is a second SMS: the outbox never repeats one by itself (decision 028).
 */
export async function sendSms(setup: Extract<SmsSetup, { ready: true }>, sms: OutgoingSms): Promise<string> {
  if (setup.provider === "simulator") {
    smsSimulator.calls += 1;
    const failure = smsSimulator.fail?.(sms, smsSimulator.calls);
    if (failure) throw failure;
    const sid = `SM${randomHex(16)}`;
    smsSimulator.sent.push({ ...sms, sid, from: setup.senderId });
    console.log(`SMS simulator: to ${sms.to.slice(0, -4)}****, ${sms.body.length} characters: ${sms.body}`);
    return sid;
  }
  const form = new URLSearchParams({ To: sms.to, From: setup.senderId, Body: sms.body });
  if (sms.statusCallback) form.set("StatusCallback", sms.statusCallback);
  let response: Response;
  try {
    response = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${setup.accountSid}/Messages.json`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${setup.accountSid}:${setup.authToken}`)}`, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
  } catch (error) {
    // No status: the request may have reached Twilio before the connection failed.
    throw new SmsSendError(`Twilio did not answer: ${error instanceof Error ? error.message : String(error)}`, null, null);
  }
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
  if (!response.ok) {
    throw new SmsSendError(`Twilio ${response.status}${answer.code ? ` (error ${answer.code})` : ""}: ${answer.message ?? "no message"}`, response.status, answer.code ?? null);
  }
  // Accepted, but its message id could not be read: it is going out, so this counts as no answer.
  if (typeof answer.sid !== "string") throw new SmsSendError(`Twilio answered ${response.status} without a message id`, null, null);
  return answer.sid;
}

/**
 * How a failed send is handled: like e-mail's (throttled, refused for good, or transient and retried
 * when Twilio answered that it failed; unanswered when no answer came back: Twilio may have taken
 * the message, so it is not sent again by itself, decision 028).
 */
export function classifySmsError(error: unknown): { type: "throttled" | "refused" | "transient" | "unanswered"; reason: string } {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500) || "The SMS provider failed without saying why";
  if (!(error instanceof SmsSendError) || error.status === null) return { type: "unanswered", reason };
  if (error.status === 429 || error.code === 20429) return { type: "throttled", reason };
  // Twilio's codes for a number or message it will never take: invalid or landline number, region not
  // enabled, the recipient replied STOP, the message too long or blocked as spam.
  if (error.code !== null && [21211, 21214, 21408, 21610, 21612, 21614, 21617, 30004, 30005, 30006, 30007].includes(error.code)) return { type: "refused", reason };
  if (error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) return { type: "refused", reason };
  return { type: "transient", reason };
}

// ----- Delivery callbacks -------------------------------------------------------------------------

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed with the Auth Token, of the URL followed by each POST parameter (sorted by name) as name and value. */
export async function twilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  const data = url + Object.keys(params).sort().map((name) => name + params[name]).join("");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data)));
  return btoa(String.fromCharCode(...mac));
}

/** Whether a callback's signature is Twilio's (compared in constant time). */
export async function verifyTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | null): Promise<boolean> {
  if (!signature) return false;
  const expected = await twilioSignature(authToken, url, params);
  if (expected.length !== signature.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}

/** The address delivery callbacks are posted to (its path is routed in workers/api). */
export const SMS_STATUS_PATH = "/api/sms/status";
