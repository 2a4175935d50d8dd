import { WhatsAppIcon } from "./icons";

const LOOKS = {
  button:
    "gap-2 rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:border-emerald-600 hover:bg-emerald-50",
  text: "gap-1.5 py-2 text-sm font-semibold text-stone-700 hover:text-emerald-800 hover:underline",
} as const;

/**
 * 'Share on WhatsApp': a plain link to wa.me with the page's title and address filled in (no script).
 * Its accessible name starts with the visible words and says it opens WhatsApp in a new tab.
 */
export function WhatsAppShareLink({
  href,
  subject,
  look = "button",
  className = "",
}: {
  href: string;
  /** What is shared, when the page lists several things (an event card). */
  subject?: string;
  look?: keyof typeof LOOKS;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center ${LOOKS[look]} ${className}`}>
      <WhatsAppIcon className={`${look === "button" ? "size-5" : "size-4"} shrink-0 text-emerald-600`} />
      Share on WhatsApp
      <span className="sr-only">{subject ? `: ${subject}` : ""} (opens WhatsApp in a new tab)</span>
    </a>
  );
}
