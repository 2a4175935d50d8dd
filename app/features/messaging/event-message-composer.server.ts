// /admin/events/{id}/message on the server (Administrators and Editors: the admin guard refuses Door
// volunteers). Two buttons, each a plain form post, so it all works without JavaScript:
// - preview: the page again with who gets it by each channel, the SMS as it will read, its
//   characters and segments, and the estimated cost; with a send key for this preview;
// - send: only what was previewed (who, how, the text; else the new preview instead), the message and its outbox rows in one batch, handed to the queue (without one, the first
//   portion is sent after the response and the outbox cron sends the rest), logged in the activity log.
//   The same message to the same people within the hour is refused (the page again, as typed) unless
//   the sender ticked to send it again.
// The page never shows a phone number: only how many people get the message.
import { data, type RouterContextProvider } from "react-router";
import { adminContext } from "~/features/accounts";
import { adminTabHref } from "~/lib/admin-tabs";
import { noteActivity, recordName } from "~/features/accounts/index.server";
import { errorToast, readAdminPost } from "~/server/admin-actions.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { siteOrigin } from "~/server/site-url.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatInSiteZone } from "~/lib/time";
import { CHANGED_SINCE_PREVIEW, eventMessageSchema, type EventMessageInput, PREVIEW_NOTES, previewedOf, SENT_ALREADY, sentToText } from "./event-message-form";
import { eventMessagePage, previewEventMessage, sendEventMessage, smsFrameOf } from "./event-messages.server";
import { sendThroughQueue } from "./newsletter-queue.server";
import { randomToken } from "./subscribers.server";

/** Rows sent right after Send when there is no queue (the outbox cron sends the rest). */
const FIRST_PORTION_WITHOUT_QUEUE = 50;

export async function eventMessageLoader(request: Request, eventId: number | null) {
  const page = eventId === null ? null : await eventMessagePage(eventId);
  if (!page) throw await redirectWithToast(request, adminTabHref("events"), errorToast("That event does not exist."));
  const change = new URL(request.url).searchParams.get("about") === "change";
  // What frames the text in each SMS, so the page counts the SMS as it is typed (as Preview does).
  return { ...page, change, smsFrame: smsFrameOf(siteOrigin(request)) };
}

type Values = Partial<Record<keyof EventMessageInput | "previewed", string>>;

export async function eventMessageAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, eventId: number | null) {
  const back = `/admin/events/${eventId}/message`;
  const post = await readAdminPost(request, undefined, back);
  if ("refused" in post) return post.refused;
  const page = eventId === null ? null : await eventMessagePage(eventId);
  if (!page || eventId === null) return redirectWithToast(request, adminTabHref("events"), errorToast("That event does not exist."));
  const values: Values = {};
  for (const key of ["audience", "channel", "body", "urgent", "send_key", "send_again", "previewed"] as const) {
    const value = post.formData.get(key);
    if (typeof value === "string") values[key] = value;
  }
  const parsed = eventMessageSchema.safeParse(values);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ""), issue.message]));
    return data({ values, errors, preview: null, sendKey: null, previewed: null, toast: errorToast(Object.values(errors)[0] ?? "Please check the form.") }, { status: 400 });
  }
  const input = parsed.data;
  const preview = await previewEventMessage(eventId, page.event.name, input, siteOrigin(request));
  const previewed = previewedOf(input);
  if (post.intent !== "send" || !input.send_key) return data({ values, errors: null, preview, sendKey: randomToken(), previewed });
  // Send goes with exactly what was previewed (who, how, the text): anything else is previewed again first.
  if (values.previewed !== previewed) {
    return data({ values, errors: { "": CHANGED_SINCE_PREVIEW }, preview, sendKey: input.send_key, previewed, toast: errorToast(CHANGED_SINCE_PREVIEW) }, { status: 409 });
  }

  if (preview.smsRecipients + preview.emailRecipients === 0) {
    const nobody = PREVIEW_NOTES.nobody;
    return data({ values, errors: { "": nobody }, preview, sendKey: input.send_key, previewed, toast: errorToast(nobody) }, { status: 409 });
  }
  const admin = context.get(adminContext);
  const sent = await sendEventMessage(eventId, { ...input, send_key: input.send_key }, admin.email, new Date());
  if ("refused" in sent) {
    // Another tab or person sent the same message meanwhile: the page again, with what was typed and the choice to send it again.
    const now = await previewEventMessage(eventId, page.event.name, input, siteOrigin(request));
    const refused = SENT_ALREADY.refused(formatInSiteZone(now.sentAlready?.at, "HH:mm") ?? "", now.sentAlready?.by ?? "");
    return data({ values, errors: { "": refused }, preview: now, sendKey: input.send_key, previewed, toast: errorToast(refused) }, { status: 409 });
  }
  if (sent.ids.length === 0) return redirectWithToast(request, back, { title: "Already sent", description: "This message was sent already." });
  noteActivity(context, {
    action: "Sent a message to registrants",
    target: recordName("event", eventId, page.event.name),
    summary: `${sentToText(input)}: ${sent.ids.length} messages`,
  });
  try {
    if (!(await sendThroughQueue(sent.ids))) sendAfterResponse(sent.ids.slice(0, FIRST_PORTION_WITHOUT_QUEUE), request);
  } catch (error) {
    console.error(`Event message ${sent.messageId}: the queue refused its messages; the outbox cron will send them:`, error);
  }
  return redirectWithToast(request, back, { title: "Sending", description: sent.ids.length === 1 ? "1 message is on its way." : `${sent.ids.length} messages are on their way.` });
}
