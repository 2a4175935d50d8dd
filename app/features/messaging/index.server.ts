// The messaging feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { accountChangeNotices, cancellationNotes, emailSite, type EmailSite, emailSiteOf, movedUpNote, newRegistrationEmails, registrationReceipts, subscribeConfirmation } from "./compose.server";
export { composerAction, composerLoader } from "./composer.server";
export { deleteMessage, inboxPage, setMessageRead } from "./contact-messages.server";
export { submitContactMessage } from "./contact.server";
export { dailyEmailCleanUp, sendDueEmail, sendRegistrationSummaries } from "./email-jobs.server";
export { EmailRefused, type MailAddress, messageOfRow, type OutboxContent, type OutboxEmail, type SentMessage } from "./email-rules.server";
export { isLinkToken, PRIVATE_PAGE_HEADERS } from "./link-pages.server";
export { consumeOutboxQueue, type OutboxJob } from "./newsletter-queue.server";
export { newsletterPage } from "./newsletters.server";
export { enqueueEmailForEachQuery, enqueueEmailQuery, enqueueEmails, enqueueNothingQuery, outboxMessage, outboxPage, retryOutboxMessage } from "./outbox.server";
export { emailSetup, newsletterQueueReady, sendAfterResponse } from "./sender.server";
export { confirmationState, confirmSubscription, removeSubscriber, subscribe, type Subscriber, subscriberOfUnsubscribeToken, subscribersAfter, subscribersPage, unsubscribe } from "./subscribers.server";
