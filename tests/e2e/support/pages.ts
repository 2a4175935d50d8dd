// Every kind of public page a visitor can land on, with the demo content (dialogs and 404s too). The
// pages come from app/routes.ts, so a page added later is checked the day it is added; a route left
// out is named below with the reason.
import routes from "../../../app/routes.ts";
import { demoPath, flattenRoutes, routesExcept } from "../../support/route-paths.ts";

/** Routes outside /admin that are not a public page these checks can open, and why. */
export const NOT_PUBLIC_PAGES: Record<string, string> = {
  "/events/:id/calendar.ics": "a calendar file, not HTML",
  "/registrations/:token": "a registration's private page: its token is made when a man registers, the demo has none",
  "/groups/:token": "a group leader's private page: its token is made when a group registers, the demo has none",
  "/give/:token": "a gift's thank-you page: its token is made when someone gives, the demo has none",
  "/auth/two-step": "opens only in the middle of signing in, with two-step sign-in on (redirects to /auth otherwise)",
  "/logout": "signs out and redirects",
  "/r/:token": "the SMS short link: a redirect",
  "/robots.txt": "a text file",
  "/sitemap.xml": "an XML file",
  "/blog/rss.xml": "an XML feed",
  "/manifest.webmanifest": "a JSON manifest",
  "/check-in.webmanifest": "a JSON manifest",
};

/** The links in e-mails, with the demo's tokens: one waiting for its button, one naming nobody. */
const DEMO_URLS: Record<string, string> = {
  "/newsletter/unsubscribe/:token": "/newsletter/unsubscribe/demo-reader-unsubscribe-token",
  "/newsletter/confirm/:token": "/newsletter/confirm/00000000000000000000000000000000",
};

/** More states of pages already listed: a ministry shown in full, a missing post, a search, the registration dialog. */
const STATES = ["/ministries?slug=discipleship", "/blog/no-such-post", "/associations?q=Lilongwe", "/events?register=1"];

export const PUBLIC_PAGES = [
  ...routesExcept(flattenRoutes(routes), (route) => !route.path.startsWith("/admin"), NOT_PUBLIC_PAGES).map(
    (route) => DEMO_URLS[route.path] ?? demoPath(route.path),
  ),
  ...STATES,
];

/** Admin routes not opened by the list below, and why. */
export const NOT_ADMIN_PAGES: Record<string, string> = {
  "/admin/leadership": "redirects to the dashboard's tab, opened as /admin?tab=leadership",
  "/admin/ministries": "redirects to the dashboard's tab, opened as /admin?tab=ministries",
  "/admin/blogs": "redirects to the dashboard's tab, opened as /admin?tab=blogs",
  "/admin/testimonies": "redirects to the dashboard's tab, opened as /admin?tab=testimonies",
  "/admin/associations": "redirects to the dashboard's tab, opened as /admin?tab=associations",
  "/admin/events": "redirects to the dashboard's tab, opened as /admin?tab=events",
  "/admin/newsletter/:id": "the demo has no newsletter: the test of a sent newsletter's pages sends one and opens it",
  "/admin/outbox/:id": "the demo's outbox is empty: the test of a sent newsletter's pages opens its copy there",
};

/** More states of pages already listed: the dashboard's tabs, a delete dialog, a filter, an edit form. */
const ADMIN_STATES = [
  "/admin?tab=leadership",
  "/admin?tab=ministries",
  "/admin?tab=blogs",
  "/admin?tab=blogs&status=published",
  "/admin?tab=testimonies",
  "/admin?tab=events",
  "/admin?tab=events&delete=1",
  "/admin?tab=associations",
  // The desk with one registration's edit form open over it.
  "/admin/events/registrations/1?edit=1",
];

/** Every admin page, from app/routes.ts with the demo's ids, so a page added later is checked the day it is added. */
export const ADMIN_PAGES = [
  ...routesExcept(flattenRoutes(routes), (route) => route.path === "/admin" || route.path.startsWith("/admin/"), NOT_ADMIN_PAGES).map((route) =>
    demoPath(route.path),
  ),
  ...ADMIN_STATES,
];
