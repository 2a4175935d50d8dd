// /events/{id}/group: a leader registers a group of up to 30 men at once (issue 25, part 4;
// app/features/events/group-register-form.tsx). No script; success goes on to the group's private page.
import { GroupRegisterForm } from "~/features/events";
import { eventFormMeta, NotFound, RouteError } from "~/features/site";
import { scriptFreePage } from "~/lib/page-scripts";
import { publicEventFormPage } from "~/features/site/index.server";
import { groupAction } from "~/features/events/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/event-group";

export function loader({ params, request }: Route.LoaderArgs) {
  return publicEventFormPage(params.id, siteOrigin(request));
}

export function action({ request, params }: Route.ActionArgs) {
  return groupAction(request, `/events/${params.id}/group`);
}

export const handle = scriptFreePage;

// A church secretary often gets this link on WhatsApp: it shows a preview with the event's name.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  eventFormMeta(matches, loaderData?.event, (event) => ({
    path: `/events/${event.id}/group`,
    title: `Register a group for ${event.name}`,
    description: `Register your church's men for ${event.name} at once: up to 30 on one form, each with his own code.`,
  }));

export default function EventGroupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions, associations } = loaderData;
  if (!event) return <NotFound />;
  return <GroupRegisterForm event={event} questions={questions} associations={associations} answer={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
