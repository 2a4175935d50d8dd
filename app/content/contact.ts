// Static copy of the Contact page. The address, phone, e-mails and office hours live in
// organisation.ts, shared with the footer.
import { ORGANISATION } from "./organisation";

const { lat, lon } = ORGANISATION.coordinates;

export const CONTACT_PAGE = {
  intro: "We would be glad to hear from you: questions about a fellowship near you, events, prayer requests or partnership.",
  formHeading: "Send Us a Message",
  formIntro: "Fill in the form and someone from the national office will reply by e-mail.",
  officeHoursHeading: "Office Hours",
  map: {
    heading: "Find Us",
    image: "/media/map-falls-area-1600w.webp",
    alt: "Street map of Falls Area 1, Lilongwe, with a marker at the national office",
    linkLabel: "Open in OpenStreetMap",
    href: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
  },
} as const;
