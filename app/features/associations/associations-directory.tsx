// The public directory (/associations): a filter that is a plain GET form (?q=, no JavaScript),
// then the associations grouped by region, each with where and when it meets and its contact's
// call and WhatsApp links.
import { SiteLink } from "~/components/site-link";
import { buttonClass, inputClass } from "~/components/form-fields";
import { ClockIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "~/components/icons";
import { EmptyState } from "~/components/empty-state";

export type DirectoryEntry = {
  id: number;
  name: string;
  district: string;
  meeting: string | null;
  contactName: string | null;
  /** '+265 991 23 45 67', or null when there is no number we can call. */
  phoneText: string | null;
  callHref: string | null;
  whatsappHref: string | null;
};

export type RegionGroup = { region: string; associations: DirectoryEntry[] };

/** 'Northern Region'; a region staff named 'Lakeshore Region' keeps its name. */
export const regionHeading = (region: string) => (/\bregion$/i.test(region) ? region : `${region} Region`);

export const DIRECTORY_TEXT = {
  intro: "Men's associations meet across Malawi. Find the one near you and call or message its contact.",
  filterLabel: "Search by district, region or name",
  filterButton: "Search",
  clear: "Show all",
  empty: "No associations have been added yet. Please contact us.",
  noMatch: (q: string) => `No association matches “${q}”. Try a district, such as Lilongwe or Mzuzu.`,
  /** An association listed without a contact yet: the office puts a man in touch. */
  noContact: "No contact listed yet:",
  askTheOffice: "ask the office",
  showing: (count: number, q: string) => `${count} ${count === 1 ? "association matches" : "associations match"} “${q}”.`,
} as const;

const contactLink =
  "inline-flex items-center gap-1.5 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50";

function AssociationCard({ association }: { association: DirectoryEntry }) {
  const { name, district, meeting, contactName, phoneText, callHref, whatsappHref } = association;
  return (
    <article className="h-full rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <h3 className="text-lg font-semibold text-stone-900">{name}</h3>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
        <MapPinIcon className="size-4 shrink-0 text-brand-700" />
        {district}
      </p>
      {meeting ? (
        <p className="mt-1 flex gap-1.5 text-sm text-stone-700">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {meeting}
        </p>
      ) : null}
      {contactName || phoneText ? (
        <div className="mt-3 border-t border-stone-100 pt-3 text-sm">
          <p className="text-stone-800">
            {contactName ? <span className="font-medium">{contactName}</span> : null}
            {contactName && phoneText ? " · " : null}
            {/* A number read off the screen to dial: never broken across lines. */}
            {phoneText ? <span className="whitespace-nowrap">{phoneText}</span> : null}
          </p>
          {callHref && whatsappHref ? (
            <div className="mt-2 flex flex-wrap gap-2">
              <a href={callHref} className={contactLink}>
                <PhoneIcon className="size-4 text-brand-700" />
                Call<span className="sr-only"> {contactName ?? name}</span>
              </a>
              <a href={whatsappHref} target="_blank" rel="noopener noreferrer" className={contactLink}>
                <WhatsAppIcon className="size-4 text-emerald-600" />
                WhatsApp<span className="sr-only"> {contactName ?? name} (opens WhatsApp in a new tab)</span>
              </a>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 border-t border-stone-100 pt-3 text-sm text-stone-700">
          {DIRECTORY_TEXT.noContact}{" "}
          <SiteLink to={`/contact?subject=${encodeURIComponent(`Contact for ${name}`)}`} className="font-semibold text-brand-700 underline">
            {DIRECTORY_TEXT.askTheOffice}
            <span className="sr-only"> about {name}</span>
          </SiteLink>
        </p>
      )}
    </article>
  );
}

export function AssociationsFilter({ q }: { q: string }) {
  return (
    <form method="get" action="/associations" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="grow">
        <label htmlFor="associations-q" className="block text-sm font-medium text-stone-800">
          {DIRECTORY_TEXT.filterLabel}
        </label>
        <input id="associations-q" type="search" name="q" defaultValue={q} maxLength={60} autoComplete="off" className={`${inputClass} mt-1`} />
      </div>
      <button type="submit" className={`${buttonClass.primary} sm:w-auto`}>
        {DIRECTORY_TEXT.filterButton}
      </button>
    </form>
  );
}

export function AssociationsDirectory({ groups, q, total }: { groups: RegionGroup[]; q: string; total: number }) {
  if (total === 0) {
    return (
      <EmptyState>
        <p>{DIRECTORY_TEXT.empty}</p>
        <SiteLink to="/contact" className="mt-3 inline-block font-semibold text-brand-700 underline">
          Contact us
        </SiteLink>
      </EmptyState>
    );
  }
  const count = groups.reduce((sum, group) => sum + group.associations.length, 0);
  return (
    <div className="space-y-8">
      <AssociationsFilter q={q} />
      {q ? (
        <p role="status" className="text-sm text-stone-700">
          {count ? DIRECTORY_TEXT.showing(count, q) : DIRECTORY_TEXT.noMatch(q)}{" "}
          <SiteLink to="/associations" className="font-semibold text-brand-700 underline">
            {DIRECTORY_TEXT.clear}
          </SiteLink>
        </p>
      ) : null}
      {groups.map((group) => {
        const id = `region-${group.region.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
        return (
          <section key={group.region} aria-labelledby={id}>
            <h2 id={id} className="font-serif text-2xl font-bold text-stone-900">
              {regionHeading(group.region)}
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
              {group.associations.map((association) => (
                <li key={association.id}>
                  <AssociationCard association={association} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
