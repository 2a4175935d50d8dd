// /events/{id}/my-link: "Get my link again", for someone who registered and lost the message with
// their private link (app/features/events/registration-link.ts). A plain form with no script.
import { LINK_AGAIN_MESSAGES, LinkAgainForm, linkAgainPath } from "~/features/events";
import { linkAgainAction, linkChannels } from "~/features/events/index.server";
import { refusalOf } from "~/lib/form-answer";
import { idFromPath } from "~/lib/path-id";
import { scriptFreePage } from "~/lib/page-scripts";
import { eventFormMeta, NotFound, RouteError } from "~/features/site";
import { eventPage, publicPage } from "~/features/site/index.server";
import type { Route } from "./+types/event-my-link";

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await eventPage(idFromPath(params.id) ?? 0);
  if (page.event === null) throw new Error(`Event ${params.id} could not be read`);
  const sent = new URL(request.url).searchParams.has("sent");
  if (!page.event) return publicPage(page, () => ({ event: null, channels: linkChannels(), sent }), 404);
  const event = { id: page.event.id, name: page.event.name };
  return publicPage(page, () => ({ event, channels: linkChannels(), sent }));
}

export function action({ request, params }: Route.ActionArgs) {
  return linkAgainAction(request, idFromPath(params.id) ?? 0);
}

export const handle = scriptFreePage;

// Shared in a WhatsApp group ("lost your link? here"), it gets a preview: the site's picture, its title.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  eventFormMeta(matches, loaderData?.event, (event) => ({
    path: linkAgainPath(event.id),
    title: `${LINK_AGAIN_MESSAGES.title}: ${event.name}`,
    description: `Registered for ${event.name} and lost the message with your private link? Get it again on your phone.`,
  }));

export default function EventMyLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, channels, sent, settings } = loaderData;
  if (!event) return <NotFound />;
  return <LinkAgainForm event={event} channels={channels} sent={sent} teamPhone={settings.contact.contact_phone} refused={refusalOf(actionData)} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
