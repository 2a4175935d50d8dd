import { data } from "react-router";
import { EventsTeaser, type EventTeaser } from "~/components/home/events-teaser";
import { HomeHero } from "~/components/home/hero";
import { JoinCta } from "~/components/home/join-cta";
import { MinistriesTeaser } from "~/components/home/ministries-teaser";
import { MissionSection } from "~/components/home/mission-section";
import { TestimonyCarousel } from "~/components/home/testimony-carousel";
import { PAGES } from "~/content/pages";
import { islandPage } from "~/lib/hydration";
import { seoMeta } from "~/lib/seo";
import { SAMPLE_MINISTRIES, SAMPLE_TESTIMONIES } from "~/content/samples";
import { CONFERENCE_START_ISO, HOME_EVENT_DATE_FORMAT } from "~/lib/constants";
import { organizationJsonLd } from "~/lib/structured-data";
import { formatInSiteZone } from "~/lib/time";
import type { ChurchEvent } from "~/models/event.server";
import { homePage } from "~/models/pages.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/home";

// The hero's rotation, the countdown and the carousel run as islands: the page ships no React.
export const handle = islandPage;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, { ...PAGES.home, jsonLd: loaderData?.jsonLd });

const EVENTS_FAILED = "Failed to load events. Please try again.";

function toTeaser(event: ChurchEvent): EventTeaser {
  return {
    id: event.id,
    name: event.name,
    dateLabel: formatInSiteZone(event.date, HOME_EVENT_DATE_FORMAT),
    location: event.location,
    description: event.description,
    image_url: event.image_url,
    image_alt: event.image_alt,
    registration_enabled: event.registration_enabled,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  // A section that could not be read falls back: sample ministries and testimonies, the events message.
  const page = await homePage();
  return data(
    {
      now: Date.now(),
      conferenceDate: `${formatInSiteZone(CONFERENCE_START_ISO, "EEEE, MMMM d, yyyy")} · ${formatInSiteZone(CONFERENCE_START_ISO, "h:mm a")}`,
      ministries: page.ministries?.length ? page.ministries : SAMPLE_MINISTRIES,
      events: (page.events ?? []).map(toTeaser),
      eventsError: page.events ? null : EVENTS_FAILED,
      testimonies: page.testimonies?.length ? page.testimonies : SAMPLE_TESTIMONIES,
      jsonLd: organizationJsonLd(siteOrigin(request)),
    },
    // A page patched up after a database failure must not be kept by the edge cache.
    page.degraded ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero serverNow={loaderData.now} conferenceDate={loaderData.conferenceDate} />
      <MissionSection />
      <MinistriesTeaser ministries={loaderData.ministries} />
      <EventsTeaser events={loaderData.events} error={loaderData.eventsError} />
      <TestimonyCarousel testimonies={loaderData.testimonies} />
      <JoinCta />
    </>
  );
}
