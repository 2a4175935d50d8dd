// The list every management tab shows: a heading with its 'Add' button, rows with their markers
// and actions, or the tab's empty text. The five managers differ only in what goes in the rows.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "../form-fields";
import { AlertIcon, ExternalLinkIcon, PencilIcon, PlusIcon } from "../icons";

export function ManagerSection({
  title,
  addHref,
  addLabel,
  error,
  empty,
  before,
  children,
}: {
  title: string;
  addHref: string;
  addLabel: string;
  /** Above the rows (the Blogs tab's filters). */
  before?: ReactNode;
  /** The spec's load-failure message, when the list could not be read. */
  error?: string | null;
  /** The tab's empty text, shown when there are no rows. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="manager-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="manager-heading" className="text-xl font-semibold text-stone-900">
          {title}
        </h2>
        <Link to={addHref} className={buttonClass.primary}>
          <PlusIcon className="size-4" />
          {addLabel}
        </Link>
      </div>
      <div className="mt-4">
        {before}
        {error ? (
          <p role="alert" className="flex items-center gap-2 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            <AlertIcon className="size-5 shrink-0" />
            {error}
          </p>
        ) : empty !== null ? (
          <p className="rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">{children}</ul>
        )}
      </div>
    </section>
  );
}

export function ManagerRow({
  title,
  details,
  markers,
  actions,
  media,
}: {
  title: ReactNode;
  details?: ReactNode;
  markers?: ReactNode;
  actions: ReactNode;
  media?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      {/* With large text the picture goes above the title (less than 8rem beside it) rather than squeezing it to a letter a line. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-start gap-3">
        {media}
        <div className="min-w-0 grow basis-32">
          <p className="font-medium break-words text-stone-900">{title}</p>
          {details ? <div className="mt-0.5 text-sm text-stone-600">{details}</div> : null}
          {markers ? <div className="mt-2 flex flex-wrap gap-1.5">{markers}</div> : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-1">{actions}</div>
    </li>
  );
}

const markerTones = {
  green: "bg-green-100 text-green-800",
  grey: "bg-stone-200 text-stone-800",
  blue: "bg-brand-100 text-brand-800",
  gold: "bg-gold-100 text-gold-700",
} as const;

export function Marker({ tone, children }: { tone: keyof typeof markerTones; children: ReactNode }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${markerTones[tone]}`}>{children}</span>;
}

/**
 * A row's action: an icon and its word ("Edit"), at least 40 px high for a thumb. The accessible
 * name starts with the visible word and names the record ("Edit Men's Conference").
 */
export const rowActionClass = "inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-stone-700 hover:bg-stone-100";

export function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} aria-label={label} className={rowActionClass}>
      <PencilIcon className="size-5" />
      Edit
    </Link>
  );
}

/** Opens the record's public page in a new tab, so the admin keeps their place in the list. */
export function ViewOnSiteLink({ href, name }: { href: string; name: string }) {
  const label = `View ${name} on the website (opens in a new tab)`;
  return (
    <a href={href} target="_blank" rel="noopener" aria-label={label} className={rowActionClass}>
      <ExternalLinkIcon className="size-5" />
      View
    </a>
  );
}

/**
 * Active/inactive toggle from the list (members, testimonies): a small form posting intent=toggle-active.
 * Its name starts with the visible word, so speech input ("click Active") finds it too.
 */
export function ToggleActiveButton({ action, active, subject }: { action: string; active: boolean; subject: string }) {
  const label = active ? `Active: deactivate ${subject}` : `Inactive: activate ${subject}`;
  return (
    <Form method="post" action={action} preventScrollReset>
      <button
        type="submit"
        name="intent"
        value="toggle-active"
        aria-label={label}
        aria-pressed={active}
        className={`rounded-md px-3 py-2 text-xs font-semibold ${active ? "bg-green-100 text-green-800 hover:bg-green-200" : "bg-stone-200 text-stone-700 hover:bg-stone-300"}`}
      >
        {active ? "Active" : "Inactive"}
      </button>
    </Form>
  );
}
