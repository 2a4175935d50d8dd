// Static copy of the Contact page. The address, phones, e-mails, office hours and map come from the
// settings (defaults in organisation.ts).

export const CONTACT_PAGE = {
  intro: "We would be glad to hear from you: questions about a fellowship near you, events, prayer requests or partnership.",
  formHeading: "Send Us a Message",
  formIntro: "Fill in the form and someone from the national office will reply by e-mail, or call you back on the phone number you give.",
  officeHoursHeading: "Office Hours",
  map: {
    heading: "Find Us",
    linkLabel: "Open in OpenStreetMap",
  },
} as const;
