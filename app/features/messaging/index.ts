// The messaging feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { CONTACT_LIMITS } from "./contact-form";
export { ContactForm } from "./contact-form-fields";
export { emailKindLabel } from "./email-kinds";
export { AUDIENCE_CHOICES, CHANNEL_CHOICES, eventMessageSms, PREVIEW_NOTES, sendLabel, SENT_ALREADY, sentToText, SMS_CONTENT_NOTE } from "./event-message-form";
export { type EmailBlock, type EmailOrganisation, type RenderedEmail, renderEmail } from "~/lib/email-layout";
export { EmailPreview } from "./email-preview";
export { EmailSetupNotice } from "./email-setup-notice";
export { CONFIRM_PAGE, UNSUBSCRIBE_PAGE } from "./newsletter-copy";
export { exampleUnsubscribeUrl, newsletterEmail, type NewsletterItem, newsletterWhatsAppText, withUnsubscribeUrl } from "./newsletter-email";
export { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES, newsletterSchema } from "./newsletter-form";
export { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxStatus } from "~/lib/outbox-status";
export { SUBSCRIBE_MESSAGES, subscribeSchema } from "./subscribe-form";
