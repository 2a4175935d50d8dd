// The rules every outgoing e-mail obeys (shared: the outbox knows no feature), checked when it is
// rendered to be sent (and when a caller hands over an e-mail already rendered), so a message the
// provider would refuse never leaves, and nothing typed by a visitor can reach a header:
// - one recipient per message (never a shared `to`: it has a limit and leaks addresses);
// - subject and names are one line (control characters, CR and LF become spaces);
// - the reply-to goes in the binding's `replyTo` field: Email Service refuses Reply-To, From, Date
//   and the other platform headers in `headers`, so only List-Unsubscribe, List-Unsubscribe-Post,
//   List-Id and X-* headers are allowed, and List-Unsubscribe must be an https link (RFC 8058);
// - attachments are text (an .ics file), sent base64-encoded, the form the binding documents for
//   strings (the local simulator stores them as given).
import { env } from "cloudflare:workers";
import { z } from "zod";
import type { email_outbox } from "~/db/schema";
import { oneLine } from "~/lib/email-layout";

export type MailAddress = { email: string; name?: string };

/** A text attachment, e.g. an event's .ics file ({ filename: "event.ics", type: "text/calendar; method=PUBLISH", content }). */
export type EmailAttachment = { filename: string; type: string; content: string };

/** One e-mail to one recipient, as a feature renders it from an outbox row (or hands it over already rendered). */
export type OutboxEmail = {
  /** One of the kinds the messaging feature names (app/features/messaging/email-kinds.ts). */
  kind: string;
  to: string;
  /** The sender's display name: the organisation's name from the settings. */
  fromName: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: MailAddress | null;
  headers?: Record<string, string>;
  attachments?: readonly EmailAttachment[];
};

/** A message the rules refuse: a programming error when writing, a failed row when sending. */
export class EmailRefused extends Error {}

export const SUBJECT_MAX_LENGTH = 998;
const NAME_MAX_LENGTH = 100;
const HEADER_VALUE_MAX_BYTES = 2048;
const ATTACHMENT_MAX_BYTES = 512 * 1024;
export const ONE_CLICK = "List-Unsubscribe=One-Click";

const emailSchema = z.email();

/** Whether the provider takes this as one recipient's address. */
export function isAddress(value: unknown): value is string {
  return typeof value === "string" && value.length <= 254 && emailSchema.safeParse(value).success;
}


/** The two headers of a one-click unsubscribe (RFC 8058); none for a link that is not https. */
export function listUnsubscribeHeaders(url: string | null): Record<string, string> {
  if (!url || !url.startsWith("https://")) return {};
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": ONE_CLICK };
}

const API_FIELD_HEADERS = new Set(["from", "to", "cc", "bcc", "subject", "reply-to", "sender"]);
const LIST_HEADERS = new Map([
  ["list-unsubscribe", "List-Unsubscribe"],
  ["list-unsubscribe-post", "List-Unsubscribe-Post"],
  ["list-id", "List-Id"],
]);

/** The headers as the provider accepts them, or EmailRefused saying which one it would refuse and why. */
export function checkHeaders(headers: Record<string, string> | undefined | null): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (API_FIELD_HEADERS.has(lower)) throw new EmailRefused(`Header ${name} must be set through its own field (replyTo for Reply-To), not as a header`);
    const canonical = LIST_HEADERS.get(lower) ?? (/^x-[a-z0-9_-]{1,98}$/i.test(name) ? name : null);
    if (!canonical) throw new EmailRefused(`Header ${name} is not allowed`);
    if (typeof value !== "string" || value.trim() === "" || /[\r\n]/.test(value)) throw new EmailRefused(`Header ${name} must be one non-empty line`);
    if (new TextEncoder().encode(value).length > HEADER_VALUE_MAX_BYTES) throw new EmailRefused(`Header ${name} is too long`);
    checked[canonical] = value;
  }
  const unsubscribe = checked["List-Unsubscribe"];
  if (unsubscribe !== undefined && !/^<https:\/\/[^\s<>]+>$/.test(unsubscribe)) throw new EmailRefused("List-Unsubscribe must be one https link in angle brackets");
  const post = checked["List-Unsubscribe-Post"];
  if (post !== undefined && (post !== ONE_CLICK || unsubscribe === undefined)) {
    throw new EmailRefused(`List-Unsubscribe-Post must be exactly ${ONE_CLICK}, with an https List-Unsubscribe`);
  }
  return checked;
}

function checkAttachments(attachments: readonly EmailAttachment[] | undefined | null): EmailAttachment[] {
  return (attachments ?? []).map((attachment) => {
    if (!/^[\w][\w .-]{0,99}$/.test(attachment.filename) || /\.\./.test(attachment.filename)) throw new EmailRefused(`Attachment name "${attachment.filename}" is not allowed`);
    if (!/^[\w.+-]+\/[\w.+-]+(; ?[\w-]+=[\w.-]+)*$/.test(attachment.type)) throw new EmailRefused(`Attachment type "${attachment.type}" is not valid`);
    if (typeof attachment.content !== "string" || new TextEncoder().encode(attachment.content).length > ATTACHMENT_MAX_BYTES) {
      throw new EmailRefused(`Attachment ${attachment.filename} must be text under ${ATTACHMENT_MAX_BYTES / 1024} KB`);
    }
    return { filename: attachment.filename, type: attachment.type, content: attachment.content };
  });
}

function checkReplyTo(replyTo: MailAddress | null | undefined): MailAddress | null {
  if (!replyTo) return null;
  if (!isAddress(replyTo.email)) throw new EmailRefused("The reply-to address is not a valid e-mail address");
  const name = replyTo.name ? oneLine(replyTo.name, NAME_MAX_LENGTH) : "";
  return name ? { email: replyTo.email, name } : { email: replyTo.email };
}

/** An e-mail without its recipient (the outbox row holds the recipient): what a feature's renderer answers. */
export type OutboxContent = Omit<OutboxEmail, "to">;

/** The e-mail's content made safe, or EmailRefused. */
export function checkOutboxContent<E extends OutboxContent>(email: E): E {
  const subject = oneLine(email.subject, SUBJECT_MAX_LENGTH);
  if (!subject) throw new EmailRefused("An e-mail needs a subject");
  if (!email.text.trim() && !email.html.trim()) throw new EmailRefused("An e-mail needs a body");
  return {
    ...email,
    subject,
    fromName: oneLine(email.fromName, NAME_MAX_LENGTH),
    replyTo: checkReplyTo(email.replyTo),
    headers: checkHeaders(email.headers),
    attachments: checkAttachments(email.attachments),
  };
}

/** The e-mail made safe, or EmailRefused. */
export function checkOutboxEmail(email: OutboxEmail): OutboxEmail {
  if (!isAddress(email.to)) throw new EmailRefused(`"${oneLine(String(email.to), 100)}" is not a valid e-mail address`);
  return checkOutboxContent(email);
}

/** A stored outbox row. */
export type OutboxRow = typeof email_outbox.$inferSelect;

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EmailRefused("The stored message could not be read");
  }
}

/** UTF-8 text as base64 (what the binding expects for string attachment content). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Everything about a stored row as it is sent, in the order /admin/outbox/{id} shows it. */
export type SentMessage = {
  from: MailAddress;
  to: string;
  replyTo: MailAddress | null;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  attachments: EmailAttachment[];
};

/**
 * The content a row stored when it was written already rendered (before the outbox stored intent,
 * or a newsletter test) or when it was last attempted: a row with a subject holds its text and is
 * sent as stored. Null for a row not rendered yet. A newsletter delivery's body is its newsletter's
 * (the messaging feature adds it).
 */
export function storedContentOfRow(row: OutboxRow): OutboxContent | null {
  if (row.subject === null) return null;
  return {
    kind: row.kind,
    fromName: row.from_name ?? "",
    subject: row.subject,
    text: row.body_text ?? "",
    html: row.body_html ?? "",
    replyTo: parseJson<MailAddress | null>(row.reply_to, null),
    headers: parseJson<Record<string, string>>(row.headers, {}),
    attachments: parseJson<EmailAttachment[]>(row.attachments, []),
  };
}

/** The columns that store an e-mail's content (what was sent, for /admin/outbox); a newsletter copy's body stays its newsletter's. */
export function storedColumnsOf(content: OutboxContent, withBody: boolean) {
  const headers = content.headers ?? {};
  return {
    kind: content.kind,
    from_name: content.fromName,
    subject: content.subject,
    body_text: withBody ? content.text : null,
    body_html: withBody ? content.html : null,
    reply_to: content.replyTo ? JSON.stringify(content.replyTo) : null,
    headers: Object.keys(headers).length ? JSON.stringify(headers) : null,
    attachments: content.attachments?.length ? JSON.stringify(content.attachments) : null,
  };
}

/** The message a row's rendered content stands for: exactly what is handed to the provider (and shown to admins). */
export function messageOf(to: string, content: OutboxContent, mailFrom: string): SentMessage {
  const email = checkOutboxEmail({ ...content, to });
  return {
    from: email.fromName ? { email: mailFrom, name: email.fromName } : { email: mailFrom },
    to: email.to,
    replyTo: email.replyTo ?? null,
    subject: email.subject,
    headers: email.headers ?? {},
    text: email.text,
    html: email.html,
    attachments: [...(email.attachments ?? [])],
  };
}

/** What `env.EMAIL.send()` is given for a message. */
export function bindingPayload(message: SentMessage): EmailMessageBuilder {
  return {
    from: message.from.name ? { email: message.from.email, name: message.from.name } : message.from.email,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo.name ? { email: message.replyTo.email, name: message.replyTo.name } : message.replyTo.email } : {}),
    ...(Object.keys(message.headers).length ? { headers: message.headers } : {}),
    ...(message.attachments.length
      ? {
          attachments: message.attachments.map((attachment) => ({
            filename: attachment.filename,
            type: attachment.type,
            disposition: "attachment" as const,
            content: base64Utf8(attachment.content),
          })),
        }
      : {}),
  };
}

// ----- Whether this deploy can send e-mail ------------------------------------------------------

export type EmailSetup = { ready: true; binding: SendEmail; from: string } | { ready: false; missing: string[] };

/** Whether this deploy can send e-mail, and if not, what it lacks (shown to admins; the desk says whether a man was told). */
export function emailSetup(): EmailSetup {
  const binding = env.EMAIL;
  const from = env.MAIL_FROM?.trim() ?? "";
  const missing = [...(binding ? [] : ["the EMAIL binding (send_email in wrangler.jsonc)"]), ...(from ? [] : ["the MAIL_FROM address"])];
  return binding && from ? { ready: true, binding, from } : { ready: false, missing };
}
