// /admin/events/{id}/door-list: the list to print for a hall with no signal. A–Z, with each
// person's code and the last 3 digits of their phone (enough to tell two John Bandas apart,
// without printing whole numbers), and a box to tick; the waiting list follows.
import { data, Link } from "react-router";
import { formatInSiteZone } from "~/lib/time";
import { adminContext } from "~/features/accounts";
import { logActivityOnce, recordName } from "~/features/accounts/index.server";
import { associationOfRegistrations, doorListPage, doorListPerson, isPastForTheDoor } from "~/features/events/index.server";
import { parseId } from "~/server/admin-actions.server";
import { PrintButton } from "./print-button";
import type { Route } from "./+types/door-list";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Door list: ${loaderData?.event.name ?? "Event"} | Admin` }];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = id === null ? undefined : await doorListPage(id);
  if (!page) throw data(null, { status: 404 });
  // A door volunteer works only on today's and later events.
  const { email, role } = context.get(adminContext);
  if (role === "volunteer" && isPastForTheDoor(page.event, new Date())) throw data(null, { status: 404 });
  const people = page.rows.map((row) => doorListPerson(row, page.event.price));
  // Names, codes and phones' last digits to print: personal data leaving, logged like an export
  // (once an hour: printing reloads the page).
  await logActivityOnce({ actor: email, kind: "export", action: "Opened the door list to print", target: recordName("event", page.event.id, page.event.name), summary: `${people.length} people` });
  // ?group=association: the confirmed people under the association they answered (issue 25, part 3).
  const byAssociation = new URL(request.url).searchParams.get("group") === "association" ? await associationOfRegistrations(page.event.id) : null;
  return {
    groups: byAssociation && groupedBy(people.filter((p) => !p.waiting), (p) => byAssociation.get(p.id) ?? "Association not given"),
    event: { id: page.event.id, name: page.event.name, whenText: formatInSiteZone(page.event.date, "EEEE, MMMM d, yyyy · h:mm a") },
    confirmed: people.filter((p) => !p.waiting),
    waiting: people.filter((p) => p.waiting),
    printedAt: formatInSiteZone(new Date().toISOString(), "MMM d, yyyy HH:mm"),
  };
}

/** People under each key, keys A–Z (the list's own order kept within each). */
function groupedBy<T>(people: T[], keyOf: (person: T) => string) {
  const groups = new Map<string, T[]>();
  for (const person of people) groups.set(keyOf(person), [...(groups.get(keyOf(person)) ?? []), person]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, members]) => ({ name, people: members }));
}

type Loaded = Route.ComponentProps["loaderData"];

function DoorTable({ caption, people }: { caption: string; people: Loaded["confirmed"] }) {
  const cell = "border border-stone-400 px-2 py-1.5";
  // An event with a fee: what each man still owes the door.
  const withFee = people.some((person) => person.feeText !== null);
  return (
    // With large text on a phone the table scrolls inside its own frame, not the whole page; printed, it is as wide as the page.
    <div className="mt-4 overflow-x-auto print:overflow-visible">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${cell} w-10`}>In</th>
            <th scope="col" className={cell}>Name</th>
            <th scope="col" className={cell}>Code</th>
            <th scope="col" className={cell}>Phone ends</th>
            {withFee ? (
              <th scope="col" className={cell}>
                Fee
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id}>
              <td className={`${cell} text-center`}>{person.checkedIn ? "✓" : "☐"}</td>
              <td className={`${cell} [overflow-wrap:anywhere]`}>{person.name}</td>
              <td className={`${cell} font-mono`}>{person.code}</td>
              <td className={`${cell} font-mono`}>…{person.phoneEnd}</td>
              {withFee ? <td className={cell}>{person.feeText}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DoorList({ loaderData }: Route.ComponentProps) {
  const { event, confirmed, waiting, printedAt, groups } = loaderData;
  return (
    <div className="mx-auto max-w-3xl bg-white px-4 py-6 print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/events/${event.id}/check-in`} className="-my-1 py-1 text-sm font-medium text-stone-700 hover:text-brand-800">
          Back to check-in
        </Link>
        <PrintButton />
      </div>
      <h1 className="mt-4 text-xl font-bold text-stone-900">Door list: {event.name}</h1>
      <p className="text-sm text-stone-700">
        {event.whenText ? `${event.whenText} · ` : ""}
        {confirmed.length} confirmed · printed {printedAt}
      </p>
      <p className="mt-2 text-sm print:hidden">
        {groups ? <Link to={`/admin/events/${event.id}/door-list`} className="font-semibold text-brand-700 underline">One list A–Z</Link> : <Link to={`/admin/events/${event.id}/door-list?group=association`} className="font-semibold text-brand-700 underline">Grouped by association</Link>}
      </p>
      {!confirmed.length ? (
        <p className="mt-4">Nobody is confirmed yet.</p>
      ) : groups ? (
        groups.map((group) => (
          <section key={group.name} className="break-inside-avoid-page">
            <DoorTable caption={`${group.name}: ${group.people.length} confirmed (A–Z)`} people={group.people} />
          </section>
        ))
      ) : (
        <DoorTable caption="Confirmed (A–Z)" people={confirmed} />
      )}
      {waiting.length ? <DoorTable caption="Waiting list (A–Z): not confirmed" people={waiting} /> : null}
    </div>
  );
}
