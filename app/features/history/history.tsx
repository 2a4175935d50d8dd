// The History of a post, a ministry or a page's copy (issue 15): the versions earlier saves
// replaced, newest first, each with when and by whom it was saved and a 'View' link that fills the
// form with it; and, above a form showing such a version, the banner with its 'Restore' button.
// Restoring is a save like any other, so the version it replaces joins the History.
import { Link } from "react-router";
import type { FormAnswer } from "~/lib/form-answer";
import { RESTORE_INTENT } from "./history-messages";
import { ADMIN_DATE_TIME_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import { buttonClass } from "../../components/form-fields";

type Saved = { saved_at: string; saved_by: string | null };
type Entry = Saved & { id: number };

/** "Dec 5, 2026, 10:42 AM by grace@example.org" (Malawi time). */
function savedText({ saved_at, saved_by }: Saved): string {
  const when = formatInSiteZone(saved_at, ADMIN_DATE_TIME_FORMAT) ?? saved_at;
  return saved_by ? `${when} by ${saved_by}` : when;
}

export function HistoryList({
  id,
  of,
  current,
  entries,
  viewHref,
  viewing,
}: {
  /** Unique on the page (a page may show two histories). */
  id: string;
  /** What it is the History of, for a page with two ("the About page"). */
  of?: string;
  /** The record as it is now: when and by whom it was saved (null: never saved, as installed). */
  current: Saved | null;
  entries: Entry[];
  viewHref: (versionId: number) => string;
  /** The version the form shows, if not the current one. */
  viewing: number | null;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        History{of ? <span className="sr-only">{` of ${of}`}</span> : null}
      </h2>
      <p className="mt-1 text-sm text-stone-600">Every save keeps the version it replaces (the last 20). View one to restore it.</p>
      <ol className="mt-4 divide-y divide-stone-200 text-sm">
        <li className="py-2">
          <span className="font-medium text-stone-900">Current version</span>
          <span className="block text-stone-600">{current ? `Saved ${savedText(current)}` : "As installed"}</span>
        </li>
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0 break-words text-stone-700">{savedText(entry)}</span>
            {entry.id === viewing ? (
              <span className="shrink-0 font-medium text-stone-600">Viewing</span>
            ) : (
              <Link
                to={viewHref(entry.id)}
                aria-label={`View the version saved ${savedText(entry)}`}
                className="inline-flex min-h-10 shrink-0 items-center rounded-md px-3 font-semibold text-brand-700 hover:bg-stone-100"
              >
                View
              </Link>
            )}
          </li>
        ))}
      </ol>
      {entries.length === 0 ? <p className="text-sm text-stone-600">No earlier versions yet: they appear here after the next save.</p> : null}
    </section>
  );
}

/** Above a form filled with an earlier version: whose it is, and 'Restore' (a submit button of the form). */
export function VersionBanner({ version, currentHref }: { version: Saved; currentHref: string }) {
  return (
    <div role="status" className="rounded-lg border border-gold-300 bg-gold-100 p-4 text-stone-900">
      <p className="font-semibold">You are viewing the version saved {savedText(version)}.</p>
      <p className="mt-1 text-sm">
        Nothing changes until you press Restore. The version it replaces stays in History, so a restore can be undone too.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" name="intent" value={RESTORE_INTENT} className={buttonClass.primary}>
          Restore
        </button>
        <Link to={currentHref} className={buttonClass.secondary}>
          Back to the current version
        </Link>
      </div>
    </div>
  );
}

/**
 * The version an edit form was opened at, posted with it so a save from a form opened before
 * someone else's save is refused; after that refusal, the version it answered with, so saving
 * again is a deliberate choice.
 */
export function VersionField({ version, answer }: { version: number; answer: FormAnswer | undefined }) {
  const answered = answer?.result.initialValue?.version;
  return <input type="hidden" name="version" value={typeof answered === "string" ? answered : String(version)} />;
}

