// Contact details and identity shown across the site (footer, contact page, structured data).
export const ORGANISATION = {
  name: "Baptist Men's Ministry Malawi",
  shortName: "Baptist Men",
  tagline: "Men of faith, serving Christ, family and community",
  parentBody: "Baptist Convention of Malawi",
  address: { area: "Falls Area 1", city: "Lilongwe", country: "Malawi" },
  phone: "+265 999 123 456",
  presidentEmail: "president@baptistmen.mw",
  eventsEmail: "events@baptistmen.mw",
  officeHours: {
    weekdays: "Monday - Friday: 8:00 AM - 5:00 PM",
    weekends: "Saturday - Sunday: Closed (except for special events)",
  },
  /** Falls Area 1, Lilongwe; used for the map link. */
  coordinates: { lat: -13.9626, lon: 33.7741 },
} as const;
