import type { ReactNode } from "react";
import { CONTACT_LIMITS, ContactForm } from "~/features/messaging";
import { ClockIcon, ExternalLinkIcon, MailIcon, MapPinIcon, PhoneIcon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { ResponsiveImage } from "~/features/images";
import { contactPageSeo, seoMeta, SocialLinks } from "~/features/site";
import { CONTACT_PAGE, mapHref, mapPlace, phonesOf, settingsFromMatches } from "~/features/settings";
import { islandPage } from "~/lib/page-scripts";
import { loaderHeaders } from "~/lib/loader-headers";
import { publicPage, settingsPage } from "~/features/site/index.server";
import { answerPublicForm } from "~/server/forms.server";
import { submitContactMessage } from "~/features/messaging/index.server";
import type { Route } from "./+types/contact";
import { telHref } from "~/lib/app-links";

export const handle = islandPage;

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, contactPageSeo(settingsFromMatches(matches)));

export const headers = loaderHeaders;

/** Links elsewhere on the site may suggest a subject, e.g. /contact?subject=Finding%20a%20chapter. */
export async function loader({ request }: Route.LoaderArgs) {
  const subject = new URL(request.url).searchParams.get("subject") ?? "";
  return publicPage(await settingsPage("Contact page"), () => ({ defaultSubject: subject.trim().slice(0, CONTACT_LIMITS.subject) }));
}

/** A plain post (no JavaScript): a refused message comes back as the page with its errors and what
 *  was typed; success redirects here with a toast. With JavaScript the form posts to /api/contact-messages. */
export async function action({ request }: Route.ActionArgs) {
  return answerPublicForm(request, await submitContactMessage(request), { fallbackPath: "/contact", renderFailures: true });
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-gold-100 text-gold-700">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-brand-900">{title}</h2>
      <div className="mt-2 text-stone-700">{children}</div>
    </section>
  );
}

/** A thumb's height (44 px): a phone number or address here is for tapping. */
const linkClass = "inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, social } = loaderData.settings;
  const { map } = CONTACT_PAGE;
  return (
    <>
      <PageHero title="Contact Us">{CONTACT_PAGE.intro}</PageHero>

      <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
          <InfoCard icon={<MapPinIcon className="size-6" />} title="Visit Us">
            <address className="not-italic">{contact.address_lines.join(", ")}</address>
          </InfoCard>
          <InfoCard icon={<PhoneIcon className="size-6" />} title="Call Us">
            <ul className="space-y-1">
              {phonesOf(contact).map((phone) => (
                <li key={phone}>
                  <a href={telHref(phone)} className={linkClass}>
                    {phone}
                  </a>
                </li>
              ))}
            </ul>
          </InfoCard>
          <InfoCard icon={<MailIcon className="size-6" />} title="Email Us">
            <p className="text-sm text-stone-600">President</p>
            <a href={`mailto:${contact.president_email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
              {contact.president_email}
            </a>
            <p className="mt-3 text-sm text-stone-600">Events</p>
            <a href={`mailto:${contact.events_email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
              {contact.events_email}
            </a>
          </InfoCard>
        </div>

        <div className="mt-12 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section id="message-form" aria-labelledby="message-form-heading" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="message-form-heading" className="font-serif text-2xl font-bold text-brand-900">
              {CONTACT_PAGE.formHeading}
            </h2>
            <p className="mt-2 text-stone-600">{CONTACT_PAGE.formIntro}</p>
            <div className="mt-6">
              <ContactForm answer={actionData} defaultSubject={loaderData.defaultSubject} phone={phonesOf(contact)[0] ?? contact.contact_phone} />
            </div>
          </section>

          <div className="space-y-8">
            <section aria-labelledby="office-hours-heading" className="rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
              <h2 id="office-hours-heading" className="flex items-center gap-2 font-serif text-2xl font-bold">
                <ClockIcon className="size-6 text-gold-400" /> {CONTACT_PAGE.officeHoursHeading}
              </h2>
              <ul className="mt-4 space-y-2 text-brand-50">
                {contact.office_hours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="map-heading">
              <h2 id="map-heading" className="font-serif text-2xl font-bold text-brand-900">
                {map.heading}
              </h2>
              <div className="mt-4 aspect-video overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
                <ResponsiveImage
                  src={contact.map_image}
                  alt={`Street map of ${mapPlace(contact)}, with a marker at the national office`}
                  sizes="(min-width: 1152px) 440px, (min-width: 1024px) 38vw, 100vw"
                  width={1600}
                  height={900}
                  className="size-full object-cover"
                />
              </div>
              <a href={mapHref(contact)} className={`${linkClass} mt-3 inline-flex items-center gap-1.5`}>
                {map.linkLabel} <ExternalLinkIcon className="size-4" />
              </a>
            </section>
            <SocialLinks social={social} headingClassName="font-serif text-2xl font-bold text-brand-900" />
          </div>
        </div>
      </div>
    </>
  );
}
