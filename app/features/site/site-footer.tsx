import { SiteLink } from "~/components/site-link";
import { useForm } from "@conform-to/react";
import { formConstraints, inputProps } from "~/lib/form-constraints";
import { useFetcher } from "react-router";
import { FOOTER_LINKS } from "~/features/site/navigation";
import { BOT_CHECK_FORM } from "~/lib/bot-check";
import { messageOf, type FormAnswer } from "~/lib/form-answer";
import { subscribeSchema } from "~/features/messaging";
import { brandLines, phonesOf, type SiteSettings } from "~/features/settings";
import { Honeypot } from "../../components/form-fields";
import { SocialLinks } from "./social-links";
import { MailIcon, MapPinIcon, PhoneIcon } from "../../components/icons";
import { LogoMark } from "../../components/logo";
import { telHref } from "~/lib/app-links";

const constraint = formConstraints(subscribeSchema);

export const SUBSCRIBE_INTRO = "News of events, devotionals and ministry updates, now and then.";

/**
 * The subscribe form. `refused`: a refusal a plain post (no JavaScript) answered with the /subscribe
 * page, shown with the address as typed and what is wrong under it.
 */
export function SubscribeForm({ refused }: { refused?: FormAnswer }) {
  const fetcher = useFetcher<FormAnswer>();
  const answer = fetcher.data ?? refused;
  const [form, fields] = useForm({ id: "subscribe-form", lastResult: answer?.result, constraint });
  const pending = fetcher.state !== "idle";
  const ok = answer?.result.status === "success";
  // The browser checks the address first (no noValidate), with or without JavaScript.
  const { key, ...email } = inputProps(fields.email, { type: "email" });
  return (
    // On a page without React it posts as plain HTML: the answer (a redirect back, with its toast)
    // keeps the fragment, so the page opens again at this form, not at its top.
    <fetcher.Form id={form.id} method="post" action="/subscribe#subscribe" className="relative mt-4" {...BOT_CHECK_FORM}>
      <Honeypot />
      <label htmlFor={fields.email.id} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <input
          key={key}
          {...email}
          autoComplete="email"
          placeholder="Your email address"
          aria-describedby={answer ? "subscribe-result" : undefined}
          aria-invalid={answer && !ok ? true : undefined}
          className="w-full min-w-0 flex-1 rounded-md border border-brand-700 bg-brand-900 px-3 py-2.5 text-sm text-white placeholder:text-brand-200 focus:border-gold-400 focus:outline-none"
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-gold-400 px-4 py-2.5 text-sm font-semibold text-brand-950 hover:bg-gold-300 disabled:opacity-60"
        >
          {pending ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p id="subscribe-result" role="status" className={`mt-2 text-sm ${ok ? "text-gold-300" : "text-red-200"}`}>
        {answer ? (messageOf(answer) ?? "") : ""}
      </p>
    </fetcher.Form>
  );
}

/** `withSubscribe`: false on the /subscribe page, which shows the form itself. */
export function SiteFooter({ settings, withSubscribe = true }: { settings: SiteSettings; withSubscribe?: boolean }) {
  const { organisation, contact, social } = settings;
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            {/* Below the header, which draws the mark: this one reuses its drawing. */}
            <LogoMark drawnAbove className="size-9 shrink-0" />
            <span className="min-w-0 text-lg font-bold text-white [overflow-wrap:anywhere]">{brandLines(organisation.short_name)[0]}</span>
          </div>
          <p className="mt-4 text-sm leading-relaxed">{organisation.footer_text}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold uppercase tracking-wide text-white">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-1 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className="inline-block py-1 hover:text-white hover:underline">
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-gold-400" />
              {contact.address_lines.join(", ")}
            </li>
            {phonesOf(contact).map((phone) => (
              <li key={phone} className="flex gap-2">
                <PhoneIcon className="mt-0.5 size-4 shrink-0 text-gold-400" />
                <a href={telHref(phone)} className="hover:text-white">
                  {phone}
                </a>
              </li>
            ))}
            <li className="flex gap-2">
              <MailIcon className="mt-0.5 size-4 shrink-0 text-gold-400" />
              <a href={`mailto:${contact.president_email}`} className="break-all hover:text-white">
                {contact.president_email}
              </a>
            </li>
          </ul>
        </div>
        {/* "#subscribe" (a link to subscribe, the form's own answer) opens here, at the form. */}
        <div id={withSubscribe ? "subscribe" : undefined} className="scroll-mt-20">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Stay Connected</h2>
          {withSubscribe ? (
            <>
              <p className="mt-4 text-sm">{SUBSCRIBE_INTRO}</p>
              <SubscribeForm />
            </>
          ) : null}
          <div className="mt-6">
            <SocialLinks
              social={social}
              headingClassName="text-sm font-semibold uppercase tracking-wide text-white"
              linkClassName="text-sm text-brand-100 hover:text-white hover:underline"
            />
          </div>
        </div>
      </div>
      <div className="border-t border-brand-900">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-brand-200 sm:px-6">
          © {new Date().getFullYear()} {organisation.name}. A department of the {organisation.parent_body}.
        </p>
      </div>
    </footer>
  );
}
