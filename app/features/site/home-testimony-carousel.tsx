// One testimony at a time with previous/next buttons (SPEC section 2), rendered with the first one
// shown; the carousel island (app/islands/testimony-carousel.ts) turns it. Every slide sits in the
// same grid cell, so the box is as tall as the longest one and nothing below jumps when it changes.
import { SiteLink } from "~/components/site-link";
import { useId } from "react";
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon, QuoteIcon } from "~/components/icons";
import { PersonPhoto, type TestimonySummary } from "~/features/publishing";
import { SectionHeading } from "~/components/section-heading";
import { testimonyCarousel } from "~/islands/testimony-carousel";
import { useIsland } from "~/components/use-island";
import { CAROUSEL_FADE_MS } from "~/lib/constants";

const navButtonClass =
  "flex h-11 items-center gap-1 rounded-full border border-stone-300 bg-white px-3 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white";

export function TestimonyCarousel({ testimonies }: { testimonies: TestimonySummary[] }) {
  const island = useIsland(testimonyCarousel);
  const headingId = useId();
  const count = testimonies.length;

  return (
    <section aria-labelledby={headingId} className="bg-brand-50 px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id={headingId} eyebrow="Testimonies" title="Lives Changed by Christ" />
      <div {...island} role="group" aria-roledescription="carousel" aria-label="Testimonies" className="mx-auto mt-10 max-w-3xl">
        <div aria-live="polite" className="grid">
          {testimonies.map((testimony, i) => {
            const current = i === 0;
            return (
              <div
                key={testimony.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={current ? undefined : true}
                style={{ transitionDuration: `${CAROUSEL_FADE_MS}ms` }}
                className={`[grid-area:1/1] flex flex-col items-center rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-stone-200 transition-opacity sm:px-10 ${
                  current ? "opacity-100" : "invisible opacity-0"
                }`}
              >
                <figure className="flex flex-col items-center">
                  <PersonPhoto name={testimony.author} imageUrl={testimony.image_url} className="size-20" initialClassName="text-3xl" />
                  <QuoteIcon className="mt-5 size-7 text-gold-500" />
                  <blockquote className="mt-3 font-serif text-lg leading-relaxed text-stone-800 sm:text-xl">
                    <p>{testimony.content}</p>
                  </blockquote>
                  <figcaption className="mt-5">
                    <span className="block font-semibold text-brand-900">{testimony.author}</span>
                    {testimony.role ? <span className="block text-sm text-stone-600">{testimony.role}</span> : null}
                  </figcaption>
                </figure>
              </div>
            );
          })}
        </div>
        {/* Hidden until the islands script drives them: without it they could not turn anything
            (the first testimony shows, and "Read more testimonies" below lists them all). With large
            text Next goes under Previous rather than off the screen; the row reaches into the
            section's padding so that a 320 px phone still has them on one line. */}
        <div hidden className="-mx-2 mt-6 flex flex-wrap items-center justify-center gap-4">
          <button type="button" data-carousel-step="-1" disabled={count <= 1} className={navButtonClass} aria-label="Previous testimony">
            <ChevronLeftIcon className="size-5" />
            Previous
          </button>
          <p data-carousel-counter="" className="min-w-16 text-center text-sm tabular-nums text-stone-600" aria-hidden="true">
            {`1 / ${count}`}
          </p>
          <button type="button" data-carousel-step="1" disabled={count <= 1} className={navButtonClass} aria-label="Next testimony">
            Next
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
      <p className="mt-8 text-center">
        <SiteLink to="/testimonies" className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900">
          Read more testimonies <ArrowRightIcon className="size-4" />
        </SiteLink>
      </p>
    </section>
  );
}
