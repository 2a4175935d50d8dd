// /admin/subscribers: who signed up in the footer (confirmed or still waiting), with a CSV export and
// removal on request. Removing asks first in an in-page dialog (?remove=<id> renders it open without
// JavaScript): a removed address must subscribe and confirm again.
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { buttonClass } from "~/components/form-fields";
import { DownloadIcon } from "~/components/icons";
import { formatInSiteZone } from "~/lib/time";
import { removeSubscriber, subscribersPage } from "~/features/messaging/index.server";
import { parseId, readAdminPost } from "~/server/admin-actions.server";
import { noteActivity, recordName } from "~/features/accounts/index.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = () => [{ title: "Subscribers | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const removeId = parseId(new URL(request.url).searchParams.get("remove"));
  return { ...(await subscribersPage()), removeId };
}

const REMOVE = { label: "Remove", pending: "Removing...", intent: "remove" };

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, undefined, "/admin/subscribers");
  if ("refused" in post) return post.refused;
  const id = parseId(String(post.formData.get("id") ?? ""));
  if (post.intent !== "remove" || !id) {
    return redirectWithToast(request, "/admin/subscribers", { title: "Error", description: "Unknown action.", variant: "destructive" });
  }
  const email = await removeSubscriber(id);
  if (email === null) return redirectWithToast(request, "/admin/subscribers", { title: "Already removed", description: "That address was removed already." });
  noteActivity(context, { action: "Removed", target: recordName("subscriber", id, email) });
  return redirectWithToast(request, "/admin/subscribers", { title: "Subscriber removed", description: `${email} gets no more newsletters.` });
}

/** Whether the address gets the newsletter, when it does not. */
function subscriberState(subscriber: { confirmed_at: string | null; suppressed_at: string | null }): string {
  if (subscriber.suppressed_at) return " · refused by the e-mail service (bounced or marked as spam)";
  return subscriber.confirmed_at ? "" : " · waiting for confirmation";
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { rows, total, confirmed, removeId } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Subscribers</h1>
          <p className="text-sm text-stone-600">
            {`${total} ${total === 1 ? "person has" : "people have"} subscribed to news from the website; ${confirmed} confirmed ${confirmed === 1 ? "their address and gets" : "their addresses and get"} the newsletter.`}
          </p>
        </div>
        {total > 0 ? (
          <a href="/api/admin/subscribers.csv" download className={buttonClass.secondary}>
            <DownloadIcon className="size-4" />
            Export CSV
          </a>
        ) : (
          <button type="button" disabled className={buttonClass.secondary}>
            <DownloadIcon className="size-4" />
            Export CSV
          </button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">No subscribers yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
          {rows.map((subscriber) => (
            <li key={subscriber.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">{subscriber.email}</p>
                <p className="text-sm text-stone-600">{`Subscribed ${formatInSiteZone(subscriber.created_at, "MMM d, yyyy")}${subscriberState(subscriber)}`}</p>
              </div>
              <ConfirmDelete
                action="/admin/subscribers"
                hiddenFields={{ id: String(subscriber.id) }}
                openHref={`/admin/subscribers?remove=${subscriber.id}`}
                closeHref="/admin/subscribers"
                initiallyOpen={removeId === subscriber.id}
                title="Remove subscriber?"
                description={`${subscriber.email} will get no more newsletters. To get them again, they must subscribe and confirm their address again. This cannot be undone.`}
                triggerLabel={`Remove ${subscriber.email}`}
                verb={REMOVE}
              />
            </li>
          ))}
        </ul>
      )}
      {total > rows.length ? <p className="mt-3 text-sm text-stone-600">Showing the newest {rows.length}. The CSV export has everyone.</p> : null}
    </div>
  );
}
