// What a person keeps after registering: the status, the reference code, when and where, the fee's
// pay link (right after registering for an event with a fee), 'Add to calendar', 'Send to my
// WhatsApp' and the private link. The private page renders it filled in; the events pages render it
// empty inside the 'Registration Complete' template, and the registration island fills the same
// slots (data-slot: text, data-slot-href: a link's target) from the answer.
import { REGISTRATION_VIEW_TEXT, type RegistrationView } from "~/features/events/registration-view";
import { buttonClass } from "~/components/form-fields";
import { CalendarIcon, WhatsAppIcon } from "../../components/icons";

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50";

/** One row of facts; hidden (and filled by the island) when the value is missing. */
function Fact({ label, slot, value }: { label: string; slot: keyof RegistrationView; value: string | null | undefined }) {
  return (
    <div data-slot-row={slot} hidden={value === null} className="flex gap-2">
      <dt className="w-16 shrink-0 text-stone-600">{label}</dt>
      <dd data-slot={slot} className="min-w-0 break-words font-medium text-stone-900">
        {value}
      </dd>
    </div>
  );
}

/** `withStatus` false: the page around it says the status already (a waiting-list place's heading). */
export function RegistrationSummary({ view, cancelled = false, withStatus = true }: { view: RegistrationView | null; cancelled?: boolean; withStatus?: boolean }) {
  return (
    <div data-registration-summary="" className="space-y-3 text-sm text-stone-800">
      {withStatus ? (
        <p data-slot="statusText" className="font-semibold">
          {view?.statusText}
        </p>
      ) : null}
      <p>
        <span className="block text-stone-600">Your code</span>
        <strong data-slot="code" className="font-mono text-2xl font-bold whitespace-nowrap text-stone-900">
          {view?.code}
        </strong>
      </p>
      <dl className="space-y-1">
        <Fact label="Event" slot="eventName" value={view?.eventName} />
        <Fact label="When" slot="whenText" value={view ? view.whenText : undefined} />
        <Fact label="Where" slot="location" value={view ? view.location : undefined} />
      </dl>
      {cancelled ? null : (
        <>
          <a data-slot-href="payHref" data-slot="payText" href={view?.payHref ?? undefined} hidden={!view?.payHref} className={buttonClass.primary}>
            {view?.payText}
          </a>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <a data-slot-href="calendarHref" href={view?.calendarHref ?? undefined} hidden={view?.calendarHref === null} className={linkButton}>
              <CalendarIcon className="size-4 shrink-0 text-brand-700" />
              {REGISTRATION_VIEW_TEXT.addToCalendar}
            </a>
            <a data-slot-href="whatsappHref" href={view?.whatsappHref} target="_blank" rel="noopener noreferrer" className={linkButton}>
              <WhatsAppIcon className="size-5 shrink-0 text-emerald-600" />
              {REGISTRATION_VIEW_TEXT.sendToWhatsApp}
              <span className="sr-only"> (opens WhatsApp in a new tab)</span>
            </a>
          </div>
          <p>
            <span className="block text-stone-600">{REGISTRATION_VIEW_TEXT.keepLink}</span>
            <a data-slot-href="privateUrl" data-slot="privateUrl" href={view?.privateUrl} className="font-medium break-all text-brand-700 underline">
              {view?.privateUrl}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
