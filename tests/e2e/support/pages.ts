// Every kind of public page a visitor can land on, with the demo content (dialogs and 404s too).
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/mission",
  "/leadership",
  "/ministries",
  "/ministries?slug=discipleship",
  "/ministries/youth-mentorship",
  "/blog",
  "/blog/rising-early-mark-1-35",
  "/blog/no-such-post",
  "/testimonies",
  "/events",
  "/events?register=1",
  "/events/1",
  "/contact",
  "/auth",
  // The pages links in e-mails open: one waiting for its button, one for a link that names nobody.
  "/newsletter/unsubscribe/demo-reader-unsubscribe-token",
  "/newsletter/confirm/00000000000000000000000000000000",
  "/no-such-page",
];
