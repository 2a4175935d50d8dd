// /events (SPEC section 2 Events): every active event, soonest first, with registration in a dialog.
// /events?register={id} (the home page's Register link, or a link shared on WhatsApp) opens the
// dialog for that event, rendered open by the server. The page ships no React: the islands script
// drives the dialog (app/islands/registration.ts).
import { redirect, useLocation } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { EventCard, EVENTS_MESSAGES, questionsPageFor, refusedEventId, RegistrationArea, RegistrationDialog, registrationRequest, type SharedEvent, toSharedEvent } from "~/features/events";
import { messageOf, refusalOf } from "~/lib/form-answer";
import { AlertIcon, CalendarIcon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { islandPage } from "~/lib/page-scripts";
import { seoMeta } from "~/features/site";
import { eventsPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";
import { registrationAction } from "~/features/events/index.server";
import { visitorServices } from "~/server/visitor-services.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/events";

const EVENTS_DESCRIPTION =
  "Conferences, retreats, prayer breakfasts and outreach days of the Baptist men of Malawi. Find an event near you and register.";

export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const now = new Date();
  const page = await eventsPage();
  const services = visitorServices();
  const events: SharedEvent[] = (page.events ?? []).map((row) => toSharedEvent(row, origin, now, services));
  // A shared ?register= link for an event that asks questions: its registration page (issue 25).
  const questionsPage = questionsPageFor(events, new URL(request.url).search);
  if (questionsPage) throw redirect(questionsPage, 303);
  return publicPage(page, () => ({ events, failed: page.events === null }), page.events === null ? 503 : 200);
}

export const headers = loaderHeaders;

export function action({ request }: Route.ActionArgs) {
  return registrationAction(request, "/events");
}

export const handle = islandPage;

/** /events?register={id} is shared on WhatsApp: its preview names the event; its canonical page is /events. */
export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const { eventId } = registrationRequest(loaderData?.events ?? [], location.search);
  const opened = loaderData?.events.find((e) => e.id === eventId);
  if (!opened) return seoMeta(matches, { path: "/events", title: "Upcoming Events", shareTitle: "Upcoming Events", description: EVENTS_DESCRIPTION });
  return seoMeta(matches, {
    path: "/events",
    sharePath: `/events?register=${opened.id}`,
    title: `Register for ${opened.name}`,
    shareTitle: `Register for ${opened.name}`,
    description: [opened.dateText, opened.location].filter(Boolean).join(" · ") || `Register for ${opened.name}.`,
    image: { url: opened.imageUrl, alt: opened.imageAlt },
  });
};

export default function Events({ loaderData, actionData }: Route.ComponentProps) {
  const { events, failed } = loaderData;
  const requested = registrationRequest(events, useLocation().search);
  const refused = refusalOf(actionData);
  // A refused plain post reopens its dialog; if that event can no longer take registrations, say why.
  const refusedEvent = refused ? events.find((e) => String(e.id) === refusedEventId(refused) && e.registrationOpen) : undefined;
  const notice = requested.notice ?? (refused && !refusedEvent ? (messageOf(refused) ?? null) : null);
  const openId = refusedEvent?.id ?? requested.eventId;
  const openEvent = events.find((e) => e.id === openId && e.registrationOpen);
  // The dialog is in the page whenever an event takes registrations, ready for Register Now.
  const dialogEvent = openEvent ?? events.find((e) => e.registrationOpen);

  return (
    <RegistrationArea>
      <PageHero title={EVENTS_MESSAGES.heading}>
        Gatherings for prayer, fellowship, teaching and service. Everyone is welcome.
      </PageHero>
      <div className="bg-stone-50">
        <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
          {notice ? (
            <p role="status" className="mb-6 flex gap-2 rounded-lg border border-gold-300 bg-gold-100 px-4 py-3 text-sm text-stone-900">
              <AlertIcon className="mt-0.5 size-4 shrink-0 text-gold-700" />
              {notice}
            </p>
          ) : null}
          {failed ? (
            <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-6 py-10 text-center text-red-800">
              <p className="font-semibold">{EVENTS_MESSAGES.loadFailed}</p>
              <a href="/events" className="mt-3 inline-block text-sm font-semibold underline">
                Try again
              </a>
            </div>
          ) : events.length === 0 ? (
            <EmptyState icon={<CalendarIcon className="size-10" />}>
              <p className="text-lg font-semibold text-stone-900">{EVENTS_MESSAGES.empty}</p>
              <p className="mt-1 text-sm">New events are announced here. Please check back soon.</p>
            </EmptyState>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {events.map((event, index) => (
                <li key={event.id} className="flex">
                  <EventCard
                    event={event}
                    priority={index === 0}
                    calendar={event.calendar}
                    whatsappHref={event.whatsappHref}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {dialogEvent ? (
        <RegistrationDialog event={dialogEvent} open={dialogEvent === openEvent} action="/events" closeHref="/events" refused={refused} />
      ) : null}
    </RegistrationArea>
  );
}
