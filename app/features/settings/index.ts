// The settings feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { ABOUT } from "./about-copy";
export { CONTACT_PAGE } from "./contact-copy";
export { HOME_HERO, JOIN_CTA, MISSION_SECTION, type ValueIcon } from "./home-copy";
export { MISSION_PAGE } from "./mission-copy";
export { ORGANISATION_DEFAULTS } from "./organisation";
export { brandLines, mapHref, mapPlace, paragraphsOf, phonesOf, settingsFromMatches, type SiteSettings, socialLinksOf, titled, useSiteSettings } from "./settings";
export { CONFERENCE_MODES, type ConferenceMode, conferenceSchemaWithEvents, SECTION_FORMS, SECTION_SCHEMAS, type SettingsSection } from "./settings-forms";
