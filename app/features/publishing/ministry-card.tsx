import { SiteLink } from "~/components/site-link";
import type { MinistrySummary } from "~/features/publishing/samples";
import { ArrowRightIcon, ImageIcon } from "../../components/icons";
import { ResponsiveImage } from "~/features/images";

export const CARD_GRID_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A ministry as a card: the whole card is one link to its page. */
export function MinistryCard({
  ministry,
  heading: Heading = "h3",
  anchor = false,
  priority = false,
}: {
  ministry: MinistrySummary;
  heading?: "h2" | "h3";
  /** Give the card the slug as id, so /ministries#slug lands on it. */
  anchor?: boolean;
  priority?: boolean;
}) {
  return (
    <article
      id={anchor ? ministry.slug : undefined}
      className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="aspect-video bg-stone-100">
        {ministry.image_url ? (
          <ResponsiveImage
            src={ministry.image_url}
            alt={ministry.image_alt || ministry.title}
            sizes={CARD_GRID_SIZES}
            priority={priority}
            width={1600}
            height={900}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-stone-600">
            <ImageIcon className="size-8" />
            <span className="text-sm">No image</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl font-semibold text-brand-900">{ministry.title}</Heading>
        <p className="mt-2 flex-1 leading-relaxed text-stone-700">{ministry.short_description}</p>
        <SiteLink
          to={`/ministries/${ministry.slug}`}
          className="mt-4 inline-flex items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 after:content-[''] group-hover:text-brand-900"
        >
          Learn more<span className="sr-only"> about {ministry.title}</span>
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </SiteLink>
      </div>
    </article>
  );
}
