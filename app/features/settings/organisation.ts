// The organisation's identity and contact details as a fresh install shows them: the defaults of
// the Organisation, Contact and Social links sections of /admin/settings (app/features/settings/settings-forms.ts).
// Pages read the saved settings (app/features/settings/settings.ts); these apply until an admin saves.
import type { SettingsValues } from "~/features/settings/settings-forms";

export const ORGANISATION_DEFAULTS: SettingsValues["organisation"] = {
  name: "Baptist Men's Ministry Malawi",
  short_name: "Baptist Men Malawi",
  tagline: "Men of faith, serving Christ, family and community",
  footer_text:
    "The national men's department of the Baptist Convention of Malawi: equipping men to follow Christ, lead their families and serve their communities.",
  parent_body: "Baptist Convention of Malawi",
};

export const CONTACT_DEFAULTS: SettingsValues["contact"] = {
  address_lines: ["Falls Area 1", "Lilongwe", "Malawi"],
  contact_phone: "+265 999 123 456",
  more_phones: [],
  president_email: "president@baptistmen.mw",
  events_email: "events@baptistmen.mw",
  office_hours: ["Monday - Friday: 8:00 AM - 5:00 PM", "Saturday - Sunday: Closed (except for special events)"],
  // Falls Area 1, Lilongwe.
  map_latitude: -13.9626,
  map_longitude: 33.7741,
  map_image: "/media/map-falls-area-1600w.webp",
};

export const SOCIAL_DEFAULTS: SettingsValues["social"] = { facebook_url: "", whatsapp_url: "", youtube_url: "" };
