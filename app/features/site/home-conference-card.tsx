import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/form-fields";
import { CalendarIcon, MapPinIcon } from "~/components/icons";
import type { ConferenceCardView } from "~/features/site/conference-card";
import { Countdown } from "./home-countdown";

export function ConferenceCard({ serverNow, card }: { serverNow: number; card: ConferenceCardView }) {
  return (
    <aside aria-labelledby="conference-title" className="rounded-2xl bg-white p-5 text-stone-900 shadow-2xl ring-1 ring-black/5 sm:p-6">
      {card.eyebrow ? <p className="text-xs font-semibold uppercase tracking-widest text-gold-700">{card.eyebrow}</p> : null}
      <h2 id="conference-title" className="mt-1 font-serif text-2xl font-bold text-brand-900">
        {card.title}
      </h2>
      <div className="mt-5">
        <Countdown serverNow={serverNow} target={card.startsAt} />
      </div>
      <ul className="mt-5 space-y-2 text-sm text-stone-700">
        <li className="flex gap-2">
          <CalendarIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>{card.dateText}</span>
        </li>
        {card.venue ? (
          <li className="flex gap-2">
            <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>{card.venue}</span>
          </li>
        ) : null}
      </ul>
      <SiteLink to={card.href} className={`${buttonClass.primary} mt-6 w-full py-3 text-base`}>
        Register Now
      </SiteLink>
    </aside>
  );
}
