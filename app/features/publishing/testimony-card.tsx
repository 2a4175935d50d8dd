import type { TestimonySummary } from "~/features/publishing/samples";
import { QuoteIcon } from "../../components/icons";
import { PersonPhoto } from "./person-photo";

export function TestimonyCard({ testimony }: { testimony: TestimonySummary }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
      <QuoteIcon className="size-7 text-gold-500" />
      <blockquote className="mt-3 flex-1 font-serif text-lg leading-relaxed text-stone-800">
        {/* Its line breaks, as typed (a testimony of several paragraphs). */}
        <p className="whitespace-pre-line">“{testimony.content}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4 border-t border-stone-200 pt-5">
        <PersonPhoto name={testimony.author} imageUrl={testimony.image_url} className="size-14" initialClassName="text-2xl" />
        <div>
          <span className="block font-semibold text-brand-900">{testimony.author}</span>
          {testimony.role ? <span className="block text-sm text-stone-600">{testimony.role}</span> : null}
        </div>
      </figcaption>
    </figure>
  );
}
