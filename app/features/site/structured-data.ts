// schema.org structured data (JSON-LD) for search engines: the organisation, an event, a blog post.
// Built by loaders (only the result travels to the page), so none of this reaches the browser's
// JavaScript. React Router's meta renders it with `<`, `>` and `&` escaped, so text from the
// database cannot close the script element.
import type { JsonLd } from "./seo";
import { absoluteImageUrl, DEFAULT_SHARE_IMAGE } from "./seo";
import { phonesOf, type SiteSettings, socialLinksOf } from "~/features/settings";
import { formatInSiteZone } from "../../lib/time";

const SCHEMA = "https://schema.org";

/** An instant in Malawi time with its offset, as schema.org dates are given. */
const JSON_LD_INSTANT = "yyyy-MM-dd'T'HH:mm:ssxxx";

/** The ministry's logo: the square app icon. */
const LOGO_PATH = "/media/icon-512.png";

function organizationRef(origin: string, { organisation }: SiteSettings): JsonLd {
  return {
    "@type": "Organization",
    name: organisation.name,
    url: `${origin}/`,
    logo: { "@type": "ImageObject", url: `${origin}${LOGO_PATH}` },
  };
}

/** A record's picture, or the site's default share picture. */
function imageOf(origin: string, url: string | null): string[] {
  return [url ? absoluteImageUrl(origin, url) : `${origin}${DEFAULT_SHARE_IMAGE.path}`];
}

/** The address lines as schema.org reads them: the first is the street, the second the town. */
function postalAddress(lines: readonly string[]): JsonLd {
  return {
    "@type": "PostalAddress",
    streetAddress: lines[0] ?? "",
    ...(lines[1] ? { addressLocality: lines[1] } : {}),
    addressCountry: "MW",
  };
}

/** The home page: who we are, where, and how to reach us. */
export function organizationJsonLd(origin: string, settings: SiteSettings): JsonLd {
  const { organisation, contact, social } = settings;
  const telephone = phonesOf(contact)[0]!;
  const sameAs = socialLinksOf(social).map((link) => link.href);
  return {
    "@context": SCHEMA,
    ...organizationRef(origin, settings),
    "@id": `${origin}/#organization`,
    alternateName: organisation.short_name,
    slogan: organisation.tagline,
    parentOrganization: { "@type": "Organization", name: organisation.parent_body },
    address: postalAddress(contact.address_lines),
    contactPoint: [
      { "@type": "ContactPoint", contactType: "general enquiries", telephone, email: contact.president_email },
      { "@type": "ContactPoint", contactType: "events", telephone, email: contact.events_email },
    ],
    ...(sameAs.length ? { sameAs } : {}),
  };
}

type EventSource = {
  id: number;
  name: string;
  date: string | null;
  endsAt: string | null;
  location: string | null;
  description: string | null;
  imageUrl: string | null;
  registrationOpen: boolean;
  /** The fee in whole kwacha, or null: free. */
  fee: number | null;
};

/**
 * An event with its start (and its end, when known) in Malawi time (2026-12-04T06:30:00+02:00).
 * Search engines need a start, so an event without a date yet gets none. Registration is an Offer at the event's fee in MWK (0:
 * free), in stock while registration is open and sold out once it has closed.
 */
export function eventJsonLd(event: EventSource, origin: string, settings: SiteSettings): JsonLd | null {
  const startDate = formatInSiteZone(event.date, JSON_LD_INSTANT);
  if (!startDate) return null;
  const endDate = formatInSiteZone(event.endsAt, JSON_LD_INSTANT);
  const pageUrl = `${origin}/events/${event.id}`;
  return {
    "@context": SCHEMA,
    "@type": "Event",
    name: event.name,
    url: pageUrl,
    startDate,
    ...(endDate ? { endDate } : {}),
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
    organizer: organizationRef(origin, settings),
    offers: {
      "@type": "Offer",
      price: event.fee ?? 0,
      priceCurrency: "MWK",
      availability: `${SCHEMA}/${event.registrationOpen ? "InStock" : "SoldOut"}`,
      url: event.registrationOpen ? `${origin}/events?register=${event.id}` : pageUrl,
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
export function blogPostingJsonLd(post: PostSource, pageUrl: string, origin: string, settings: SiteSettings): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: organizationRef(origin, settings),
    mainEntityOfPage: { "@type": "WebPage", "@id": pageUrl },
    url: pageUrl,
    image: imageOf(origin, post.image_url),
    ...(post.category ? { articleSection: post.category } : {}),
  };
}
