// Renders outbox rows when they are sent (and when /admin/outbox shows one not sent yet): each kind
// by the renderer of the feature that owns it, all of them at once (each reads what it needs in one
// D1 batch). A row that holds its text already (written rendered before the outbox stored intent, a
// newsletter test, or rendered at an earlier attempt) is sent as stored, so a retry sends exactly
// what /admin/outbox showed. A newsletter copy's body is always its newsletter's.
// This is the one place that knows every feature's renderer: features never import it (the sender
// is installed in app/server/outbox.server.ts by the Worker entry), so no import cycle forms.
import { EmailRefused, type OutboxContent, type OutboxRow, storedContentOfRow } from "~/server/email-rules.server";
import type { MessageSender, OutboxRenderer, SmsContent, SmsRenderer } from "~/server/outbox.server";
import { siteSettings, storedSettings } from "~/features/settings/index.server";
import { ACCOUNT_OUTBOX_KINDS, renderAccountOutbox } from "~/features/accounts/index.server";
import {
  BURST_OUTBOX_KINDS,
  GROUP_LINK_KINDS,
  REGISTRATION_OUTBOX_KINDS,
  REGISTRATION_SMS_KINDS,
  renderBurstOutbox,
  renderGroupLinkOutbox,
  renderGroupLinkSms,
  renderRegistrationOutbox,
  renderRegistrationSms,
} from "~/features/events/index.server";
import { PAYMENTS_OUTBOX_KINDS, renderGiftReceiptSms, renderPaymentsOutbox } from "~/features/payments/index.server";
import { EVENT_MESSAGE_KINDS, renderEventMessageEmails, renderEventMessages } from "./event-message-outbox.server";
import { MESSAGING_OUTBOX_KINDS, renderMessagingOutbox } from "./messaging-outbox.server";

const RENDERERS: readonly { kinds: readonly string[]; render: OutboxRenderer }[] = [
  { kinds: MESSAGING_OUTBOX_KINDS, render: renderMessagingOutbox },
  { kinds: REGISTRATION_OUTBOX_KINDS, render: renderRegistrationOutbox },
  { kinds: BURST_OUTBOX_KINDS, render: renderBurstOutbox },
  { kinds: GROUP_LINK_KINDS, render: renderGroupLinkOutbox },
  { kinds: ACCOUNT_OUTBOX_KINDS, render: renderAccountOutbox },
  { kinds: PAYMENTS_OUTBOX_KINDS, render: renderPaymentsOutbox },
  { kinds: EVENT_MESSAGE_KINDS, render: renderEventMessageEmails },
];

/** Each row's e-mail (without its recipient, which is the row's), or why it cannot be sent. */
export async function renderOutboxRows(rows: readonly OutboxRow[], origin: string): Promise<Map<number, OutboxContent | EmailRefused>> {
  const rendered = new Map<number, OutboxContent | EmailRefused>();
  const toRender: OutboxRow[] = [];
  for (const row of rows) {
    const stored = row.newsletter_id === null ? storedContentOfRow(row) : null;
    if (stored) rendered.set(row.id, stored);
    else toRender.push(row);
  }
  const sender = toRender.length ? await senderNow(origin) : null;
  const results = await Promise.all(
    RENDERERS.map(({ kinds, render }) => {
      const mine = toRender.filter((row) => kinds.includes(row.kind));
      return mine.length && sender ? render(mine, sender) : new Map<number, OutboxContent | EmailRefused>();
    }),
  );
  for (const result of results) for (const [id, content] of result) rendered.set(id, content);
  for (const row of toRender) if (!rendered.has(row.id)) rendered.set(row.id, new EmailRefused(`No renderer for messages of kind ${row.kind}`));
  return rendered;
}

/** Who sends, from the settings as they are now. */
async function senderNow(origin: string): Promise<MessageSender> {
  const settings = siteSettings(await storedSettings());
  return {
    origin,
    name: settings.organisation.name,
    addressLines: settings.contact.address_lines,
    eventsEmail: settings.contact.events_email,
    contactEmail: settings.contact.president_email,
  };
}

const SMS_RENDERERS: readonly { kinds: readonly string[]; render: SmsRenderer }[] = [
  { kinds: REGISTRATION_SMS_KINDS, render: renderRegistrationSms },
  { kinds: GROUP_LINK_KINDS, render: renderGroupLinkSms },
  { kinds: EVENT_MESSAGE_KINDS, render: renderEventMessages },
  { kinds: PAYMENTS_OUTBOX_KINDS, render: renderGiftReceiptSms },
];

/** Every kind of message the site renders, by e-mail or SMS (each has its label in ./email-kinds.ts). */
export const RENDERED_KINDS: readonly string[] = [...new Set([...RENDERERS, ...SMS_RENDERERS].flatMap(({ kinds }) => kinds))];

/**
 * Each SMS row's text, or why it cannot be sent. Always rendered from the rows as they are now (not
 * as stored at an earlier attempt), so a person who turned SMS off, or cancelled, gets nothing.
 */
export async function renderOutboxSms(rows: readonly OutboxRow[], origin: string, smsName: string): Promise<Map<number, SmsContent | EmailRefused>> {
  const rendered = new Map<number, SmsContent | EmailRefused>();
  const sender = { ...(await senderNow(origin)), smsName };
  const results = await Promise.all(
    SMS_RENDERERS.map(({ kinds, render }) => {
      const mine = rows.filter((row) => kinds.includes(row.kind));
      return mine.length ? render(mine, sender) : new Map<number, SmsContent | EmailRefused>();
    }),
  );
  for (const result of results) for (const [id, content] of result) rendered.set(id, content);
  for (const row of rows) if (!rendered.has(row.id)) rendered.set(row.id, new EmailRefused(`No SMS renderer for messages of kind ${row.kind}`));
  return rendered;
}
