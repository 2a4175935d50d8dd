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
import {
  CONFERENCE_START_ISO,
  HOME_EVENT_DATE_FORMAT,
  HOME_EVENTS_LIMIT,
  HOME_MINISTRIES_LIMIT,
  HOME_TESTIMONIES_LIMIT,
} from "~/lib/constants";
import { organizationJsonLd } from "~/lib/structured-data";
import { formatInSiteZone } from "~/lib/time";
import { activeEventsQuery, type ChurchEvent } from "~/models/event.server";
import { activeMinistriesQuery } from "~/models/ministry.server";
import { activeTestimoniesQuery } from "~/models/testimony.server";
import { getDb, type Db } from "~/server/db.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/home";

// The hero's rotation, the countdown and the carousel run as islands: the page ships no React.
export const handle = islandPage;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, { ...PAGES.home, jsonLd: loaderData?.jsonLd });

const EVENTS_FAILED = "Failed to load events. Please try again.";

const queries = (db: Db) =>
  [
    activeMinistriesQuery(db, HOME_MINISTRIES_LIMIT),
    activeEventsQuery(db, HOME_EVENTS_LIMIT),
    activeTestimoniesQuery(db, HOME_TESTIMONIES_LIMIT),
  ] as const;

/**
 * All three lists in one D1 round trip. If the batch fails, each query is retried on its own so
 * one broken section falls back (samples, or the events message) without emptying the others.
 */
async function loadHomeLists(db: Db) {
  try {
    const [ministries, events, testimonies] = await db.batch(queries(db));
    return { ministries, events, testimonies, eventsFailed: false, degraded: false };
  } catch (error) {
    console.error("Home page batch failed; loading sections one by one:", error);
    const [ministries, events, testimonies] = await Promise.allSettled(queries(db));
    for (const result of [ministries, events, testimonies]) {
      if (result.status === "rejected") console.error("Home page section failed:", result.reason);
    }
    return {
      ministries: ministries.status === "fulfilled" ? ministries.value : [],
      events: events.status === "fulfilled" ? events.value : [],
      testimonies: testimonies.status === "fulfilled" ? testimonies.value : [],
      eventsFailed: events.status === "rejected",
      degraded: true,
    };
  }
}

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
  const lists = await loadHomeLists(getDb());
  return data(
    {
    now: Date.now(),
    conferenceDate: `${formatInSiteZone(CONFERENCE_START_ISO, "EEEE, MMMM d, yyyy")} · ${formatInSiteZone(CONFERENCE_START_ISO, "h:mm a")}`,
    ministries: lists.ministries.length ? lists.ministries : SAMPLE_MINISTRIES,
    events: lists.events.map(toTeaser),
    eventsError: lists.eventsFailed ? EVENTS_FAILED : null,
    testimonies: lists.testimonies.length ? lists.testimonies : SAMPLE_TESTIMONIES,
    jsonLd: organizationJsonLd(siteOrigin(request)),
    },
    // A page patched up after a database failure must not be kept by the edge cache.
    lists.degraded ? { headers: { "Cache-Control": "no-store" } } : undefined,
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
