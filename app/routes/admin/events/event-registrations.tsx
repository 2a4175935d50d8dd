// /admin/events/registrations/:id (SPEC section 2, Event registrations): who registered, newest
// first, and the CSV export. The page shows the newest few hundred; the export has everyone.
import { data, Link } from "react-router";
import { ExportCsvButton } from "./export-csv-button";
import { ArrowLeftIcon } from "~/components/icons";
import { LoadError } from "~/components/load-error";
import { adminTabHref } from "~/lib/admin-tabs";
import { REGISTRATION_DATE_FORMAT, REGISTRATIONS_HEADING_DATE_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import { eventRegistrationsPage } from "~/models/event.server";
import { parseId } from "~/server/admin-actions.server";
import { registrationsCsvFileName } from "~/server/csv.server";
import type { Route } from "./+types/event-registrations";

/** How many registrations the page lists; the CSV export has all of them. */
const REGISTRATIONS_PAGE_LIMIT = 500;
const LOAD_FAILED = "Failed to load data. Please try again.";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.event ? `${loaderData.event.name} Registrations` : "Event Registrations"} | Admin` },
];

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  let page: Awaited<ReturnType<typeof eventRegistrationsPage>>;
  try {
    page = await eventRegistrationsPage(id, REGISTRATIONS_PAGE_LIMIT);
  } catch (cause) {
    console.error("registrations load failed", cause);
    return { error: LOAD_FAILED, event: null };
  }
  if (!page) throw data(null, { status: 404 });
  const { event, rows, total } = page;
  return {
    error: null,
    event: { id: event.id, name: event.name, dateText: formatInSiteZone(event.date, REGISTRATIONS_HEADING_DATE_FORMAT) },
    registrations: rows.map((row) => ({
      id: row.id,
      name: row.full_name,
      phone: row.phone_number,
      email: row.email,
      date: row.created_at,
      dateText: formatInSiteZone(row.created_at, REGISTRATION_DATE_FORMAT) ?? "N/A",
    })),
    total,
    fileName: registrationsCsvFileName(event.name),
  };
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { error: null }>;

/**
 * A table on wider screens; on a phone each registration stacks into a small card, so nothing
 * needs sideways scrolling. The explicit roles keep it a table for screen readers either way.
 */
function RegistrationsTable({ registrations }: { registrations: Loaded["registrations"] }) {
  const head = "px-4 py-3";
  const cell = "block px-0 py-0.5 sm:table-cell sm:px-4 sm:py-3 sm:align-top";
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white">
      <table role="table" className="block w-full text-left text-sm sm:table">
        <thead role="rowgroup" className="max-sm:sr-only bg-stone-50 text-xs font-semibold tracking-wide text-stone-700 uppercase">
          <tr role="row">
            <th role="columnheader" scope="col" className={head}>
              Name
            </th>
            <th role="columnheader" scope="col" className={head}>
              Contact
            </th>
            <th role="columnheader" scope="col" className={head}>
              Registration Date
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-stone-200 sm:table-row-group">
          {registrations.map((registration) => (
            <tr role="row" key={registration.id} className="block px-4 py-3 sm:table-row sm:p-0">
              <td role="cell" className={`${cell} font-medium break-words text-stone-900`}>{registration.name}</td>
              <td role="cell" className={`${cell} text-stone-700`}>
                <a href={`tel:${registration.phone.replace(/[^\d+]/g, "")}`} className="whitespace-nowrap hover:underline">
                  {registration.phone}
                </a>
                {registration.email ? (
                  <a href={`mailto:${registration.email}`} className="mt-0.5 block break-all text-stone-600 hover:underline">
                    {registration.email}
                  </a>
                ) : null}
              </td>
              <td role="cell" className={`${cell} text-stone-600 sm:whitespace-nowrap sm:text-stone-700`}>
                <span className="sm:hidden">Registered </span>
                <time dateTime={registration.date}>{registration.dateText}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  const back = (
    <Link to={adminTabHref("events")} className="inline-flex items-center gap-1.5 text-sm font-medium text-stone-700 hover:text-brand-800">
      <ArrowLeftIcon className="size-4" />
      Back to Events
    </Link>
  );

  if (loaderData.error !== null) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
        {back}
        <h1 className="mt-3 text-2xl font-bold text-stone-900">Event Registrations</h1>
        <div className="mt-6">
          <LoadError message={loaderData.error} />
        </div>
      </div>
    );
  }

  const { event, registrations, total, fileName } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      {back}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-stone-900">{`${event.name} Registrations`}</h1>
          <p className="mt-1 text-stone-600">{event.dateText ?? "No date set"}</p>
        </div>
        <ExportCsvButton href={`/api/admin/events/${event.id}/registrations.csv`} fileName={fileName} disabled={total === 0} />
      </div>
      <div className="mt-6">
        {total === 0 ? (
          <p className="rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">
            No registrations found for this event.
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-stone-600">
              {total > registrations.length
                ? `Showing the newest ${registrations.length} of ${total.toLocaleString("en-US")} registrations. The CSV export has everyone.`
                : `${total} ${total === 1 ? "registration" : "registrations"}, newest first.`}
            </p>
            <RegistrationsTable registrations={registrations} />
          </>
        )}
      </div>
    </div>
  );
}
