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
