import { SiteLink } from "~/components/site-link";
import { ResponsiveImage } from "~/features/images";
import { HOME_HERO, type SiteSettings } from "~/features/settings";
import type { ConferenceCardView } from "~/features/site/conference-card";
import { HERO_FADE_MS } from "~/lib/constants";
import { buttonClass } from "~/components/form-fields";
import { heroRotation } from "~/islands/hero-rotation";
import { useIsland } from "~/components/use-island";
import { ConferenceCard } from "./home-conference-card";

type Message =
  | { key: string; kind: "verse"; text: string; reference: string }
  | { key: string; kind: "testimonial"; quote: string; name: string; role: string };

/** The rotation's messages: the verses, then the testimonials (the island alternates them). */
function messagesOf({ verses, testimonials }: SiteSettings["hero"]): Message[] {
  return [
    ...verses.map((verse, i) => ({ key: `verse-${i}`, kind: "verse" as const, ...verse })),
    ...testimonials.map((t, i) => ({ key: `testimonial-${i}`, kind: "testimonial" as const, ...t })),
  ];
}

function PauseIcon() {
  return (
    <svg data-rotation-icon="pause" viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg data-rotation-icon="play" viewBox="0 0 24 24" aria-hidden="true" className="hidden size-4" fill="currentColor">
      <path d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.8l-12-7.5A1 1 0 0 0 7 4.5z" />
    </svg>
  );
}

/**
 * The hero, as the server renders it: the first message shown and the pause control hidden. The
 * rotation island (app/islands/hero-rotation.ts) brings it to life.
 */
export function HomeHero({ settings, serverNow, conference }: { settings: SiteSettings; serverNow: number; conference: ConferenceCardView | null }) {
  const island = useIsland(heroRotation);
  const messages = messagesOf(settings.hero);

  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-brand-950 text-white">
      {/* Phones go without the picture: under the overlay, stretched over a hero as tall as their
          screen, it showed little but cost a request that held up the page's largest paint on slow
          data (docs/decisions/019-isolate-only-private-pages.md). */}
      <ResponsiveImage
        src="/media/events/sample-conference-1600w.webp"
        alt=""
        sizes="100vw"
        priority
        onPhones={false}
        className="absolute inset-0 -z-20 size-full object-cover object-bottom"
      />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-brand-950/85 via-brand-950/80 to-brand-950/95" />

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,1fr)_25rem] lg:items-center lg:gap-16 lg:py-24">
        <div {...island}>
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-300">{settings.organisation.name}</p>
          <h1 id="hero-heading" className="mt-3 font-serif text-3xl font-bold leading-tight sm:text-5xl">
            {settings.organisation.tagline}
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-100 sm:text-lg">{HOME_HERO.intro}</p>

          {messages.length ? (
          <div className="mt-8 max-w-2xl border-l-4 border-gold-400 pl-5">
            <div data-rotation-messages="" data-testid="hero-message" aria-live="polite" className="grid">
              {messages.map((message, i) => {
                const shown = i === 0;
                return (
                  <figure
                    key={message.key}
                    data-kind={message.kind}
                    aria-hidden={shown ? undefined : true}
                    style={{ transitionDuration: `${HERO_FADE_MS}ms` }}
                    className={`[grid-area:1/1] transition-opacity ease-in-out ${shown ? "opacity-100" : "invisible opacity-0"}`}
                  >
                    <blockquote className="font-serif text-lg italic leading-relaxed text-white sm:text-xl">
                      <p>“{message.kind === "verse" ? message.text : message.quote}”</p>
                    </blockquote>
                    <figcaption className="mt-3 text-sm text-gold-300">
                      {message.kind === "verse" ? (
                        <cite className="font-semibold not-italic">{message.reference}</cite>
                      ) : (
                        <>
                          <span className="font-semibold">{message.name}</span>
                          <span className="text-brand-100">, {message.role}</span>
                        </>
                      )}
                    </figcaption>
                  </figure>
                );
              })}
            </div>
            <div className="mt-3 h-8">
              {/* Hidden until the island can make it work; it then writes "Pause" or "Play". */}
              <button
                data-rotation-toggle=""
                type="button"
                hidden
                className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-brand-100 ring-1 ring-brand-100/40 hover:bg-white/10 hover:text-white"
              >
                <PauseIcon />
                <PlayIcon />
                <span data-rotation-word="" />
                <span className="sr-only"> rotating verses and testimonies</span>
              </button>
            </div>
          </div>
          ) : null}

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <SiteLink to="/associations" className={`${buttonClass.gold} px-6 py-3 text-base`}>
              Find Association
            </SiteLink>
            <SiteLink
              to="/about"
              className="inline-flex items-center justify-center rounded-md border border-white/70 px-6 py-3 text-base font-semibold text-white hover:bg-white/10"
            >
              Learn More<span className="sr-only"> about us</span>
            </SiteLink>
          </div>
        </div>

        {/* Without a card the text keeps its column, so the hero keeps its layout. */}
        {conference ? <ConferenceCard serverNow={serverNow} card={conference} /> : <div aria-hidden="true" className="hidden lg:block" />}
      </div>
    </section>
  );
}
