// 'Add to calendar' for a dated event: an .ics file (phones, Apple Calendar, Outlook) and a Google
// Calendar link. Plain links built by the server; the card's version folds into a <details>.
import type { CalendarLinks } from "~/features/events/icalendar";
import { CalendarIcon, ChevronDownIcon, DownloadIcon, ExternalLinkIcon } from "../../components/icons";

const ICS_LABEL = "Calendar file (.ics)";
const GOOGLE_LABEL = "Google Calendar";

function CalendarLinkItems({ links, eventName, linkClassName }: { links: CalendarLinks; eventName: string; linkClassName: string }) {
  return (
    <>
      <li>
        <a href={links.icsHref} className={linkClassName}>
          <DownloadIcon className="size-4 shrink-0" />
          {ICS_LABEL}
          <span className="sr-only">: {eventName}</span>
        </a>
      </li>
      <li>
        <a href={links.googleHref} target="_blank" rel="noopener noreferrer" className={linkClassName}>
          <CalendarIcon className="size-4 shrink-0" />
          {GOOGLE_LABEL}
          <span className="sr-only">: {eventName} (opens in a new tab)</span>
          <ExternalLinkIcon className="size-3.5 shrink-0 text-stone-500" />
        </a>
      </li>
    </>
  );
}

/** The event page's block: a small heading and the two choices as buttons. */
export function AddToCalendar({ links, eventName }: { links: CalendarLinks; eventName: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-stone-600">Add to calendar</h3>
      <ul className="mt-3 grid gap-2">
        <CalendarLinkItems
          links={links}
          eventName={eventName}
          linkClassName="flex w-full items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50"
        />
      </ul>
      <p className="mt-2 text-xs text-stone-600">The calendar file opens in your phone's calendar, Apple Calendar or Outlook.</p>
    </div>
  );
}

/** An event card's version: one 'Add to calendar' control that opens to the two choices. */
export function AddToCalendarMenu({ links, eventName }: { links: CalendarLinks; eventName: string }) {
  return (
    <details className="group">
      <summary className="inline-flex items-center gap-1.5 rounded-md py-2 text-sm font-semibold text-brand-700 hover:text-brand-900">
        <CalendarIcon className="size-4 shrink-0" />
        Add to calendar
        <span className="sr-only">: {eventName}</span>
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="mb-1 mt-1 space-y-1 border-l-2 border-brand-100 pl-3">
        <CalendarLinkItems
          links={links}
          eventName={eventName}
          linkClassName="inline-flex items-center gap-2 py-1.5 text-sm font-medium text-stone-800 hover:text-brand-800 hover:underline"
        />
      </ul>
    </details>
  );
}
