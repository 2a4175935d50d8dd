// The route table is the site map: public routes in the order of SPEC section 2, then the admin area.
import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("mission", "routes/public/mission.tsx"),
    route("leadership", "routes/public/leadership.tsx"),
    route("ministries", "routes/public/ministries.tsx"),
    route("ministries/:slug", "routes/public/ministry.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/blog-post.tsx"),
    route("testimonies", "routes/public/testimonies.tsx"),
    route("associations", "routes/public/associations.tsx"),
    route("events", "routes/public/events.tsx"),
    route("events/:id", "routes/public/event.tsx"),
    route("events/:id/calendar.ics", "routes/public/event-calendar.tsx"),
    // An event that asks registration questions registers here; a leader registers a group (issue 25).
    route("events/:id/register", "routes/public/event-register.tsx"),
    route("events/:id/group", "routes/public/event-group.tsx"),
    // "Get my link again": the private link sent again to the phone (and e-mail) registered.
    route("events/:id/my-link", "routes/public/event-my-link.tsx"),
    route("registrations/:token", "routes/public/registration-private-page.tsx"),
    // A group leader's private page: every man's code, cancel one or all (issue 25).
    route("groups/:token", "routes/public/group-private-page.tsx"),
    route("contact", "routes/public/contact.tsx"),
    // Giving (issue 23): the form, and a gift's private thank-you page.
    route("give", "routes/public/give.tsx"),
    route("give/:token", "routes/public/gift-thanks.tsx"),
    route("subscribe", "routes/public/subscribe.tsx"),
    // The links in e-mails: confirming a subscription, and unsubscribing from the newsletter.
    route("newsletter/confirm/:token", "routes/public/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe/:token", "routes/public/newsletter-unsubscribe.tsx"),
    // Offline the service worker answers here with the pages kept on the phone (issue 26).
    route("offline", "routes/public/offline.tsx"),
    route("auth", "routes/auth/login.tsx"),
    route("auth/two-step", "routes/auth/two-step.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("logout", "routes/auth/logout.tsx"),
  // The short private link each SMS carries: it redirects to /registrations/{token}.
  route("r/:token", "routes/public/short-link.tsx"),

  // For search engines, feed readers and phones' home screens.
  route("robots.txt", "routes/seo/robots.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.tsx"),
  route("blog/rss.xml", "routes/seo/blog-rss.tsx"),
  route("manifest.webmanifest", "routes/seo/manifest.tsx"),
  route("check-in.webmanifest", "routes/seo/manifest.tsx", { id: "check-in-manifest" }),

  // Everything under /admin passes the session guard in the admin layout's middleware. Each content
  // type has a folder: its form (new and edit), its list (a dashboard tab) and their server code.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    ...prefix("leadership", [
      index("routes/admin/tab-redirect.tsx", { id: "admin-leadership-list" }),
      route("new", "routes/admin/leadership/leadership-form.tsx", { id: "admin-leadership-new" }),
      route("edit/:id", "routes/admin/leadership/leadership-form.tsx", { id: "admin-leadership-edit" }),
    ]),
    ...prefix("ministries", [
      index("routes/admin/tab-redirect.tsx", { id: "admin-ministries-list" }),
      route("new", "routes/admin/ministries/ministry-form.tsx", { id: "admin-ministries-new" }),
      route("edit/:id", "routes/admin/ministries/ministry-form.tsx", { id: "admin-ministries-edit" }),
    ]),
    ...prefix("blogs", [
      index("routes/admin/tab-redirect.tsx", { id: "admin-blogs-list" }),
      route("new", "routes/admin/blogs/blog-form.tsx", { id: "admin-blogs-new" }),
      route("edit/:id", "routes/admin/blogs/blog-form.tsx", { id: "admin-blogs-edit" }),
      route("preview/:id", "routes/admin/blogs/blog-preview.tsx"),
    ]),
    ...prefix("testimonies", [
      index("routes/admin/tab-redirect.tsx", { id: "admin-testimonies-list" }),
      route("new", "routes/admin/testimonies/testimony-form.tsx", { id: "admin-testimonies-new" }),
      route("edit/:id", "routes/admin/testimonies/testimony-form.tsx", { id: "admin-testimonies-edit" }),
    ]),
    ...prefix("associations", [
      index("routes/admin/tab-redirect.tsx", { id: "admin-associations-list" }),
      route("new", "routes/admin/associations/association-form.tsx", { id: "admin-associations-new" }),
      route("edit/:id", "routes/admin/associations/association-form.tsx", { id: "admin-associations-edit" }),
      route("import", "routes/admin/associations/association-import.tsx"),
    ]),
    ...prefix("events", [
      index("routes/admin/tab-redirect.tsx", { id: "admin-events-list" }),
      route("new", "routes/admin/events/event-form.tsx", { id: "admin-events-new" }),
      route("edit/:id", "routes/admin/events/event-form.tsx", { id: "admin-events-edit" }),
      route("registrations/:id", "routes/admin/events/registration-desk.tsx"),
      route(":id/check-in", "routes/admin/events/check-in.tsx"),
      route(":id/door-list", "routes/admin/events/door-list.tsx"),
      // A message to the event's registrants by status, by SMS and/or e-mail (issue 24).
      route(":id/message", "routes/admin/events/event-message.tsx"),
    ]),
    route("check-in", "routes/admin/events/check-in-events.tsx"),
    route("settings", "routes/admin/settings/settings-page.tsx"),
    route("pages", "routes/admin/settings/pages-page.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    // E-mail: the newsletter's composer and past newsletters, and every e-mail the site sends.
    ...prefix("newsletter", [
      index("routes/admin/newsletter/composer.tsx"),
      route(":id", "routes/admin/newsletter/newsletter-progress.tsx"),
    ]),
    ...prefix("outbox", [
      index("routes/admin/outbox/outbox-list.tsx"),
      route("setup", "routes/admin/outbox/messaging-setup.tsx"),
      route(":id", "routes/admin/outbox/outbox-message.tsx"),
    ]),
    // Money: how to turn payments on (docs/deploy.md, "Payments").
    route("payments/setup", "routes/admin/payments/payments-setup.tsx"),
    route("giving", "routes/admin/giving/giving.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("account/two-step", "routes/admin/account/two-step.tsx"),
    route("account/sessions", "routes/admin/account/sessions.tsx"),
    route("account/unsaved", "routes/admin/account/unsaved.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
