import { Link, useFetcher } from "react-router";
import { FOOTER_LINKS } from "~/content/navigation";
import { ORGANISATION } from "~/content/organisation";
import type { PublicFormResult } from "~/lib/forms";
import { Honeypot } from "./form-fields";
import { MailIcon, MapPinIcon, PhoneIcon } from "./icons";
import { LogoMark } from "./logo";

function SubscribeForm() {
  const fetcher = useFetcher<PublicFormResult>();
  const pending = fetcher.state !== "idle";
  const result = fetcher.data;
  return (
    <fetcher.Form method="post" action="/subscribe" className="relative mt-4" noValidate={false}>
      <Honeypot />
      <label htmlFor="subscribe-email" className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <input
          id="subscribe-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          aria-describedby={result ? "subscribe-result" : undefined}
          aria-invalid={result && !result.ok ? true : undefined}
          className="min-w-0 flex-1 rounded-md border border-brand-700 bg-brand-900 px-3 py-2.5 text-sm text-white placeholder:text-brand-200 focus:border-gold-400 focus:outline-none"
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-gold-400 px-4 py-2.5 text-sm font-semibold text-brand-950 hover:bg-gold-300 disabled:opacity-60"
        >
          {pending ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p id="subscribe-result" role="status" className={`mt-2 text-sm ${result?.ok ? "text-gold-300" : "text-red-200"}`}>
        {result?.message ?? ""}
      </p>
    </fetcher.Form>
  );
}

export function SiteFooter() {
  return (
    <footer id="subscribe" className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="text-lg font-bold text-white">Baptist Men</span>
          </div>
          <p className="mt-4 text-sm leading-relaxed">
            The national men's department of the {ORGANISATION.parentBody}: equipping men to follow Christ, lead their
            families and serve their communities.
          </p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold uppercase tracking-wide text-white">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-1 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-gold-400" />
              {ORGANISATION.address.area}, {ORGANISATION.address.city}, {ORGANISATION.address.country}
            </li>
            <li className="flex gap-2">
              <PhoneIcon className="mt-0.5 size-4 shrink-0 text-gold-400" />
              <a href={`tel:${ORGANISATION.phone.replace(/\s/g, "")}`} className="hover:text-white">
                {ORGANISATION.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <MailIcon className="mt-0.5 size-4 shrink-0 text-gold-400" />
              <a href={`mailto:${ORGANISATION.presidentEmail}`} className="break-all hover:text-white">
                {ORGANISATION.presidentEmail}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Stay Connected</h2>
          <p className="mt-4 text-sm">News of events, devotionals and ministry updates, now and then.</p>
          <SubscribeForm />
        </div>
      </div>
      <div className="border-t border-brand-900">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-brand-200 sm:px-6">
          © {new Date().getFullYear()} {ORGANISATION.name}. A department of the {ORGANISATION.parentBody}.
        </p>
      </div>
    </footer>
  );
}
