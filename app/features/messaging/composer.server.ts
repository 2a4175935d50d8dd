// /admin/newsletter on the server: what the composer starts from, and its three buttons:
// - preview: the page again with the preview of what was typed (the browser previews live anyway);
// - test: the newsletter to the signed-in admin, marked [Test];
// - send: the newsletter and one outbox row per confirmed subscriber in one batch, then the rows
//   handed to the queue 25 per message (without a queue the outbox cron sends them in portions).
// It refuses an empty subject or newsletter, sending to nobody, sending while e-mail is not set up,
// and the same newsletter sent within the hour unless the sender ticked to send it again.
import { data, type RouterContextProvider } from "react-router";
import { adminContext } from "~/features/accounts";
import { NEWSLETTER_INTENTS, NEWSLETTER_MESSAGES, newsletterSchema, type NewsletterIntent } from "~/features/messaging/newsletter-form";
import { firstErrors } from "~/lib/form-answer";
import { isEmptyNewsletter, newsletterEmail, type NewsletterContent, type NewsletterItem } from "~/features/messaging/newsletter-email";
import { unsubscribePath } from "~/lib/paths";
import { composerPage, createNewsletter, newsletterSentAlready } from "~/features/messaging/newsletters.server";
import { enqueueRenderedEmail, sendAfterResponse } from "~/server/outbox.server";
import { randomToken } from "~/features/messaging/subscribers.server";
import { errorToast, invalidFormToast, readAdminPost } from "~/server/admin-actions.server";
import { emailOrganisation, newsletterItems, newsletterTest, type EmailSite } from "~/features/messaging/compose.server";
import { sendThroughQueue } from "~/features/messaging/newsletter-queue.server";
import { newsletterQueueReady } from "~/features/messaging/sender.server";
import { emailSetup } from "~/server/email-rules.server";
import { BadRequest, parseSubmission, refusal, refuse } from "~/server/forms.server";
import { formatInSiteZone } from "~/lib/time";
import { siteSettings } from "~/features/settings/index.server";
import { siteOrigin } from "~/server/site-url.server";
import { noteActivity, recordName } from "~/features/accounts/index.server";
import { redirectWithToast } from "~/server/toast.server";

/** Rows sent right after Send when there is no queue (the outbox cron sends the rest in portions). */
const FIRST_PORTION_WITHOUT_QUEUE = 50;

async function readComposer(request: Request) {
  const page = await composerPage(new Date());
  const settings = siteSettings(page.settings);
  const origin = siteOrigin(request);
  const site: EmailSite = { settings, origin };
  return { ...page, site, ...newsletterItems(page.posts, page.events, origin) };
}

export async function composerLoader(request: Request) {
  const { site, posts, events, recipients, past } = await readComposer(request);
  const setup = emailSetup();
  return {
    sendKey: randomToken(),
    organisation: emailOrganisation(site.settings),
    origin: site.origin,
    posts,
    events,
    recipients,
    past,
    missing: setup.ready ? null : setup.missing,
    queue: newsletterQueueReady(),
  };
}

/** When the same newsletter went, as the site's clock says it. */
const atOf = (sent: { created_at: string } | undefined) => formatInSiteZone(sent?.created_at, "HH:mm") ?? "";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

export async function composerAction({ request, context }: ActionArgs) {
  const post = await readAdminPost(request, undefined, "/admin/newsletter");
  if ("refused" in post) return post.refused;
  const intent = NEWSLETTER_INTENTS.find((known) => known === post.intent);
  if (!intent) return redirectWithToast(request, "/admin/newsletter", errorToast("Unknown action."));

  let submission;
  try {
    submission = parseSubmission(post.formData, newsletterSchema);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    return refuse(null, { formError: error.message, toast: errorToast(error.message) }, error.status);
  }
  if (submission.status !== "success") return refuse(submission, { toast: invalidFormToast(firstErrors(submission.reply())) });

  const composer = await readComposer(request);
  const { send_key: sendKey, subject, intro, posts, events } = submission.value;
  // Only what the page offered, as it is now (a post deleted meanwhile drops out).
  const chosen = (offered: NewsletterItem[], ids: number[]) => offered.filter((item) => ids.includes(item.id));
  const content: NewsletterContent = { subject, intro, items: [...chosen(composer.posts, posts), ...chosen(composer.events, events)] };
  const refused = (message: string, status = 400) => refuse(submission, { formError: message, toast: errorToast(message) }, status);
  if (isEmptyNewsletter(content)) return refused(NEWSLETTER_MESSAGES.empty);
  if (intent === "preview") return data({ result: submission.reply(), intent: "preview" as NewsletterIntent });

  if (!emailSetup().ready) return refused(NEWSLETTER_MESSAGES.notSetUp, 409);
  const admin = context.get(adminContext);
  if (intent === "test") {
    sendAfterResponse([await enqueueRenderedEmail(newsletterTest(admin.email, content, composer.site))], request);
    noteActivity(context, { action: "Sent a test newsletter", target: admin.email, summary: subject });
    const toast = { title: "Test sent", description: NEWSLETTER_MESSAGES.testSent(admin.email) };
    return data({ result: submission.reply(), intent: "test" as NewsletterIntent, toast, sent: toast.description });
  }

  if (composer.recipients === 0) return refused(NEWSLETTER_MESSAGES.noSubscribers, 409);
  const { settings, origin } = composer.site;
  const email = newsletterEmail(content, emailOrganisation(settings), origin);
  // Everyone gets it at once: asked first (a dialog with JavaScript; without it, this question on the
  // page, which also says when the same newsletter went within the hour and offers to send it again).
  if (submission.value.confirmed !== "yes") {
    const sentAlready = await newsletterSentAlready({ subject: email.subject, bodyText: email.text }, new Date());
    return data({
      result: submission.reply(),
      intent: "send" as NewsletterIntent,
      confirm: NEWSLETTER_MESSAGES.confirm(subject, composer.recipients),
      sentAlready: sentAlready ? { id: sentAlready.id, text: NEWSLETTER_MESSAGES.sentAlready(atOf(sentAlready), sentAlready.sent_by) } : null,
    });
  }
  const created = await createNewsletter(
    {
      sendKey,
      subject: email.subject,
      intro,
      items: JSON.stringify(content.items),
      bodyText: email.text,
      bodyHtml: email.html,
      sentBy: admin.email,
      unsubscribeUrlPrefix: `${origin}${unsubscribePath("")}`,
      sendAgain: submission.value.send_again,
    },
    new Date(),
  );
  if ("refused" in created) {
    // Another tab or admin sent the same newsletter meanwhile: the page again, as typed, with the choice to send it again.
    const sentAlready = await newsletterSentAlready({ subject: email.subject, bodyText: email.text }, new Date());
    const message = NEWSLETTER_MESSAGES.sentAlreadyRefused(atOf(sentAlready), sentAlready?.sent_by ?? "");
    return data(
      { ...refusal(submission, { formError: message, toast: errorToast(message) }), sentAlready: sentAlready ? { id: sentAlready.id, text: null } : null },
      { status: 409 },
    );
  }
  const back = `/admin/newsletter/${created.id}`;
  if (created.deliveryIds.length) {
    noteActivity(context, { action: "Sent a newsletter", target: recordName("newsletter", created.id, email.subject), summary: `${created.deliveryIds.length} confirmed subscribers` });
  }
  if (created.deliveryIds.length === 0) return redirectWithToast(request, back, { title: "Already sent", description: NEWSLETTER_MESSAGES.alreadySent });
  try {
    if (!(await sendThroughQueue(created.deliveryIds))) sendAfterResponse(created.deliveryIds.slice(0, FIRST_PORTION_WITHOUT_QUEUE), request);
  } catch (error) {
    // The rows are stored and queued: the outbox cron hands them to the queue again within 15 minutes.
    console.error(`Newsletter ${created.id}: the queue refused its messages; the outbox cron will retry:`, error);
  }
  return redirectWithToast(request, back, { title: "Sending", description: NEWSLETTER_MESSAGES.sending(created.deliveryIds.length) });
}
