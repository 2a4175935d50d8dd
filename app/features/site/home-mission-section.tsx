import { SiteLink } from "~/components/site-link";
import { ArrowRightIcon, BookIcon, CrossIcon, HandsIcon, UsersIcon } from "~/components/icons";
import { SectionHeading } from "~/components/section-heading";
import { MISSION_SECTION, type ValueIcon } from "~/features/settings";

const ICONS: Record<ValueIcon, typeof CrossIcon> = { cross: CrossIcon, users: UsersIcon, hands: HandsIcon, book: BookIcon };

export function MissionSection() {
  return (
    <section aria-labelledby="home-mission" className="px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="home-mission" eyebrow="Who we are" title={MISSION_SECTION.heading}>
        <p>{MISSION_SECTION.text}</p>
      </SectionHeading>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {MISSION_SECTION.values.map((value) => {
          const Icon = ICONS[value.icon];
          return (
            <li key={value.title} className="rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-gold-100 text-gold-700">
                <Icon className="size-7" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-700">{value.text}</p>
            </li>
          );
        })}
      </ul>
      <p className="mt-10 text-center">
        <SiteLink to="/about" className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900">
          Learn more about us <ArrowRightIcon className="size-4" />
        </SiteLink>
      </p>
    </section>
  );
}
