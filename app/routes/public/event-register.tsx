// /events/{id}/register: registering for an event that asks registration questions, on a page of
// its own that works without JavaScript (app/features/events/event-register-form.tsx). Success goes
// on to the registration's private page, as from the dialog.
import { EventRegisterForm } from "~/features/events";
import { refusalOf } from "~/lib/form-answer";
import { eventFormMeta, NotFound, RouteError } from "~/features/site";
import { scriptFreePage } from "~/lib/page-scripts";
import { publicEventFormPage } from "~/features/site/index.server";
import { registrationAction } from "~/features/events/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/event-register";

export function loader({ params, request }: Route.LoaderArgs) {
  return publicEventFormPage(params.id, siteOrigin(request));
}

export function action({ request, params }: Route.ActionArgs) {
  return registrationAction(request, `/events/${params.id}/register`);
}

export const handle = scriptFreePage;

// A registration link shared on WhatsApp gets a preview: the site's picture, the event's name.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  eventFormMeta(matches, loaderData?.event, (event) => ({
    path: `/events/${event.id}/register`,
    title: `Register for ${event.name}`,
    description: `Register for ${event.name}: your place, your code and the event's questions, on one page.`,
  }));

export default function EventRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions, associations } = loaderData;
  if (!event) return <NotFound />;
  return <EventRegisterForm event={event} questions={questions} associations={associations} refused={refusalOf(actionData)} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
