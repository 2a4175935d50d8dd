// The Events tab of the dashboard: every event by date, newest first, with its markers, edit, its
// registrations, its public page and delete.
import { Link } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EditLink, ManagerRow, ManagerSection, Marker, rowActionClass, ViewOnSiteLink } from "~/components/admin/manager-list";
import { EventImage } from "./event-card";
import { UsersIcon } from "~/components/icons";
import { adminTabHref } from "~/lib/admin-tabs";
import { ADMIN_EVENT_DATE_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import type { AdminEventRow } from "./events.server";
import { EVENT_MESSAGES } from "./event-form";

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** What the delete dialog says about the registrations that go with the event. */
function registrationsDeletedText(n: number): string {
  return n === 0 ? "It has no registrations." : `This will also delete ${plural(n, "registration", "registrations")}.`;
}

/** 'Mar 5, 2027', or 'Mar 5, 2027 – Mar 7, 2027' for an event that ends on another day (decision 051). */
function daysText(date: string | null, endsAt: string | null): string {
  const start = formatInSiteZone(date, ADMIN_EVENT_DATE_FORMAT);
  if (!start) return "No date set";
  const end = formatInSiteZone(endsAt, ADMIN_EVENT_DATE_FORMAT);
  return end && end !== start ? `${start} – ${end}` : start;
}

function Details({ row }: { row: AdminEventRow }) {
  const parts = [daysText(row.date, row.ends_at)];
  if (row.location) parts.push(row.location);
  if (row.capacity !== null) {
    parts.push(`${row.confirmed} of ${row.capacity} places taken`);
    if (row.waitlisted) parts.push(`${row.waitlisted} waiting`);
  } else {
    // Those coming: a cancelled registration is no one to plan food or transport for.
    parts.push(plural(row.confirmed + row.waitlisted, "registration", "registrations"));
  }
  return <>{parts.join(" · ")}</>;
}

export function EventsList({ rows, error, deleteId }: { rows: AdminEventRow[]; error: string | null; deleteId: number | null }) {
  return (
    <ManagerSection
      title="Events"
      addHref="/admin/events/new"
      addLabel="Add Event"
      error={error}
      empty={rows.length === 0 ? "No events have been created yet." : null}
    >
      {rows.map((row) => (
        <ManagerRow
          key={row.id}
          media={<EventImage event={{ imageUrl: row.image_url, imageAlt: "" }} sizes="96px" className="w-20 shrink-0 rounded-md sm:w-24" />}
          title={row.name}
          details={<Details row={row} />}
          markers={
            <>
              {row.active ? <Marker tone="green">Active</Marker> : <Marker tone="grey">Hidden</Marker>}
              {row.registration_enabled ? <Marker tone="blue">Registration Open</Marker> : null}
              {/* Registration stays switched on, but visitors see "Registration Closed": say why. */}
              {row.registration_enabled && row.closedByTime ? <Marker tone="grey">Date passed: closed to visitors</Marker> : null}
            </>
          }
          actions={
            <>
              <EditLink to={`/admin/events/edit/${row.id}`} label={`Edit ${row.name}`} />
              <Link
                to={`/admin/events/registrations/${row.id}`}
                aria-label={`Registrations for ${row.name}`}
                className={rowActionClass}
              >
                <UsersIcon className="size-5" />
                Registrations
              </Link>
              {/* A hidden event has no public page (visitors get 'Page not found'), so no link to it. */}
              {row.active ? (
                <ViewOnSiteLink href={`/events/${row.id}`} name={row.name} />
              ) : null}
              <ConfirmDelete
                action={`/admin/events/edit/${row.id}`}
                openHref={adminTabHref("events", { delete: row.id })}
                closeHref={adminTabHref("events")}
                initiallyOpen={deleteId === row.id}
                title="Delete event?"
                description={row.moneyRecorded ? `"${row.name}": ${EVENT_MESSAGES.moneyRecorded}` : `"${row.name}" will be removed from the website. ${registrationsDeletedText(row.registrations)} This cannot be undone.`}
                triggerLabel={`Delete ${row.name}`}
                instead={row.moneyRecorded ? { href: `/admin/events/edit/${row.id}`, label: "Edit the event" } : undefined}
              />
            </>
          }
        />
      ))}
    </ManagerSection>
  );
}
