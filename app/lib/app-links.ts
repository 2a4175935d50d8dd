// Links that open another app on the phone: dial a number, or share on WhatsApp.

/** A link that dials the number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** A 'Share on WhatsApp' link: WhatsApp opens with the text and the address filled in. */
export function whatsappShareUrl(title: string, absoluteUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${absoluteUrl}`)}`;
}
