// The receipt of a gift: by e-mail to the address the giver left on /give, and by SMS to the phone
// that approved it (most givers leave no address). Written to the outbox as intent (kind, recipient,
// the gift's id) in the batch that records the payment, and rendered here when it is sent, from the
// gift as it is then.
import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { renderEmail } from "~/lib/email-layout";
import { formatKwacha } from "~/lib/money";
import { formatInSiteZone } from "~/lib/time";
import { gsm7Length, isGsm7, SMS_SEGMENT_LENGTH } from "~/lib/gsm7";
import { EmailRefused, type OutboxContent, type OutboxRow } from "~/server/email-rules.server";
import type { OutboxRenderer, SmsContent, SmsRenderer } from "~/server/outbox.server";

export const GIFT_RECEIPT_KIND = "gift-receipt";

/** The kinds of message this feature renders. */
export const PAYMENTS_OUTBOX_KINDS = [GIFT_RECEIPT_KIND] as const;

type ReceiptRow = { id: number; receipt_number: string; amount: number; fund: string; donor_name: string | null; anonymous: number; paid_at: string | null; reference: string };

/** The paid gifts the rows are about, by id. */
async function giftsOf(rows: readonly OutboxRow[]): Promise<Map<number, ReceiptRow>> {
  const ids = rows.map((row) => row.about_id).filter((id): id is number => typeof id === "number");
  const gifts = ids.length
    ? await getDb().all<ReceiptRow>(sql`SELECT g.id, g.receipt_number, p.amount_received AS amount, g.fund, g.donor_name, g.anonymous, p.paid_at, p.reference
        FROM gifts g JOIN payments p ON p.gift_id = g.id AND p.status = 'paid'
        WHERE g.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
    : [];
  return new Map(gifts.map((gift) => [gift.id, gift]));
}

/** The SMS receipt: the amount, the fund (left out when it would not fit one segment), the receipt number and the payment's reference. */
export function giftReceiptSms(smsName: string, gift: Pick<ReceiptRow, "amount" | "fund" | "receipt_number" | "reference">): string | null {
  const end = `Receipt ${gift.receipt_number}. Ref ${gift.reference}.`;
  const texts = [`${smsName}: Thank you for your gift of ${formatKwacha(gift.amount)} to ${gift.fund}. ${end}`, `${smsName}: Thank you for your gift of ${formatKwacha(gift.amount)}. ${end}`];
  return texts.find((text) => isGsm7(text) && gsm7Length(text) <= SMS_SEGMENT_LENGTH) ?? null;
}

export const renderGiftReceiptSms: SmsRenderer = async (rows, sender) => {
  const byId = await giftsOf(rows);
  const rendered = new Map<number, SmsContent | EmailRefused>();
  for (const row of rows) {
    const gift = row.about_id === null ? undefined : byId.get(row.about_id);
    const text = gift ? giftReceiptSms(sender.smsName, gift) : null;
    rendered.set(row.id, text ? { kind: row.kind, text } : new EmailRefused(gift ? "The receipt does not fit one SMS" : "The gift of this receipt could not be read"));
  }
  return rendered;
};

export const renderPaymentsOutbox: OutboxRenderer = async (rows, sender) => {
  const byId = await giftsOf(rows);
  const rendered = new Map<number, OutboxContent | EmailRefused>();
  for (const row of rows) {
    const gift = row.about_id === null ? undefined : byId.get(row.about_id);
    if (!gift) {
      rendered.set(row.id, new EmailRefused("The gift of this receipt could not be read"));
      continue;
    }
    const email = renderEmail({
      subject: `Thank you for your gift: receipt ${gift.receipt_number}`,
      organisation: { name: sender.name, addressLines: sender.addressLines },
      blocks: [
        { type: "paragraphs", text: `${gift.donor_name && !gift.anonymous ? `Dear ${gift.donor_name},\n` : ""}Thank you for your gift to ${sender.name}.` },
        {
          type: "quote",
          text: [
            `Receipt number: ${gift.receipt_number}`,
            `Amount: ${formatKwacha(gift.amount)}`,
            `Fund: ${gift.fund}`,
            `Date: ${formatInSiteZone(gift.paid_at, "d MMM yyyy") ?? ""}`,
            `Payment reference: ${gift.reference}`,
          ].join("\n"),
        },
      ],
      footer: [{ type: "paragraphs", text: "You get this e-mail because you gave your address with your gift on the website." }],
    });
    rendered.set(row.id, { kind: row.kind, fromName: sender.name, ...email });
  }
  return rendered;
};
