// The public pages the performance budgets, `npm run lighthouse` and `npm run bench` measure, one
// of each kind, with the demo content's slugs and ids.
export const BUDGETED_ROUTES = [
  "/",
  "/about",
  "/mission",
  "/leadership",
  "/ministries",
  "/ministries/youth-mentorship",
  "/blog",
  "/blog/rising-early-mark-1-35",
  "/testimonies",
  "/associations",
  "/events",
  "/events/1",
  "/events/1/group",
  "/events/1/my-link",
  "/contact",
  "/give",
  "/offline",
];
