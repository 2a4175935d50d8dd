// What a fresh install shows: every settings section's defaults. They are reference data (loaded
// into site_settings by `npm run db:reset` and the production setup), and what a page shows when a
// section has no row or an unreadable one.
import type { SettingsValues } from "~/features/settings/settings-forms";
import { ABOUT_DEFAULTS } from "./about-copy.ts";
import { CONFERENCE_DEFAULTS, HERO_DEFAULTS } from "./home-copy.ts";
import { MISSION_DEFAULTS } from "./mission-copy.ts";
import { CONTACT_DEFAULTS, ORGANISATION_DEFAULTS, SOCIAL_DEFAULTS } from "./organisation.ts";

export const SETTINGS_DEFAULTS: SettingsValues = {
  organisation: ORGANISATION_DEFAULTS,
  contact: CONTACT_DEFAULTS,
  social: SOCIAL_DEFAULTS,
  hero: HERO_DEFAULTS,
  conference: CONFERENCE_DEFAULTS,
  about: ABOUT_DEFAULTS,
  mission: MISSION_DEFAULTS,
  registrations: { registrations_per_address_per_hour: 20, sms_price_mwk: 40 },
  giving: { giving_funds: ["General Fund", "Missions and Evangelism", "Men's Conference"] },
};
