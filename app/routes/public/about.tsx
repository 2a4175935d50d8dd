import { SiteLink } from "~/components/site-link";
import { ArrowRightIcon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { SectionHeading } from "~/components/section-heading";
import { ABOUT, paragraphsOf } from "~/features/settings";
import { PAGES, seoMeta } from "~/features/site";
import { scriptFreePage } from "~/lib/page-scripts";
import { loaderHeaders } from "~/lib/loader-headers";
import { publicPage, settingsPage } from "~/features/site/index.server";
import type { Route } from "./+types/about";


/** Content only: no JavaScript needed (app/lib/page-scripts.ts). */
export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, PAGES.about);

export const headers = loaderHeaders;

export async function loader() {
  return publicPage(await settingsPage("About page"), () => ({}));
}

const moreLinkClass = "inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900";

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData.settings;
  return (
    <>
      <PageHero title="About Us">{about.intro}</PageHero>

      <section id="mission" aria-labelledby="mission-heading" className="px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="mission-heading" eyebrow="Why we exist" title={ABOUT.mission.heading} />
        <div className="mx-auto mt-8 max-w-3xl space-y-4 text-lg leading-relaxed text-stone-700">
          {paragraphsOf(about.mission_summary).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        <p className="mt-8 text-center">
          <SiteLink to="/mission" className={moreLinkClass}>
            {ABOUT.mission.linkLabel} <ArrowRightIcon className="size-4" />
          </SiteLink>
        </p>
      </section>

      <section id="history" aria-labelledby="history-heading" className="bg-stone-50 px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="history-heading" eyebrow="Our story" title={ABOUT.history.heading}>
          <p>{ABOUT.history.intro}</p>
        </SectionHeading>
        <ol className="relative mx-auto mt-12 max-w-3xl space-y-10 border-l-2 border-gold-400 pl-8 sm:pl-10">
          {about.history.map((entry, i) => (
            <li key={i} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[calc(2rem+11px)] top-0.5 size-5 rounded-full border-4 border-stone-50 bg-brand-800 sm:-left-[calc(2.5rem+11px)]"
              />
              <p className="text-sm font-bold tracking-wider text-gold-700">{entry.period}</p>
              <h3 className="mt-1 text-xl font-semibold text-brand-900">{entry.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-700">{entry.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="leadership" aria-labelledby="leadership-heading" className="px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="leadership-heading" eyebrow="Serving the men of Malawi" title={ABOUT.leadership.heading}>
          <p>{ABOUT.leadership.text}</p>
        </SectionHeading>
        <p className="mt-8 text-center">
          <SiteLink to="/leadership" className={moreLinkClass}>
            {ABOUT.leadership.linkLabel} <ArrowRightIcon className="size-4" />
          </SiteLink>
        </p>
      </section>
    </>
  );
}
