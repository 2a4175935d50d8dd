// /admin/outbox's data: the shared outbox's rows (app/server/outbox.server.ts) with what each says.
// A message sent (or attempted) shows what was stored when it went; one not sent yet is rendered
// now, exactly as the sender will render it, so its subject and text show before it goes.
import { EmailRefused, messageOf, type OutboxRow, type SentMessage } from "~/server/email-rules.server";
import { outboxPage as storedOutboxPage, outboxRow } from "~/server/outbox.server";
import { siteOrigin } from "~/server/site-url.server";
import type { OutboxStatus } from "~/lib/outbox-status";
import { renderOutboxRows } from "./outbox-render.server";

/** The newest messages with their subjects (rendered for those not sent yet), and the counts by status. */
export async function outboxPage(status: OutboxStatus | null, request?: Request) {
  const page = await storedOutboxPage(status);
  const unrendered = page.rows.filter((row) => row.subject === null) as OutboxRow[];
  const rendered = unrendered.length ? await renderOutboxRows(unrendered, siteOrigin(request)) : new Map();
  const rows = page.rows.map(({ about: _about, about_id: _aboutId, newsletter_id: _newsletterId, ...row }) => {
    const content = rendered.get(row.id);
    const subject = row.subject ?? (content && !(content instanceof EmailRefused) ? content.subject : `(${content instanceof EmailRefused ? content.message : "not rendered"})`);
    return { ...row, subject };
  });
  return { rows, counts: page.counts };
}

/** One message as it was sent, or as it will be sent (`problem` when the rules refuse it), or undefined. */
export async function outboxMessage(id: number, mailFrom: string, request?: Request): Promise<{ row: OutboxRow; message: SentMessage | null; problem: string | null } | undefined> {
  const row = await outboxRow(id);
  if (!row) return undefined;
  const content = (await renderOutboxRows([row], siteOrigin(request))).get(row.id);
  try {
    if (!content || content instanceof EmailRefused) throw content ?? new EmailRefused("The message could not be rendered");
    return { row, message: messageOf(row.recipient, content, mailFrom), problem: null };
  } catch (error) {
    if (!(error instanceof EmailRefused)) throw error;
    return { row, message: null, problem: error.message };
  }
}
