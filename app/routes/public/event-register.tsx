// /events/{id}/register: registering for an event that asks registration questions, on a page of
// its own that works without JavaScript (app/features/events/event-register-form.tsx). Success goes
// on to the registration's private page, as from the dialog.
import { EventRegisterForm, toSharedEvent } from "~/features/events";
import { refusalOf } from "~/lib/form-answer";
import { metaDescription, noindexMeta, NotFound, RouteError, seoMeta } from "~/features/site";
import { readOnlyPage } from "~/lib/page-scripts";
import { eventRegisterPage, publicPage } from "~/features/site/index.server";
import { registrationAction } from "~/features/events/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/event-register";

function eventId(param: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await eventRegisterPage(eventId(params.id) ?? 0);
  if (page.event === null || page.questions === null || page.associations === null) throw new Error(`Event ${params.id} could not be read`);
  if (!page.event) return publicPage(page, () => ({ event: null, questions: [], associations: [] }), 404);
  const shared = toSharedEvent(page.event, siteOrigin(request), new Date());
  const event = {
    id: shared.id,
    name: shared.name,
    whenText: [shared.dateText, shared.timeText].filter(Boolean).join(", ") || null,
    location: shared.location,
    registrationOpen: shared.registrationOpen,
    registrationNote: shared.registrationNote,
  };
  const { questions, associations } = page;
  return publicPage(page, () => ({ event, questions, associations }));
}

export function action({ request, params }: Route.ActionArgs) {
  return registrationAction(request, `/events/${params.id}/register`);
}

export const handle = readOnlyPage;

// A registration link shared on WhatsApp gets a preview: the site's picture, the event's name.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const event = loaderData?.event;
  if (!event) return noindexMeta();
  return seoMeta(matches, {
    path: `/events/${event.id}/register`,
    title: `Register for ${event.name}`,
    shareTitle: `Register for ${event.name}`,
    description: metaDescription(`Register for ${event.name}: your place, your code and the event's questions, on one page.`),
  });
};

export default function EventRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions, associations } = loaderData;
  if (!event) return <NotFound />;
  return <EventRegisterForm event={event} questions={questions} associations={associations} refused={refusalOf(actionData)} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
