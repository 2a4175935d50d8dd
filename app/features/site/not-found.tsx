import { SiteLink } from "~/components/site-link";
import { useIsland } from "~/components/use-island";
import { notFoundLog } from "~/islands/not-found-log";
import { titled, useSiteSettings } from "~/features/settings";

/** The 404 page of SPEC section 2: 'Oops! Page not found' and a link home; the missing path is logged. */
/** `hint`: what else to say on this page's own 404 (a private link cut short: how to get it again). */
export function NotFound({ hint }: { hint?: React.ReactNode } = {}) {
  const settings = useSiteSettings();
  return (
    <div {...useIsland(notFoundLog)} className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-24">
      <title>{titled("Page not found", settings)}</title>
      <div className="text-center">
        <p className="text-6xl font-bold text-brand-800">404</p>
        <h1 className="mt-4 text-xl text-stone-700">Oops! Page not found</h1>
        {hint ? <div className="mx-auto mt-4 max-w-md text-stone-700">{hint}</div> : null}
        <SiteLink to="/" className="mt-6 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
          Return to Home
        </SiteLink>
      </div>
    </div>
  );
}

/**
 * A private link (a registration's, a group's) that finds nothing: often one cut short on its way
 * (SMS, WhatsApp). Says so, and how to have it sent again.
 */
export function PrivateLinkNotFound({ what }: { what: "a registration" | "a group's page" }) {
  return (
    <NotFound
      hint={
        <p>
          This link does not open {what}. A link sent by SMS or WhatsApp may have been cut short: open it again from the message, or go to{" "}
          <a href="/events" className="font-semibold text-brand-700 underline">
            your event
          </a>{" "}
          and use &lsquo;Get my link again&rsquo;.
        </p>
      }
    />
  );
}
