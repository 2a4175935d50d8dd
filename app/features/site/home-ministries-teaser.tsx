import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/form-fields";
import { MinistryCard, type MinistrySummary } from "~/features/publishing";
import { SectionHeading } from "~/components/section-heading";

export function MinistriesTeaser({ ministries }: { ministries: MinistrySummary[] }) {
  return (
    <section aria-labelledby="home-ministries" className="bg-stone-50 px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="home-ministries" eyebrow="Serving together" title="Our Ministries">
        <p>Every man has a place to grow and a way to serve.</p>
      </SectionHeading>
      <div className="mx-auto mt-12 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {ministries.map((ministry) => (
          <MinistryCard key={ministry.slug} ministry={ministry} />
        ))}
      </div>
      <p className="mt-10 text-center">
        <SiteLink to="/ministries" className={buttonClass.primary}>
          View All Ministries
        </SiteLink>
      </p>
    </section>
  );
}
