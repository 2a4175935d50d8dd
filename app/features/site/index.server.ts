// The site feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { ACCOUNT_CHANGES_DAYS, dashboardPage } from "./dashboard.server";
export { publicPage } from "./page.server";
export { publicEventFormPage } from "./event-form-page.server";
export { blogPage, blogPostPage, confirmationPage, eventPage, giftThanksPage, groupPage, unsubscribePage, eventRegisterPage, eventsPage, homePage, leadershipPage, ministriesPage, ministryPage, registrationPage, settingsPage, sitemapPage, testimoniesPage, associationsPage, settingsFormPage } from "./pages.server";
