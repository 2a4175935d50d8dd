// /newsletter/unsubscribe/{token}: every newsletter's unsubscribe link. Opening it shows an
// Unsubscribe button and nothing changes (mail scanners open links); pressing it, or a mail
// provider's one-click POST (RFC 8058, List-Unsubscribe-Post), unsubscribes without signing in.
// A used or unknown link gets a page that says so. Private: never cached or indexed.
import { LinkNotice } from "~/components/link-notice";
import { UNSUBSCRIBE_PAGE } from "~/features/messaging";
import { scriptFreePage } from "~/lib/page-scripts";
import { linkPageMeta } from "~/features/site";
import { publicPage, unsubscribePage } from "~/features/site/index.server";
import { isLinkToken, unsubscribe } from "~/features/messaging/index.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-link";
import type { Route } from "./+types/newsletter-unsubscribe";

export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches, location }) => linkPageMeta(matches, location.pathname, "Unsubscribe");

export const headers = () => PRIVATE_PAGE_HEADERS;

export async function loader({ params }: Route.LoaderArgs) {
  const page = await unsubscribePage(params.token);
  if (page.subscriber === null) throw new Error("The subscriber could not be read");
  return publicPage(page, () => ({ email: page.subscriber?.[0]?.email ?? null }));
}

/** The page's button and mail providers' one-click POST: the answer is 200 either way. */
export async function action({ params }: Route.ActionArgs) {
  const removed = isLinkToken(params.token) && (await unsubscribe(params.token, new Date()));
  return { outcome: removed ? ("unsubscribed" as const) : ("not-subscribed" as const) };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData) return <LinkNotice {...UNSUBSCRIBE_PAGE[actionData.outcome]} />;
  if (loaderData.email === null) return <LinkNotice {...UNSUBSCRIBE_PAGE["not-subscribed"]} />;
  return <LinkNotice title={UNSUBSCRIBE_PAGE.title} text={UNSUBSCRIBE_PAGE.text(loaderData.email)} action={{ label: UNSUBSCRIBE_PAGE.button }} />;
}
