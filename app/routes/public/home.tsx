import { EventsTeaser, type EventTeaser } from "~/features/site/home-events-teaser";
import { HomeHero } from "~/features/site/home-hero";
import { JoinCta } from "~/features/site/home-join-cta";
import { MinistriesTeaser } from "~/features/site/home-ministries-teaser";
import { MissionSection } from "~/features/site/home-mission-section";
import { TestimonyCarousel } from "~/features/site/home-testimony-carousel";
import { PAGES } from "~/features/site/pages-copy";
import { islandPage } from "~/lib/hydration";
import { seoMeta } from "~/features/site/seo";
import { SAMPLE_MINISTRIES, SAMPLE_TESTIMONIES } from "~/features/publishing/samples";
import { conferenceCard } from "~/features/site/conference-card";
import { HOME_EVENT_DATE_FORMAT } from "~/lib/constants";
import { loaderHeaders } from "~/lib/loader-headers";
import { organizationJsonLd } from "~/features/site/structured-data";
import { formatInSiteZone } from "~/lib/time";
import type { EventWithPlaces } from "~/features/events/events.server";
import { registrationState } from "~/features/events/registration-rules";
import { homePage } from "~/features/site/pages.server";
import { publicPage } from "~/features/site/page.server";
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
