// The messaging feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { emailSite, type EmailSite, emailSiteOf } from "./compose.server";
export { composerAction, composerLoader } from "./composer.server";
export { deleteMessage, inboxPage, setMessageRead } from "./contact-messages.server";
export { submitContactMessage } from "./contact.server";
export { dailyEmailCleanUp, sendDueEmail, sendEventReminders, sendRegistrationSummaries } from "./email-jobs.server";
export { isLinkToken } from "./link-pages.server";
export { consumeOutboxQueue, type OutboxJob } from "./newsletter-queue.server";
export { newsletterPage } from "./newsletters.server";
export { outboxMessage, outboxPage } from "./outbox-admin.server";
export { deliverOutbox, newsletterQueueReady } from "./sender.server";
export { confirmationQuery, confirmationState, confirmSubscription, removeSubscriber, subscribe, type Subscriber, subscribersAfter, subscribersPage, unsubscribe, unsubscribeQuery } from "./subscribers.server";
export { receiveSmsStatus } from "./sms-status.server";
export { eventMessageAction, eventMessageLoader } from "./event-message-composer.server";
