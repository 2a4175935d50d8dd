// /admin/outbox/{id}: one e-mail exactly as it is handed to the e-mail service (sender, recipient,
// reply-to, headers, attachments, both parts), what happened to it, and Retry for a failed one.
import { Form, useNavigation } from "react-router";
import { emailKindLabel, EmailPreview, EmailSetupNotice } from "~/features/messaging";
import { buttonClass } from "~/components/form-fields";
import { formatInSiteZone } from "~/lib/time";
import { outboxMessage } from "~/features/messaging/index.server";
import { emailSetup } from "~/server/email-rules.server";
import type { MailAddress } from "~/server/email-rules.server";
import { retryOutboxMessage, sendAfterResponse } from "~/server/outbox.server";
import { noteActivity, recordName } from "~/features/accounts/index.server";
import { errorToast, parseId, readAdminPost } from "~/server/admin-actions.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/outbox-message";
import { StatusBadge } from "./status-badge";
import { BackLink } from "~/components/admin/back-link";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.row.subject ?? "E-mail"} | Outbox | Admin` }];

const TIME_FORMAT = "MMM d, yyyy HH:mm:ss";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const setup = emailSetup();
  // As it was sent, or (not sent yet) rendered now as it will be sent.
  const found = id === null ? undefined : await outboxMessage(id, setup.ready ? setup.from : "(MAIL_FROM is not set)", request);
  if (!found) throw await redirectWithToast(request, "/admin/outbox", errorToast("That e-mail does not exist."));
  const { message, problem, sms = null } = found;
  // An SMS is named as one even when it cannot be rendered (its registration gone, SMS turned off).
  const { body_text: _text, body_html: _html, ...row } = { ...found.row, subject: message?.subject ?? (found.row.channel === "sms" ? `SMS to ${found.row.recipient}` : found.row.subject) };
  return { row, message, problem, sms, missing: setup.ready || sms ? null : setup.missing };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const back = `/admin/outbox/${params.id}`;
  const post = await readAdminPost(request, undefined, back);
  if ("refused" in post) return post.refused;
  const id = parseId(params.id);
  if (post.intent !== "retry" || id === null) return redirectWithToast(request, back, errorToast("Unknown action."));
  // What the page offers no Retry for (a page opened before the reader unsubscribed, say) is refused here too.
  const found = await outboxMessage(id, "", request);
  if (found?.problem) return redirectWithToast(request, back, errorToast(`Not sent again: ${found.problem}`));
  const retried = await retryOutboxMessage(id, new Date());
  if (!retried) return redirectWithToast(request, back, errorToast("Only a failed message can be retried."));
  sendAfterResponse([retried.id], request);
  // What it was and why it had failed (a "may have gone out" retried may reach its person twice); never its address.
  const sms = found?.row.channel === "sms";
  noteActivity(context, {
    action: sms ? "Retried an SMS" : "Retried an e-mail",
    target: recordName(sms ? "SMS" : "e-mail", retried.id, `${emailKindLabel(found?.row.kind ?? "")}${found?.row.subject && !sms ? `: ${found.row.subject}` : ""}`),
    summary: found?.row.last_error ? `It had failed: ${found.row.last_error}` : "",
  });
  return redirectWithToast(request, back, { title: "Sending again", description: "The message is back in the queue and is being sent." });
}

function address(value: MailAddress | null): string {
  if (!value) return "(none)";
  return value.name ? `${value.name} <${value.email}>` : value.email;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[9rem_1fr]">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="min-w-0 text-sm [overflow-wrap:anywhere] text-stone-900">{children}</dd>
    </div>
  );
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { row, message, problem, sms, missing } = loaderData;
  const navigation = useNavigation();
  const retrying = navigation.state !== "idle" && navigation.formData?.get("intent") === "retry";
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/admin/outbox">Back to the outbox</BackLink>
      <h1 className="mt-3 text-2xl font-bold break-words text-stone-900">{row.subject}</h1>
      {missing ? <EmailSetupNotice missing={missing} /> : null}
      <dl className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white px-4">
        <Fact label="Status">
          <StatusBadge status={row.status} wontGo={row.status === "queued" && problem !== null} />
          {row.status === "failed" && row.next_attempt_at ? ` Tried again by itself at ${formatInSiteZone(row.next_attempt_at, "HH:mm, MMM d")}.` : null}
        </Fact>
        {row.last_error ? <Fact label={row.status === "sent" || row.status === "delivered" ? "Earlier error" : "Error"}>{row.last_error}</Fact> : null}
        <Fact label="What it is">{emailKindLabel(row.kind)}</Fact>
        <Fact label="Written">{formatInSiteZone(row.created_at, TIME_FORMAT)}</Fact>
        {row.sent_at ? <Fact label="Sent">{formatInSiteZone(row.sent_at, TIME_FORMAT)}</Fact> : null}
        <Fact label="Tries">{String(row.attempts)}</Fact>
        {message ? (
          <>
            <Fact label="From">{address(message.from)}</Fact>
            <Fact label="To">{message.to}</Fact>
            <Fact label="Reply-to">{address(message.replyTo)}</Fact>
            <Fact label="Subject">{message.subject}</Fact>
            {Object.entries(message.headers).map(([name, value]) => (
              <Fact key={name} label={name}>
                <code className="break-all">{value}</code>
              </Fact>
            ))}
            {message.attachments.map((attachment) => (
              <Fact key={attachment.filename} label="Attachment">
                {`${attachment.filename} (${attachment.type}, ${new TextEncoder().encode(attachment.content).length} bytes)`}
              </Fact>
            ))}
          </>
        ) : null}
        {sms ? (
          <>
            <Fact label="From">{sms.from}</Fact>
            <Fact label="To">{row.recipient}</Fact>
            <Fact label="Length">{`${sms.characters} characters, ${sms.segments} SMS`}</Fact>
          </>
        ) : null}
        {!message && !sms ? <Fact label="To">{row.recipient}</Fact> : null}
        {/* The sending service's own reference, which its support asks for. */}
        {row.provider_message_id ? <Fact label="The service's reference">{row.provider_message_id}</Fact> : null}
      </dl>
      {/* One that cannot be sent as stored would only fail again: no Retry (the alert below says why). */}
      {row.status === "failed" && !problem ? (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="retry" disabled={retrying} className={buttonClass.primary}>
            {retrying ? "Retrying..." : "Retry"}
          </button>
        </Form>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {`This ${row.channel === "sms" ? "SMS" : "e-mail"} cannot be sent as stored: ${problem}`}
        </p>
      ) : null}
      {sms ? (
        <section aria-labelledby="sms-content" className="mt-6">
          <h2 id="sms-content" className="mb-3 text-lg font-semibold text-stone-900">
            The SMS
          </h2>
          <p className="rounded-lg border border-stone-200 bg-white px-4 py-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] text-stone-900">{sms.text}</p>
        </section>
      ) : null}
      {message ? (
        <section aria-labelledby="email-content" className="mt-6">
          <h2 id="email-content" className="mb-3 text-lg font-semibold text-stone-900">
            The e-mail
          </h2>
          <EmailPreview html={message.html} text={message.text} title={`The e-mail: ${message.subject}`} />
          {message.attachments.map((attachment) => (
            <details key={attachment.filename} className="mt-3 rounded-lg border border-stone-200 bg-white">
              <summary className="disclosure-chevron cursor-pointer px-4 py-3 text-sm font-medium text-stone-800">{attachment.filename}</summary>
              <pre className="overflow-x-auto border-t border-stone-200 px-4 py-3 text-xs whitespace-pre-wrap break-all text-stone-800">{attachment.content}</pre>
            </details>
          ))}
        </section>
      ) : null}
    </div>
  );
}
