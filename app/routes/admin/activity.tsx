// /admin/activity (Administrators): who did what, and when. Every admin write, sign-ins (and failed
// ones), sign-outs, account changes and exports of personal data, newest first, filtered by
// person, kind and day (a Malawi calendar day). Read-only: nothing on the site edits the log.
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/form-fields";
import { siteLocalInputToIso, formatInSiteZone } from "~/lib/time";
import { ACTIVITY_KINDS, type ActivityKind, activityPage } from "~/features/accounts/index.server";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = () => [{ title: "Activity | Admin" }];

const PAGE_SIZE = 50;

const KIND_LABELS: Record<ActivityKind, string> = {
  write: "Changes",
  "sign-in": "Sign-ins",
  "sign-in-failed": "Failed sign-ins",
  "sign-out": "Sign-outs",
  account: "Account changes",
  export: "Exports of personal data",
  refused: "Refused access",
};

/** The UTC bounds of a Malawi calendar day (YYYY-MM-DD), or null for anything else. */
function dayBounds(day: string | null): { from: string; to: string } | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const from = siteLocalInputToIso(`${day}T00:00`);
  if (!from) return null;
  return { from, to: new Date(new Date(from).getTime() + 86_400_000).toISOString() };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const filter = {
    actor: url.searchParams.get("person")?.trim().toLowerCase() || null,
    kind: (ACTIVITY_KINDS as readonly string[]).includes(kind ?? "") ? (kind as ActivityKind) : null,
    day: dayBounds(url.searchParams.get("day")) ? url.searchParams.get("day") : null,
  };
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 100_000);
  const { rows, total, actors } = await activityPage(filter, dayBounds(filter.day), page, PAGE_SIZE);
  return {
    filter,
    page,
    total,
    actors,
    rows: rows.map((row) => ({ ...row, when: formatInSiteZone(row.at, "MMM d, yyyy HH:mm:ss") ?? row.at, kindLabel: KIND_LABELS[row.kind] })),
  };
}

function pageHref(filter: Route.ComponentProps["loaderData"]["filter"], page: number) {
  const params = new URLSearchParams();
  if (filter.actor) params.set("person", filter.actor);
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.day) params.set("day", filter.day);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/activity${query ? `?${query}` : ""}`;
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { filter, rows, total, actors, page } = loaderData;
  const field = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base";
  const first = (page - 1) * PAGE_SIZE + 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Activity</h1>
      <p className="mt-1 text-stone-600">Who changed what, and when. Kept for at least 12 months.</p>

      <Form method="get" className="mt-6 grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-4 sm:items-end">
        <div>
          <label htmlFor="activity-person" className="block text-sm font-medium text-stone-800">
            Person
          </label>
          <select id="activity-person" name="person" defaultValue={filter.actor ?? ""} className={field}>
            <option value="">Everyone</option>
            {actors.map((actor) => (
              <option key={actor} value={actor}>
                {actor}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-kind" className="block text-sm font-medium text-stone-800">
            Kind
          </label>
          <select id="activity-kind" name="kind" defaultValue={filter.kind ?? ""} className={field}>
            <option value="">All kinds</option>
            {Object.entries(KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-day" className="block text-sm font-medium text-stone-800">
            Day
          </label>
          <input id="activity-day" name="day" type="date" defaultValue={filter.day ?? ""} className={field} />
        </div>
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClass.primary}>
            Show
          </button>
          {filter.actor || filter.kind || filter.day ? (
            <Link to="/admin/activity" className="text-sm font-semibold text-brand-700 underline">
              Show everything
            </Link>
          ) : null}
        </div>
      </Form>

      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">Nothing recorded for this choice.</p>
      ) : (
        <>
          {/* A list rather than a table: each entry reads top to bottom on a 360 px phone. */}
          <ol className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {rows.map((row) => (
              <li key={row.id} className="px-4 py-3 text-sm">
                <p className="font-medium break-words text-stone-900">
                  {row.action}
                  {row.target ? <span className="font-normal text-stone-700"> · {row.target}</span> : null}
                </p>
                {row.summary ? <p className="mt-0.5 break-words text-stone-700">{row.summary}</p> : null}
                <p className="mt-1 text-xs break-all text-stone-600">
                  <time dateTime={row.at}>{row.when}</time> · {row.actor} · {row.kindLabel}
                  {row.address ? ` · from ${row.address}` : ""}
                </p>
              </li>
            ))}
          </ol>
          <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
            <p>{`Showing ${first}–${first + rows.length - 1} of ${total}`}</p>
            <div className="flex gap-2">
              {page > 1 ? (
                <Link to={pageHref(filter, page - 1)} className={buttonClass.secondary}>
                  Newer
                </Link>
              ) : null}
              {first + rows.length - 1 < total ? (
                <Link to={pageHref(filter, page + 1)} className={buttonClass.secondary}>
                  Older
                </Link>
              ) : null}
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
