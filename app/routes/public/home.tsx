import { conferenceCard, EventsTeaser, type EventTeaser, HomeHero, JoinCta, MinistriesTeaser, MissionSection, organizationJsonLd, PAGES, seoMeta, TestimonyCarousel } from "~/features/site";
import { islandPage } from "~/lib/page-scripts";
import { SAMPLE_MINISTRIES, SAMPLE_TESTIMONIES } from "~/features/publishing";
import { loaderHeaders } from "~/lib/loader-headers";
import type { EventWithPlaces } from "~/features/events/index.server";
import { registrationState } from "~/features/events";
import { HOME_EVENT_DATE_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import { homePage, publicPage } from "~/features/site/index.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/home";

// The hero's rotation, the countdown and the carousel run as islands: the page ships no React.
export const handle = islandPage;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, { ...PAGES.home, jsonLd: loaderData?.jsonLd });

const EVENTS_FAILED = "Failed to load events. Please try again.";

function toTeaser(event: EventWithPlaces, now: Date): EventTeaser {
  const registration = registrationState(event, now);
  return {
    id: event.id,
    name: event.name,
    // The start only, in the spec's format: the teaser leads to the event's page, which gives its end too.
    dateLabel: formatInSiteZone(event.date, HOME_EVENT_DATE_FORMAT),
    location: event.location,
    description: event.description,
    image_url: event.image_url,
    image_alt: event.image_alt,
    registration_open: registration.open,
    registration_note: registration.note,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const now = new Date();
  // A section that could not be read falls back: sample ministries and testimonies, the events message.
  const page = await homePage(now);
  return publicPage(page, (settings) => ({
    now: now.getTime(),
    conference: conferenceCard(settings.conference, page.conferenceEvents, now),
    ministries: page.ministries?.length ? page.ministries : SAMPLE_MINISTRIES,
    events: (page.events ?? []).map((event) => toTeaser(event, now)),
    eventsError: page.events ? null : EVENTS_FAILED,
    testimonies: page.testimonies?.length ? page.testimonies : SAMPLE_TESTIMONIES,
    jsonLd: organizationJsonLd(siteOrigin(request), settings),
  }));
}

export const headers = loaderHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero settings={loaderData.settings} serverNow={loaderData.now} conference={loaderData.conference} />
      <MissionSection />
      <MinistriesTeaser ministries={loaderData.ministries} />
      <EventsTeaser events={loaderData.events} error={loaderData.eventsError} />
      <TestimonyCarousel testimonies={loaderData.testimonies} />
      <JoinCta />
    </>
  );
}
