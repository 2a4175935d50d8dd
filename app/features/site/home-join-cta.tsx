import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/form-fields";
import { JOIN_CTA } from "~/features/settings";

export function JoinCta() {
  return (
    <section aria-labelledby="home-join" className="bg-brand-900 px-4 py-16 text-center text-white sm:px-6 sm:py-20">
      <div className="mx-auto max-w-3xl">
        <h2 id="home-join" className="font-serif text-3xl font-bold sm:text-4xl">
          {JOIN_CTA.heading}
        </h2>
        <p className="mt-4 text-base leading-relaxed text-brand-100 sm:text-lg">{JOIN_CTA.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <SiteLink to="/associations" className={`${buttonClass.gold} px-6 py-3 text-base`}>
            Find a Chapter
          </SiteLink>
          <SiteLink
            to="/give"
            className="inline-flex items-center justify-center rounded-md border border-white/70 px-6 py-3 text-base font-semibold text-white hover:bg-white/10"
          >
            Support Our Mission
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
