// The tags every public page gives search engines and link previews (WhatsApp, Facebook, X): one
// builder, so each page only says what it is about. Runs in meta functions, so it stays tiny.
import type { MetaDescriptor } from "react-router";
import { imageSources, SHARE_PICTURE, sharePictureUrl } from "~/features/images";
import { settingsFromMatches, type SiteSettings, titled } from "~/features/settings";

/** The share picture of pages without one of their own (a SHARE_PICTURE: 1200x630 JPEG). */
export const DEFAULT_SHARE_IMAGE = { path: "/media/og-default.jpg" } as const;

/** The title of the blog's RSS feed. */
export const blogFeedTitle = (organisation: SiteSettings["organisation"]) => `${organisation.name}: Blog & Devotionals`;

/** The blog's RSS feed, offered to feed readers by the blog pages. */
export function feedLink(settings: SiteSettings): MetaDescriptor {
  return { tagName: "link", rel: "alternate", type: "application/rss+xml", title: blogFeedTitle(settings.organisation), href: "/blog/rss.xml" };
}

export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];

export type SeoPage = {
  /** The page's name: the <title> is "{title} | {short name}"; without one (home), the site's name. */
  title?: string;
  description: string;
  /** The canonical path, without a query string: /events?register=3 is the page /events. */
  path: string;
  /**
   * og:url when a shared address should keep its own preview although search engines are sent to
   * `path` (Facebook re-reads the page at og:url and shows that page's tags).
   */
  sharePath?: string;
  /** og:title when it differs from <title>, e.g. a record's own name without the site's. */
  shareTitle?: string;
  /** og:type: "article" for blog posts, "website" for everything else. */
  type?: "website" | "article";
  /**
   * The record's picture as stored (site-relative). Previews show its share picture, or the site's
   * default one when it has none (no picture, or an upload from before share pictures).
   */
  image?: { url: string | null | undefined; alt: string } | null;
  /** Structured data (schema.org JSON-LD), built by the page's loader. */
  jsonLd?: JsonLd | null;
  /** Extra tags, e.g. article:published_time. */
  extra?: MetaDescriptor[];
  /** Offer the blog's RSS feed to feed readers (the blog pages). */
  feed?: boolean;
};

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The public origin the root loader found (SITE_URL or the request's), for absolute URLs. */
export function originFromMatches(matches: readonly MatchLike[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/**
 * The absolute URL of a stored picture for structured data. Our pictures come in widths
 * (-480w/-960w/-1600w); search engines get the 960 px one. (Link previews use share pictures.)
 */
export function absoluteImageUrl(origin: string, url: string): string {
  const src = imageSources(url).src;
  return /^https?:\/\//.test(src) ? src : `${origin}${src}`;
}

/** The picture a page's link preview shows, with its description: absolute, on the site's origin. */
function previewPicture(origin: string, image: SeoPage["image"], defaultAlt: string): { url: string; alt: string } {
  const shared = image?.url ? sharePictureUrl(image.url) : null;
  if (!image || !shared) return { url: `${origin}${DEFAULT_SHARE_IMAGE.path}`, alt: defaultAlt };
  return { url: `${origin}${shared}`, alt: image.alt };
}

/** Title, description, canonical URL, Open Graph and Twitter card tags, and JSON-LD for one page. */
export function seoMeta(matches: readonly MatchLike[], page: SeoPage): MetaDescriptor[] {
  const origin = originFromMatches(matches);
  const settings = settingsFromMatches(matches);
  const { name, tagline } = settings.organisation;
  const url = `${origin}${page.path}`;
  const title = page.title ? titled(page.title, settings) : name;
  const shareTitle = page.shareTitle ?? title;
  const image = previewPicture(origin, page.image, `${name}: ${tagline}`);
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.feed ? [feedLink(settings)] : []),
    { property: "og:site_name", content: name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: page.sharePath ? `${origin}${page.sharePath}` : url },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: page.description },
    { property: "og:image", content: image.url },
    { property: "og:image:type", content: SHARE_PICTURE.type },
    { property: "og:image:width", content: String(SHARE_PICTURE.width) },
    { property: "og:image:height", content: String(SHARE_PICTURE.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
    ...(page.extra ?? []),
    ...(page.jsonLd ? [{ "script:ld+json": page.jsonLd }] : []),
  ];
}

/** Tags of a page search engines should not list (404s); without a title when the page renders its own. */
export function noindexMeta(title?: string): MetaDescriptor[] {
  return [...(title ? [{ title }] : []), { name: "robots", content: "noindex" }];
}

/** Cuts a description to what search results show (about 160 characters), at a word if possible. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(" "));
  return `${(atWord.length > max * 0.6 ? atWord : cut).trimEnd()}…`;
}

/**
 * The pages links in e-mails open (confirming, unsubscribing): the usual tags, a preview like any
 * page's should someone paste the link somewhere, and kept out of search engines.
 */
export function linkPageMeta(matches: readonly MatchLike[], path: string, title: string): MetaDescriptor[] {
  const { name } = settingsFromMatches(matches).organisation;
  return seoMeta(matches, { title, description: `News of events, devotionals and ministry updates from ${name}, by e-mail.`, path, extra: [{ name: "robots", content: "noindex" }] });
}

/**
 * An event's own form page (/events/{id}/register, /events/{id}/group), as a link shared on
 * WhatsApp shows it: the form's title and description, the site's picture; noindex when the event
 * is unknown.
 */
export function eventFormMeta<E extends { id: number; name: string }>(
  matches: readonly MatchLike[],
  event: E | null | undefined,
  formOf: (event: E) => { path: string; title: string; description: string },
): MetaDescriptor[] {
  if (!event) return noindexMeta();
  const form = formOf(event);
  return seoMeta(matches, { path: form.path, title: form.title, shareTitle: form.title, description: metaDescription(form.description) });
}
