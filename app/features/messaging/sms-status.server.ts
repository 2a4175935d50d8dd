// Twilio's delivery reports (status callbacks) for the SMS the outbox sent: POST /api/sms/status,
// form-encoded, signed with X-Twilio-Signature. A report whose signature does not check out gets
// 401 and changes nothing; "delivered" marks the row delivered, "undelivered" or "failed" marks it
// failed with Twilio's error code; other statuses ("sent", "queued") are acknowledged and ignored.
import { recordSmsDelivery } from "~/server/outbox.server";
import { siteOrigin } from "~/server/site-url.server";
import { SMS_STATUS_PATH, smsSetup, verifyTwilioSignature } from "~/server/sms.server";

/** A status callback is a few hundred bytes; anything far larger is not Twilio's. */
const MAX_BODY_BYTES = 16 * 1024;

export async function receiveSmsStatus(request: Request): Promise<Response> {
  const setup = smsSetup();
  if (!setup.ready) return new Response("SMS is not set up", { status: 404 });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return new Response("Too large", { status: 413 });
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return new Response("Too large", { status: 413 });
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) params[name] = value;
  // Twilio signs the address it was given: SITE_URL's (the StatusCallback the sender passed), or this request's.
  const url = `${siteOrigin(request)}${SMS_STATUS_PATH}`;
  if (!(await verifyTwilioSignature(setup.authToken, url, params, request.headers.get("x-twilio-signature")))) {
    return new Response("Signature does not match", { status: 401 });
  }
  const sid = params.MessageSid ?? params.SmsSid ?? "";
  const status = params.MessageStatus ?? params.SmsStatus ?? "";
  if (!/^(SM|MM)[0-9a-f]{32}$/i.test(sid)) return new Response("No message", { status: 400 });
  const now = new Date();
  if (status === "delivered") await recordSmsDelivery(sid, { delivered: true }, now);
  else if (status === "undelivered" || status === "failed") {
    const code = params.ErrorCode ? ` (Twilio error ${params.ErrorCode.replace(/\D/g, "").slice(0, 6)})` : "";
    await recordSmsDelivery(sid, { delivered: false, reason: `Not delivered: the network reported ${status}${code}` }, now);
  }
  return new Response(null, { status: 204 });
}
