// /admin/newsletter/{id}: one sent newsletter: how many copies went out, failed or are still to go
// (refreshing itself while some are), and the e-mail as readers got it.
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { EmailPreview, exampleUnsubscribeUrl, withUnsubscribeUrl } from "~/features/messaging";
import { formatInSiteZone } from "~/lib/time";
import { newsletterPage } from "~/features/messaging/index.server";
import { errorToast, parseId } from "~/server/admin-actions.server";
import { siteOrigin } from "~/server/site-url.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/newsletter-progress";
import { ProgressCounts } from "./progress-counts";
import { BackLink } from "~/components/admin/back-link";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.progress.subject ?? "Newsletter"} | Newsletter | Admin` }];

/** How often the page asks again while copies are still going out. */
const REFRESH_MS = 5000;
/** How often a browser without JavaScript reloads it meanwhile. */
const NO_SCRIPT_REFRESH_SECONDS = 15;

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = id === null ? undefined : await newsletterPage(id);
  if (!page) throw await redirectWithToast(request, "/admin/newsletter", errorToast("That newsletter does not exist."));
  return { progress: page.progress, email: withUnsubscribeUrl({ text: page.body.body_text, html: page.body.body_html }, exampleUnsubscribeUrl(siteOrigin(request))) };
}

export default function NewsletterProgress({ loaderData }: Route.ComponentProps) {
  const { progress, email } = loaderData;
  const revalidator = useRevalidator();
  const going = progress.remaining > 0;
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [going, revalidator]);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/admin/newsletter">Back to the newsletter</BackLink>
      <h1 className="mt-3 text-2xl font-bold break-words text-stone-900">{progress.subject}</h1>
      <p className="text-sm text-stone-600">{`Sent ${formatInSiteZone(progress.created_at, "MMM d, yyyy HH:mm")} by ${progress.sent_by}`}</p>
      <div role="status" className="mt-4 rounded-xl border border-stone-200 bg-white p-4">
        <ProgressCounts progress={progress} />
        <p className="mt-2 text-sm text-stone-600">
          {going ? "Copies are still going out; this page updates by itself. " : progress.failed ? "Done. " : "Done: every copy was sent."}
          {/* Only when some failed: "Failed copies are in the outbox" of none sends staff looking for a problem. */}
          {progress.failed ? (
            <>
              <Link to="/admin/outbox?status=failed" className="font-medium text-brand-700 underline">
                Failed copies are in the outbox
              </Link>
              {", where each can be retried."}
            </>
          ) : null}
        </p>
        {going ? (
          <>
            <Link to="." className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
              Refresh
            </Link>
            {/* Without JavaScript the browser reloads the page itself (with it, the effect above asks again). */}
            <noscript>
              <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
            </noscript>
          </>
        ) : null}
      </div>
      <section aria-labelledby="sent-email" className="mt-6">
        <h2 id="sent-email" className="mb-3 text-lg font-semibold text-stone-900">
          The e-mail as sent
        </h2>
        <EmailPreview html={email.html} text={email.text} title={`The newsletter: ${progress.subject}`} />
      </section>
    </div>
  );
}
