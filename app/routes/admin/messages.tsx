// /admin/messages: what visitors sent through the contact form, newest first. Delete asks first in
// an in-page dialog (?delete=<id> renders it open without JavaScript), as every delete in admin does.
import { Form, useNavigation } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { MailIcon, PhoneIcon, WhatsAppIcon } from "~/components/icons";
import { formatInSiteZone } from "~/lib/time";
import { deleteMessage, inboxPage, setMessageRead } from "~/features/messaging/index.server";
import { parseId, readAdminPost } from "~/server/admin-actions.server";
import { noteActivity, recordName } from "~/features/accounts/index.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/messages";

const ACTION_LINK = "inline-flex items-center gap-1.5 rounded-md border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50";

export const meta: Route.MetaFunction = () => [{ title: "Messages | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const deleteId = parseId(new URL(request.url).searchParams.get("delete"));
  try {
    return { ...(await inboxPage()), deleteId, error: null };
  } catch (cause) {
    console.error("inbox failed", cause);
    return { messages: [], unread: 0, total: 0, deleteId, error: "Failed to load messages. Please try again." };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, undefined, "/admin/messages");
  if ("refused" in post) return post.refused;
  const id = parseId(String(post.formData.get("id") ?? ""));
  const { intent } = post;
  if (!id) return redirectWithToast(request, "/admin/messages", { title: "Error", description: "Unknown message.", variant: "destructive" });
  if (intent === "delete") {
    await deleteMessage(id);
    noteActivity(context, { action: "Deleted", target: recordName("contact message", id) });
    return redirectWithToast(request, "/admin/messages", { title: "Message deleted" });
  }
  if (intent === "mark-read" || intent === "mark-unread") {
    await setMessageRead(id, intent === "mark-read");
    noteActivity(context, { action: intent === "mark-read" ? "Marked as read" : "Marked as unread", target: recordName("contact message", id) });
    return redirectWithToast(request, "/admin/messages", { title: intent === "mark-read" ? "Marked as read" : "Marked as unread" });
  }
  return redirectWithToast(request, "/admin/messages", { title: "Error", description: "Unknown action.", variant: "destructive" });
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, unread, total, deleteId, error } = loaderData;
  const navigation = useNavigation();
  const busy = (id: number) => navigation.state !== "idle" && navigation.formData?.get("id") === String(id);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Messages</h1>
      <p className="text-sm text-stone-600">{`${unread} unread of ${total}. Messages sent through the website's contact form.`}</p>
      {error ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : messages.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">No messages yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {messages.map((message) => {
            const unreadMessage = message.read_at === null;
            return (
              <li key={message.id} className={`rounded-xl border bg-white p-4 shadow-sm ${unreadMessage ? "border-brand-300" : "border-stone-200"}`}>
                <article aria-labelledby={`message-${message.id}`} aria-busy={busy(message.id) || undefined}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 id={`message-${message.id}`} className="font-semibold break-words text-stone-900">
                        {/* "New: Chapter near Zomba" to a screen reader, not "NewChapter near Zomba". */}
                        {unreadMessage ? (
                          <span className="mr-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                            New<span className="sr-only">: </span>
                          </span>
                        ) : null}
                        {message.subject}
                      </h2>
                      <p className="text-sm break-words text-stone-600">
                        {message.name}
                        {message.email ? (
                          <>
                            {" · "}
                            <a href={`mailto:${message.email}`} className="text-brand-700 underline">
                              {message.email}
                            </a>
                          </>
                        ) : null}
                        {message.phone.phoneText ? (
                          <>
                            {" · "}
                            {message.phone.callHref ? (
                              <a href={message.phone.callHref} className="text-brand-700 underline">
                                {message.phone.phoneText}
                              </a>
                            ) : (
                              message.phone.phoneText
                            )}
                          </>
                        ) : null}
                      </p>
                    </div>
                    <p className="text-sm text-stone-600">{formatInSiteZone(message.created_at, "MMM d, yyyy HH:mm")}</p>
                  </div>
                  <p className="mt-3 whitespace-pre-line break-words text-stone-800">{message.message}</p>
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    {message.email ? (
                      <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className={ACTION_LINK}>
                        <MailIcon className="size-4" /> Reply
                      </a>
                    ) : null}
                    {/* A visitor without e-mail is answered on the phone he gave. */}
                    {!message.email && message.phone.callHref ? (
                      <a href={message.phone.callHref} className={ACTION_LINK}>
                        <PhoneIcon className="size-4" /> {`Call ${message.name}`}
                      </a>
                    ) : null}
                    {!message.email && message.phone.whatsappHref ? (
                      <a href={message.phone.whatsappHref} className={ACTION_LINK}>
                        <WhatsAppIcon className="size-4" /> {`WhatsApp ${message.name}`}
                      </a>
                    ) : null}
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="id" value={message.id} />
                      <button type="submit" name="intent" value={unreadMessage ? "mark-read" : "mark-unread"} className="rounded-md border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50">
                        {unreadMessage ? "Mark as read" : "Mark as unread"}
                      </button>
                    </Form>
                    <ConfirmDelete
                      action="/admin/messages"
                      hiddenFields={{ id: String(message.id) }}
                      openHref={`/admin/messages?delete=${message.id}`}
                      closeHref="/admin/messages"
                      initiallyOpen={deleteId === message.id}
                      title="Delete message?"
                      description={`The message from ${message.name} ("${message.subject}") will be removed from the inbox. This cannot be undone.`}
                      triggerLabel={`Delete the message from ${message.name}`}
                    />
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
