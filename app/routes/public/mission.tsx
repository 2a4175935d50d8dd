import { PageHero } from "~/components/page-hero";
import { SectionHeading } from "~/components/section-heading";
import { MISSION_PAGE, paragraphsOf } from "~/features/settings";
import { PAGES, seoMeta } from "~/features/site";
import { scriptFreePage } from "~/lib/page-scripts";
import { loaderHeaders } from "~/lib/loader-headers";
import { publicPage, settingsPage } from "~/features/site/index.server";
import type { Route } from "./+types/mission";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, PAGES.mission);

export const headers = loaderHeaders;

export async function loader() {
  return publicPage(await settingsPage("Mission page"), () => ({}));
}

export default function Mission({ loaderData }: Route.ComponentProps) {
  const { statement, purpose, vision, core_values, focus_areas } = loaderData.settings.mission;
  const { headings, visionVerse } = MISSION_PAGE;
  return (
    <>
      <PageHero title="Mission & Vision">{MISSION_PAGE.intro}</PageHero>

      <section aria-labelledby="statement-heading" className="px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="statement-heading" title={headings.statement} />
        <p className="mx-auto mt-8 max-w-3xl text-center font-serif text-xl leading-relaxed text-stone-800 sm:text-2xl">
          {statement}
        </p>
      </section>

      <div className="bg-stone-50 px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-2">
          <section aria-labelledby="purpose-heading" className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="purpose-heading" className="font-serif text-2xl font-bold text-brand-900">
              {headings.purpose}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-stone-700">
              {paragraphsOf(purpose).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </section>
          <section aria-labelledby="vision-heading" className="rounded-xl bg-brand-900 p-6 text-white shadow-sm sm:p-8">
            <h2 id="vision-heading" className="font-serif text-2xl font-bold">
              {headings.vision}
            </h2>
            <p className="mt-4 font-serif text-xl leading-relaxed whitespace-pre-line text-brand-50">{vision}</p>
            <figure className="mt-8 border-l-4 border-gold-400 pl-4">
              <blockquote className="italic text-brand-100">
                <p>“{visionVerse.text}”</p>
              </blockquote>
              <figcaption className="mt-2 text-sm font-semibold text-gold-300">{visionVerse.reference}</figcaption>
            </figure>
          </section>
        </div>
      </div>

      <section aria-labelledby="values-heading" className="px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="values-heading" title={headings.coreValues} />
        <ul className="mx-auto mt-10 grid max-w-6xl gap-6 md:grid-cols-3">
          {core_values.map((value, i) => (
            <li key={i} className="rounded-xl border-t-4 border-gold-400 bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <h3 className="text-xl font-semibold text-brand-900">{value.title}</h3>
              <p className="mt-3 leading-relaxed text-stone-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="focus-heading" className="bg-stone-50 px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="focus-heading" title={headings.focusAreas} />
        <ol className="mx-auto mt-10 grid max-w-5xl gap-6 sm:grid-cols-2">
          {focus_areas.map((area, i) => (
            <li key={i} className="flex gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold text-white">
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-brand-900">{area.title}</h3>
                <p className="mt-2 leading-relaxed text-stone-700">{area.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
