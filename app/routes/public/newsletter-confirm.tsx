// /newsletter/confirm/{token}: the link of a subscription's confirmation e-mail. Opening it shows a
// Confirm button; only pressing it (a POST) confirms, so a mail scanner that opens links confirms
// nobody. Unknown, expired and already used links get a page that says so. Private: never cached
// or indexed (the token is in the address).
import { LinkNotice } from "~/components/link-notice";
import { CONFIRM_PAGE } from "~/features/messaging";
import { scriptFreePage } from "~/lib/page-scripts";
import { linkPageMeta } from "~/features/site";
import { confirmationPage, publicPage } from "~/features/site/index.server";
import { confirmationState, confirmSubscription, isLinkToken } from "~/features/messaging/index.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-link";
import type { Route } from "./+types/newsletter-confirm";

export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches, location }) => linkPageMeta(matches, location.pathname, "Confirm your subscription");

export const headers = () => PRIVATE_PAGE_HEADERS;

export async function loader({ params }: Route.LoaderArgs) {
  const page = await confirmationPage(params.token);
  if (page.subscription === null) throw new Error("The subscription could not be read");
  return publicPage(page, () => ({ state: confirmationState(page.subscription ?? [], new Date()) }));
}

export async function action({ params }: Route.ActionArgs) {
  return { outcome: isLinkToken(params.token) ? await confirmSubscription(params.token, new Date()) : ("unknown" as const) };
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.outcome ?? loaderData.state;
  if (state === "pending") return <LinkNotice {...CONFIRM_PAGE.pending} action={{ label: CONFIRM_PAGE.button }} />;
  return <LinkNotice {...CONFIRM_PAGE[state]} />;
}
