// /events/{id}: one active event (linked from the home teaser and the admin). Registration opens the
// same dialog as /events, also from a shared link /events/{id}?register={id}. The page ships no
// React: the islands script drives the dialog (app/islands/registration.ts).
import { SiteLink } from "~/components/site-link";
import { redirect, useLocation } from "react-router";
import { AddToCalendar, EventFacts, EventImage, EVENTS_MESSAGES, LinkAgainEntry, questionsPageFor, refusedEventId, RegisterNowLink, RegistrationArea, RegistrationClosedBadge, RegistrationCompleteSlot, RegistrationDialog, RegistrationNote, registrationRequest, toSharedEvent } from "~/features/events";
import { messageOf, refusalOf } from "~/lib/form-answer";
import { buttonClass } from "~/components/form-fields";
import { ArrowLeftIcon } from "~/components/icons";
import { eventJsonLd, metaDescription, noindexMeta, NotFound, RouteError, seoMeta } from "~/features/site";
import { WhatsAppShareLink } from "~/components/share-links";
import { islandPage } from "~/lib/page-scripts";
import { idFromPath } from "~/lib/path-id";
import { eventPage, publicPage } from "~/features/site/index.server";
import { loaderHeaders } from "~/lib/loader-headers";
import { registrationAction } from "~/features/events/index.server";
import { visitorServices } from "~/server/visitor-services.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/event";

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await eventPage(idFromPath(params.id) ?? 0);
  if (page.event === null) throw new Error(`Event ${params.id} could not be read`);
  // No such event (or a hidden one): the 404 page, with the site's header and footer as set.
  if (!page.event) return publicPage(page, () => ({ event: null, calendar: null, whatsappHref: null, jsonLd: null }), 404);
  const origin = siteOrigin(request);
  const { calendar, whatsappHref, ...event } = toSharedEvent(page.event, origin, new Date(), visitorServices());
  // A shared ?register= link for an event that asks questions: its registration page (issue 25).
  const questionsPage = questionsPageFor([event], new URL(request.url).search);
  if (questionsPage) throw redirect(questionsPage, 303);
  return publicPage(page, (settings) => ({ event, calendar, whatsappHref, jsonLd: eventJsonLd(event, origin, settings) }));
}

export function action({ request, params }: Route.ActionArgs) {
  return registrationAction(request, `/events/${params.id}`);
}

export const handle = islandPage;

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData?.event) return noindexMeta();
  const { event, jsonLd } = loaderData;
  // A shared link's preview says when and where first (what a WhatsApp group needs), then what.
  const whenWhere = [event.whenText, event.location].filter(Boolean).join(" · ");
  const summary = [whenWhere, event.description].filter(Boolean).join(". ");
  return seoMeta(matches, {
    path: `/events/${event.id}`,
    title: event.name,
    shareTitle: event.name,
    description: metaDescription(summary || `${event.name}: an event of the Baptist men of Malawi.`),
    image: { url: event.imageUrl, alt: event.imageAlt },
    jsonLd,
  });
};

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, calendar, whatsappHref } = loaderData;
  return event ? <EventDetails event={event} calendar={calendar} whatsappHref={whatsappHref} actionData={actionData} /> : <NotFound />;
}

type Loaded = Route.ComponentProps["loaderData"];

function EventDetails({
  event,
  calendar,
  whatsappHref,
  actionData,
}: {
  event: NonNullable<Loaded["event"]>;
  calendar: Loaded["calendar"];
  whatsappHref: Loaded["whatsappHref"];
  actionData: Route.ComponentProps["actionData"];
}) {
  const refused = refusalOf(actionData);
  const requested = registrationRequest([event], useLocation().search);
  const reopen = event.registrationOpen && refusedEventId(refused) === String(event.id);
  const open = reopen || requested.eventId === event.id;
  // A refused plain post whose dialog cannot reopen (registration closed meanwhile): say why.
  const notice = refused && !reopen ? (messageOf(refused) ?? null) : null;
  const pagePath = `/events/${event.id}`;
  const paragraphs = event.description?.split(/\r?\n/).map((p) => p.trim()).filter(Boolean) ?? [];

  return (
    <RegistrationArea className="bg-stone-50">
      <div className="mx-auto w-full max-w-6xl px-4 pb-14 pt-6 sm:px-6 sm:pt-8">
        <SiteLink to="/events" className="inline-flex items-center gap-1.5 py-2 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
          <ArrowLeftIcon className="size-4" />
          {EVENTS_MESSAGES.backToEvents}
        </SiteLink>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{event.name}</h1>

        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3 lg:gap-8">
          <EventImage
            event={event}
            priority
            sizes="(min-width: 1152px) 736px, (min-width: 1024px) 66vw, 100vw"
            className="rounded-xl shadow-sm lg:col-span-2"
          />

          <aside
            aria-labelledby="event-details-heading"
            className="h-fit rounded-xl border border-stone-200 bg-white p-5 shadow-sm lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:sticky lg:top-24"
          >
            <h2 id="event-details-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
              When and where
            </h2>
            <EventFacts event={event} className="mt-3 text-base" />
            <div className="mt-5 space-y-3 border-t border-stone-200 pt-5">
              {notice ? (
                <p role="status" className="rounded-md border border-gold-300 bg-gold-100 px-3 py-2 text-sm text-stone-900">
                  {notice}
                </p>
              ) : null}
              <RegistrationCompleteSlot eventId={event.id} className="empty:hidden" />
              {event.registrationOpen ? (
                <>
                  <RegistrationNote note={event.registrationNote} eventId={event.id} />
                  <RegisterNowLink href={`${pagePath}?register=${event.id}`} event={event} className={`${buttonClass.primary} w-full`} />
                  <a href={`${pagePath}/group`} className={`${buttonClass.secondary} w-full`}>
                    Register a group
                  </a>
                </>
              ) : (
                <RegistrationClosedBadge className="w-full" />
              )}
              {/* Also once registration has closed: that is when the registered need their link. */}
              <LinkAgainEntry eventId={event.id} className="block py-1 text-center text-sm" />
            </div>
            <div className="mt-5 space-y-4 border-t border-stone-200 pt-5">
              {calendar ? <AddToCalendar links={calendar} eventName={event.name} /> : null}
              {whatsappHref ? <WhatsAppShareLink href={whatsappHref} subject={event.name} className="w-full justify-center" /> : null}
            </div>
          </aside>

          {paragraphs.length ? (
            <section aria-labelledby="about-event-heading" className="lg:col-span-2">
              <h2 id="about-event-heading" className="text-xl font-bold text-stone-900">
                About this event
              </h2>
              <div className="mt-3 space-y-4 text-base leading-relaxed text-stone-800">
                {paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </section>
          ) : null}
        </div>
      </div>
      {event.registrationOpen ? (
        <RegistrationDialog event={event} open={open} action={pagePath} closeHref={pagePath} refused={refused} />
      ) : null}
    </RegistrationArea>
  );
}

/** Here rather than in the layout, so this route's meta (noindex) still applies to its 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
