// The states of an outbox row (app/server/outbox.server.ts), named once for the model and the admin pages.
// 'delivered': an SMS whose delivery the provider reported (an e-mail stays 'sent').
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "delivered", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** How many messages /admin/outbox lists (newest first). */
export const OUTBOX_PAGE_SIZE = 100;
