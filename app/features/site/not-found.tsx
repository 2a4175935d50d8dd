import { SiteLink } from "~/components/site-link";
import { useIsland } from "~/components/use-island";
import { notFoundLog } from "~/islands/not-found-log";
import { titled, useSiteSettings } from "~/features/settings";

/** The 404 page of SPEC section 2: 'Oops! Page not found' and a link home; the missing path is logged. */
export function NotFound() {
  const settings = useSiteSettings();
  return (
    <div {...useIsland(notFoundLog)} className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-24">
      <title>{titled("Page not found", settings)}</title>
      <div className="text-center">
        <p className="text-6xl font-bold text-brand-800">404</p>
        <h1 className="mt-4 text-xl text-stone-700">Oops! Page not found</h1>
        <SiteLink to="/" className="mt-6 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
          Return to Home
        </SiteLink>
      </div>
    </div>
  );
}
