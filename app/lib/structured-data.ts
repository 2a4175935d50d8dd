// schema.org structured data (JSON-LD) for search engines: the organisation, an event, a blog post.
// Built by loaders (only the result travels to the page), so none of this reaches the browser's
// JavaScript. React Router's meta renders it with `<`, `>` and `&` escaped, so text from the
// database cannot close the script element.
import { ORGANISATION } from "~/content/organisation";
import type { JsonLd } from "./seo";
import { absoluteImageUrl, DEFAULT_SHARE_IMAGE } from "./seo";
import { formatInSiteZone } from "./time";

const SCHEMA = "https://schema.org";

/** The ministry's logo: the square app icon. */
const LOGO_PATH = "/media/icon-512.png";

function organizationRef(origin: string): JsonLd {
  return {
    "@type": "Organization",
    name: ORGANISATION.name,
    url: `${origin}/`,
    logo: { "@type": "ImageObject", url: `${origin}${LOGO_PATH}` },
  };
}

/** A record's picture, or the site's default share picture. */
function imageOf(origin: string, url: string | null): string[] {
  return [url ? absoluteImageUrl(origin, url) : `${origin}${DEFAULT_SHARE_IMAGE.path}`];
}

const postalAddress: JsonLd = {
  "@type": "PostalAddress",
  streetAddress: ORGANISATION.address.area,
  addressLocality: ORGANISATION.address.city,
  addressCountry: "MW",
};

/** The home page: who we are, where, and how to reach us. */
export function organizationJsonLd(origin: string): JsonLd {
  return {
    "@context": SCHEMA,
    ...organizationRef(origin),
    "@id": `${origin}/#organization`,
    alternateName: ORGANISATION.shortName,
    slogan: ORGANISATION.tagline,
    parentOrganization: { "@type": "Organization", name: ORGANISATION.parentBody },
    address: postalAddress,
    contactPoint: [
      { "@type": "ContactPoint", contactType: "general enquiries", telephone: ORGANISATION.phone, email: ORGANISATION.presidentEmail },
      { "@type": "ContactPoint", contactType: "events", telephone: ORGANISATION.phone, email: ORGANISATION.eventsEmail },
    ],
  };
}

type EventSource = {
  id: number;
  name: string;
  date: string | null;
  location: string | null;
  description: string | null;
  imageUrl: string | null;
  registrationEnabled: boolean;
};

/**
 * An event with its start in Malawi time (2026-12-04T06:30:00+02:00). Search engines need a start,
 * so an event without a date yet gets none. Registration is free: an Offer at 0 MWK, in stock
 * while registration is open and sold out once it has closed.
 */
export function eventJsonLd(event: EventSource, origin: string): JsonLd | null {
  const startDate = formatInSiteZone(event.date, "yyyy-MM-dd'T'HH:mm:ssxxx");
  if (!startDate) return null;
  const pageUrl = `${origin}/events/${event.id}`;
  return {
    "@context": SCHEMA,
    "@type": "Event",
    name: event.name,
    url: pageUrl,
    startDate,
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    ...(event.location
      ? {
          location: {
            "@type": "Place",
            name: event.location,
            address: { "@type": "PostalAddress", streetAddress: event.location, addressCountry: "MW" },
          },
        }
      : {}),
    ...(event.description ? { description: event.description } : {}),
    image: imageOf(origin, event.imageUrl),
    organizer: organizationRef(origin),
    offers: {
      "@type": "Offer",
      price: 0,
      priceCurrency: "MWK",
      availability: `${SCHEMA}/${event.registrationEnabled ? "InStock" : "SoldOut"}`,
      url: event.registrationEnabled ? `${origin}/events?register=${event.id}` : pageUrl,
    },
  };
}

type PostSource = {
  title: string;
  excerpt: string;
  date: string;
  author: string;
  category: string | null;
  image_url: string | null;
};

/** A blog post or devotional: headline, author, date and the ministry as publisher. */
export function blogPostingJsonLd(post: PostSource, pageUrl: string, origin: string): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: organizationRef(origin),
    mainEntityOfPage: { "@type": "WebPage", "@id": pageUrl },
    url: pageUrl,
    image: imageOf(origin, post.image_url),
    ...(post.category ? { articleSection: post.category } : {}),
  };
}
