// /events/{id}/group: a leader registers a group of up to 30 men at once (issue 25, part 4;
// app/features/events/group-register-form.tsx). No script; success goes on to the group's private page.
import { GroupRegisterForm, toSharedEvent } from "~/features/events";
import { metaDescription, noindexMeta, NotFound, RouteError, seoMeta } from "~/features/site";
import { readOnlyPage } from "~/lib/page-scripts";
import { eventRegisterPage, publicPage } from "~/features/site/index.server";
import { groupAction } from "~/features/events/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/event-group";

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
  return groupAction(request, `/events/${params.id}/group`);
}

export const handle = readOnlyPage;

// A church secretary often gets this link on WhatsApp: it shows a preview with the event's name.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const event = loaderData?.event;
  if (!event) return noindexMeta();
  return seoMeta(matches, {
    path: `/events/${event.id}/group`,
    title: `Register a group for ${event.name}`,
    shareTitle: `Register a group for ${event.name}`,
    description: metaDescription(`Register your church's men for ${event.name} at once: up to 30 on one form, each with his own code.`),
  });
};

export default function EventGroupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions, associations } = loaderData;
  if (!event) return <NotFound />;
  return <GroupRegisterForm event={event} questions={questions} associations={associations} answer={actionData ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
