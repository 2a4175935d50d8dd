// The site feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { conferenceCard, conferenceWarning } from "./conference-card";
export { EventsTeaser, type EventTeaser } from "./home-events-teaser";
export { HomeHero } from "./home-hero";
export { JoinCta } from "./home-join-cta";
export { MinistriesTeaser } from "./home-ministries-teaser";
export { MissionSection } from "./home-mission-section";
export { TestimonyCarousel } from "./home-testimony-carousel";
export { NotFound, PrivateLinkNotFound } from "./not-found";
export { contactPageSeo, PAGES } from "./pages-copy";
export { RouteError } from "./route-error";
export { blogFeedTitle, eventFormMeta, feedLink, linkPageMeta, metaDescription, noindexMeta, seoMeta } from "./seo";
export { SiteFooter, SUBSCRIBE_INTRO, SubscribeForm } from "./site-footer";
export { SiteHeader } from "./site-header";
export { SocialLinks } from "./social-links";
export { blogPostingJsonLd, eventJsonLd, organizationJsonLd } from "./structured-data";
