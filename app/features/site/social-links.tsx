// The ministry's Facebook page, WhatsApp channel or group and YouTube channel, as set in
// /admin/settings; nothing at all when none is set.
import { useId } from "react";
import { type SiteSettings, socialLinksOf } from "~/features/settings";
import { ExternalLinkIcon } from "../../components/icons";

export function SocialLinks({
  social,
  heading = "Follow Us",
  headingClassName,
  linkClassName = "font-medium text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline",
}: {
  social: SiteSettings["social"];
  heading?: string;
  headingClassName: string;
  linkClassName?: string;
}) {
  const headingId = useId();
  const links = socialLinksOf(social);
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClassName}>
        {heading}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href} rel="noopener" className={`inline-flex items-center gap-1.5 py-1 ${linkClassName}`}>
              {link.label}
              <ExternalLinkIcon className="size-4" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
