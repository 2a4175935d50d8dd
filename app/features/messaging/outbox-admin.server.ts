// /admin/outbox's data: the shared outbox's rows (app/server/outbox.server.ts) with what each says.
// A message sent (or attempted) shows what was stored when it went; one not sent yet is rendered
// now, exactly as the sender will render it, so its subject and text show before it goes.
import { EmailRefused, messageOf, type OutboxContent, type OutboxRow, type SentMessage } from "~/server/email-rules.server";
import { outboxPage as storedOutboxPage, outboxRow, recipientSearchOf, type SmsContent } from "~/server/outbox.server";
import { siteOrigin } from "~/server/site-url.server";
import type { OutboxStatus } from "~/lib/outbox-status";
import { renderOutboxRows, renderOutboxSms } from "./outbox-render.server";
import { smsCount, toGsm7 } from "~/lib/gsm7";
import { smsSetup } from "~/server/sms.server";

/** The sender ID SMS name (or a placeholder while SMS is not set up). */
function smsName(): string {
  const setup = smsSetup();
  return setup.ready ? setup.senderId : "(SMS_SENDER_ID)";
}

/**
 * Why a queued message will not be sent as things stand (a man cancelled or turned SMS off, a reader
 * unsubscribed): the sender marks it failed with this reason when its turn comes. Else null.
 */
function refusedWhenDue(status: string, content: unknown): string | null {
  return status === "queued" && content instanceof EmailRefused ? content.message : null;
}

/** The newest messages with their subjects (rendered for those not sent yet), and the counts by status. */
export async function outboxPage(status: OutboxStatus | null, request?: Request, to: string | null = null) {
  const page = await storedOutboxPage(status, recipientSearchOf(to));
  const unrendered = page.rows.filter((row) => row.subject === null && row.channel !== "sms") as unknown as OutboxRow[];
  const unsentSms = page.rows.filter((row) => row.channel === "sms" && row.sms_text === null) as unknown as OutboxRow[];
  const [rendered, smsRendered] = await Promise.all([
    unrendered.length ? renderOutboxRows(unrendered, siteOrigin(request)) : new Map<number, OutboxContent | EmailRefused>(),
    unsentSms.length ? renderOutboxSms(unsentSms, siteOrigin(request), smsName()) : new Map<number, SmsContent | EmailRefused>(),
  ]);
  const rows = page.rows.map(({ about: _about, about_id: _aboutId, newsletter_id: _newsletterId, sms_text: smsText, ...row }) => {
    if (row.channel === "sms") {
      const content = smsRendered.get(row.id);
      const text = smsText ?? (content && !(content instanceof EmailRefused) ? toGsm7(content.text) : `(${content instanceof EmailRefused ? content.message : "not rendered"})`);
      return { ...row, subject: `SMS: ${text}`, wontGo: refusedWhenDue(row.status, content) };
    }
    const content = rendered.get(row.id);
    const subject = row.subject ?? (content && !(content instanceof EmailRefused) ? content.subject : `(${content instanceof EmailRefused ? content.message : "not rendered"})`);
    return { ...row, subject, wontGo: refusedWhenDue(row.status, content) };
  });
  return { rows, counts: page.counts };
}

/** One message as it was sent, or as it will be sent (`problem` when the rules refuse it), or undefined. */
export async function outboxMessage(
  id: number,
  mailFrom: string,
  request?: Request,
): Promise<{ row: OutboxRow; message: SentMessage | null; problem: string | null; sms?: { from: string; text: string; characters: number; segments: number } } | undefined> {
  const row = await outboxRow(id);
  if (!row) return undefined;
  if (row.channel === "sms") {
    // As sent, or as it would be sent now.
    const content = row.body_text !== null && row.status !== "queued" ? row.body_text : (await renderOutboxSms([row], siteOrigin(request), smsName())).get(row.id);
    if (content === undefined || content instanceof EmailRefused) return { row, message: null, problem: content === undefined ? "The SMS could not be rendered" : content.message };
    const counted = smsCount(typeof content === "string" ? content : content.text);
    return { row, message: null, problem: null, sms: { from: row.from_name ?? smsName(), ...counted } };
  }
  const content = (await renderOutboxRows([row], siteOrigin(request))).get(row.id);
  try {
    if (!content || content instanceof EmailRefused) throw content ?? new EmailRefused("The message could not be rendered");
    return { row, message: messageOf(row.recipient, content, mailFrom), problem: null };
  } catch (error) {
    if (!(error instanceof EmailRefused)) throw error;
    return { row, message: null, problem: error.message };
  }
}
