// /admin/events/registrations/:id (SPEC section 2, Event registrations), grown into the
// registration desk: the counts, a filter and a search, adding someone by hand, cancel / restore /
// move up, "Cancel a burst" (many registrations made at once, by time and address group),
// a call and a WhatsApp link for each person (prefilled with their code and private link),
// the CSV and contacts exports, and the way to the door (check-in, the printed list). The list is
// paged; the exports hold everyone.
import { Form, Link } from "react-router";
import { Disclosure } from "~/components/disclosure";
import { buttonClass } from "~/components/form-fields";
import { DownloadIcon, PencilIcon, PhoneIcon, UsersIcon, WhatsAppIcon } from "~/components/icons";
import { LoadError } from "~/components/load-error";
import { adminTabHref } from "~/lib/admin-tabs";
import { ExportCsvButton } from "./export-csv-button";
import type { Person } from "~/features/events/index.server";
import type { Route } from "./+types/registration-desk";
import { BackLink } from "~/components/admin/back-link";
import { StackedTable } from "~/components/admin/stacked-table";
import { feePaid } from "~/lib/stored-choices";
import { AnswersList, AssociationCounts, CancelBurstForm, DeskEditDialog, DeskRegistrationForm, editAnswerOf, type ShownAnswer } from "~/features/events";
import { DESK_PAYING_NOW, PayingNowBadge, PaymentActions, PaymentBadge, type PaymentRefusal, PaymentsNotSetUp, PaymentTotals } from "~/features/payments";

export { action, loader } from "./registration-desk.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.event ? `${loaderData.event.name} Registrations` : "Event Registrations"} | Admin` },
];

type Loaded = Extract<Route.ComponentProps["loaderData"], { error: null }>;

const FILTERS = [
  { value: "all", label: "All" },
  { value: "confirmed", label: "Confirmed" },
  { value: "waitlisted", label: "Waiting list" },
  { value: "cancelled", label: "Cancelled" },
  { value: "unpaid", label: "Unpaid" },
] as const;

/** The list with its filter, search and page; `edit`: with one registration's edit form open over it. */
function deskHref(eventId: number, query: { filter: string; search: string; page: number }, edit?: number) {
  const params = new URLSearchParams();
  if (query.filter !== "all") params.set("status", query.filter);
  if (query.search) params.set("q", query.search);
  if (query.page > 1) params.set("page", String(query.page));
  if (edit !== undefined) params.set("edit", String(edit));
  const search = params.toString();
  return `/admin/events/registrations/${eventId}${search ? `?${search}` : ""}`;
}

function Tallies({ event, tallies }: Pick<Loaded, "event" | "tallies">) {
  // Checked in: of the confirmed, as the door counts them; anyone admitted anyway apart.
  const items = [
    { label: "Confirmed", value: event.capacity === null ? String(tallies.confirmed) : `${tallies.confirmed} / ${event.capacity}` },
    { label: "Waiting list", value: String(tallies.waitlisted) },
    { label: "Cancelled", value: String(tallies.cancelled) },
    { label: "Checked in", value: `${tallies.confirmedIn} of ${tallies.confirmed}`, more: tallies.othersIn ? `and ${tallies.othersIn} more admitted anyway` : null },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-stone-200 bg-white px-4 py-3">
          <dt className="text-sm text-stone-600">{item.label}</dt>
          <dd className="text-2xl font-bold text-stone-900">{item.value}</dd>
          {item.more ? <dd className="text-sm text-stone-700">{item.more}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

type AddAnswer = Exclude<Route.ComponentProps["actionData"], { burst: unknown } | PaymentRefusal>;

function AddRegistration({ actionData, full, questions, associations }: { actionData: AddAnswer; full: boolean } & Pick<Loaded, "questions" | "associations">) {
  return (
    <DeskRegistrationForm
      actionData={actionData}
      questions={questions}
      associations={associations}
      intent="add"
      summary="Add a registration"
      intro={<p className="text-sm text-stone-600">For someone who phoned in or came to the office. Capacity applies unless you choose to go over it.</p>}
      sharedPhoneHint="Another person registered with this phone number (a family phone)"
      overCapacityHint={full ? "The event is full: without this they join the waiting list" : "Only used when every place is taken"}
      submitLabel="Add registration"
      className="rounded-lg border border-stone-200 bg-white"
    />
  );
}

/**
 * The id of a row's "Code 4821, +265 991 23 45 67": every control of the row is described by it, so
 * two men of the same name (a common one) are told apart by who hears, not only by who sees, the row.
 */
const whoId = (id: number) => `desk-who-${id}`;

/** One small form per action on a person: works without JavaScript, answers with a toast. */
function RowAction({ id, intent, label, danger = false }: { id: number; intent: string; label: string; danger?: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="registration_id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-describedby={whoId(id)}
        className={`rounded-md border px-3 py-1.5 text-sm font-semibold [overflow-wrap:anywhere] ${danger ? "border-red-300 text-red-800 hover:bg-red-50" : "border-stone-300 text-stone-800 hover:bg-stone-50"}`}
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * Cancelling asks first, without a script: one tap on a phone's crowded row must not give a man's
 * place away and message him and the man who moves up. "Cancel {name}" opens the question; "Yes,
 * cancel {name}" posts it.
 */
function CancelAction({ id, name, confirmed, checkedInText, paid, paying }: { id: number; name: string; confirmed: boolean; checkedInText: string | null; paid: boolean; paying: boolean }) {
  return (
    // Escape (or a tap outside) closes it again, focus back on "Cancel {name}": the next Enter must not cancel him.
    <Disclosure
      className="rounded-md border border-red-300 bg-white"
      summaryClassName="cursor-pointer list-none px-3 py-1.5 text-sm font-semibold text-red-800 [overflow-wrap:anywhere] hover:bg-red-50"
      summary={`Cancel ${name}`}
      summaryDescribedBy={whoId(id)}
    >
      <div className="space-y-2 p-3 text-sm text-stone-800">
        <p className="font-semibold text-stone-900">Cancel {name}&apos;s registration?</p>
        {/* Cancelling a man already inside gives his place away a second time and tells him he is cancelled. */}
        {checkedInText ? (
          <p className="font-semibold text-red-800">
            {name} was checked in at the door ({checkedInText}): he is at the event. Cancel only if he has left.
          </p>
        ) : null}
        {/* Cancelling gives no money back: staff decide after, on the desk, as for any paid man no longer confirmed. */}
        {paid ? <p className="font-semibold text-amber-900">{name} has paid the fee. Cancelling does not give the money back: afterwards, refund it or keep it.</p> : null}
        {paying ? <p className="font-semibold text-amber-900">{DESK_PAYING_NOW.cancelWarning(name)}</p> : null}
        <p>
          {confirmed ? "Their place goes to the first man on the waiting list, if one is waiting. " : "They leave the waiting list. "}
          They are told by SMS or e-mail where they can be reached.
        </p>
        <RowAction id={id} intent="cancel" label={`Yes, cancel ${name}`} danger />
      </div>
    </Disclosure>
  );
}

/** "Edit": opens the person's edit form over the list (?edit=<id>), which works without JavaScript. */
function EditAction({ id, name, href }: { id: number; name: string; href: string }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-label={`Edit ${name}`}
      aria-describedby={whoId(id)}
      // Where focus goes back when its dialog, opened by its address, closes (DeskEditDialog).
      data-edit-registration={id}
      className="inline-flex items-center gap-1 rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-50"
    >
      <PencilIcon className="size-4" />
      Edit
    </Link>
  );
}

/** A person on the desk: with their answers and the group a leader registered them in (issue 25). */
type DeskPerson = Person & { answers: ShownAnswer[]; group: string | null };

function StatusBadge({ person }: { person: Person }) {
  const tone =
    person.status === "confirmed" ? "bg-green-100 text-green-900" : person.status === "waitlisted" ? "bg-amber-100 text-amber-900" : "bg-stone-200 text-stone-800";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{person.statusLabel}</span>;
}

type Fees = Loaded["payments"];

function PersonRow({ person, full, fees, editHref }: { person: DeskPerson; full: boolean; fees: Fees; editHref: string }) {
  const cell = "block px-0 py-0.5 sm:table-cell sm:px-4 sm:py-3 sm:align-top";
  return (
    <tr className="block px-4 py-3 sm:table-row sm:p-0">
      <td className={`${cell} text-stone-900`}>
        <span className="font-medium [overflow-wrap:anywhere]">{person.name}</span>
        <span id={whoId(person.id)} hidden>
          {`Code ${person.code}, ${person.phone}`}
        </span>
        <AnswersList answers={person.answers} />
        <span className="mt-1 flex flex-wrap gap-1.5">
          <StatusBadge person={person} />
          {person.group ? <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-semibold text-purple-900">{person.group}</span> : null}
          {person.notTold ? <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">Moved up – not told yet</span> : null}
          {person.overCapacityText ? <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">{person.overCapacityText}</span> : null}
          {person.checkedInText ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
              Checked in {person.checkedInText}
              {/* Let in without a place; once he has one (moved up since), he is simply checked in. */}
              {person.admittedUnconfirmed && person.status !== "confirmed" ? " (not confirmed)" : ""}
            </span>
          ) : null}
          {/* Someone waiting owes nothing until he has a place. */}
          {fees && (person.status === "confirmed" || person.paymentStatus !== "unpaid") ? <PaymentBadge state={person.paymentStatus} price={fees.price} refund={fees.refunds[person.id]} /> : null}
          {fees?.paying[person.id] && person.paymentStatus === "unpaid" ? <PayingNowBadge /> : null}
          {/* Not while money that did not match the fee is to check: his place is kept until staff sort it out (decision 050). */}
          {fees && person.heldUntilText && !fees.extras[person.id]?.mismatch ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Pay by {person.heldUntilText}</span>
          ) : null}
          {fees?.notes[person.id]?.map((note) => (
            <span key={note} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {note}
            </span>
          ))}
        </span>
      </td>
      <td className={`${cell} font-mono text-stone-900`}>
        <span className="sm:hidden font-sans text-stone-600">Code </span>
        {person.code}
      </td>
      <td className={`${cell} text-stone-700`}>
        <span className="sm:whitespace-nowrap">{person.phone}</span>
        {person.email ? <a href={`mailto:${person.email}`} className="mt-0.5 block break-all text-stone-600 hover:underline">{person.email}</a> : null}
        <span className="mt-1 flex flex-wrap gap-2">
          <a href={person.telHref} aria-describedby={whoId(person.id)} className="inline-flex items-center gap-1 rounded-md border border-stone-300 px-2.5 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-50">
            <PhoneIcon className="size-4" />
            Call<span className="sr-only"> {person.name}</span>
          </a>
          {person.whatsappHref ? (
            <a
              href={person.whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={whoId(person.id)}
              className="inline-flex items-center gap-1 rounded-md border border-stone-300 px-2.5 py-1 text-sm font-semibold text-stone-800 hover:bg-emerald-50"
            >
              <WhatsAppIcon className="size-4 text-emerald-600" />
              WhatsApp<span className="sr-only"> {person.name} (opens WhatsApp in a new tab)</span>
            </a>
          ) : null}
        </span>
      </td>
      <td className={`${cell} text-stone-600 sm:whitespace-nowrap sm:text-stone-700`}>
        <span className="sm:hidden">Registered </span>
        <time dateTime={person.date}>{person.dateText}</time>
      </td>
      <td className={`${cell} pt-2 sm:pt-3`}>
        <div className="flex flex-wrap gap-2">
          <EditAction id={person.id} name={person.name} href={editHref} />
          {person.status === "cancelled" ? <RowAction id={person.id} intent="restore" label={`Restore ${person.name}`} /> : null}
          {person.status === "waitlisted" ? (
            <RowAction id={person.id} intent={full ? "promote-over" : "promote"} label={full ? `Move up ${person.name} over capacity` : `Move up ${person.name}`} />
          ) : null}
          {person.notTold ? <RowAction id={person.id} intent="told" label={`Mark ${person.name} as told`} /> : null}
          {person.status !== "cancelled" ? (
            <CancelAction id={person.id} name={person.name} confirmed={person.status === "confirmed"} checkedInText={person.checkedInText} paid={feePaid(person.paymentStatus)} paying={fees?.paying[person.id] === true} />
          ) : null}
          {fees && (person.status === "confirmed" || person.paymentStatus !== "unpaid") ? (
            <PaymentActions id={person.id} name={person.name} state={person.paymentStatus} price={fees.price} extra={fees.extras[person.id]} paying={fees.paying[person.id]} placed={person.status !== "cancelled"} describedBy={whoId(person.id)} />
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** A table on wider screens; on a phone each registration stacks into a small card. */
function PeopleTable({ people, full, fees, editHref, eventName }: { people: DeskPerson[]; full: boolean; fees: Fees; editHref: (id: number) => string; eventName: string }) {
  return (
    <StackedTable caption={`Registrations for ${eventName}`} columns={["Name", "Code", "Contact", "Registration Date", "Actions"]}>
      {people.map((person) => (
        <PersonRow key={person.id} person={person} full={full} fees={fees} editHref={editHref(person.id)} />
      ))}
    </StackedTable>
  );
}

/** What a search or filter found, in words: "2 registrations found." */
function foundWords(matches: number): string {
  if (matches === 0) return "Nobody matches this filter or search.";
  return `${matches === 1 ? "1 registration" : `${matches} registrations`} found.`;
}

function Paging({ eventId, query, matches, pageSize, shown }: { eventId: number; query: Loaded["query"]; matches: number; pageSize: number; shown: number }) {
  const first = (query.page - 1) * pageSize + 1;
  const pages = Math.max(1, Math.ceil(matches / pageSize));
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
      <p>{shown === 0 ? "Nobody on this page." : `Showing ${first}–${first + shown - 1} of ${matches}`}</p>
      <div className="flex gap-2">
        {query.page > 1 ? (
          <Link to={deskHref(eventId, { ...query, page: query.page - 1 })} className={buttonClass.secondary}>
            Previous page
          </Link>
        ) : null}
        {query.page < pages ? (
          <Link to={deskHref(eventId, { ...query, page: query.page + 1 })} className={buttonClass.secondary}>
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

export default function RegistrationDesk({ loaderData, actionData }: Route.ComponentProps) {
  const back = (
    <BackLink to={adminTabHref("events")}>Back to Events</BackLink>
  );

  if (loaderData.error !== null) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {back}
        <h1 className="mt-3 text-2xl font-bold text-stone-900">Event Registrations</h1>
        <div className="mt-6">
          <LoadError message={loaderData.error} />
        </div>
      </div>
    );
  }

  const { event, tallies, people, query, matches, pageSize, fileName, byAssociation, payments, paymentsExport, addressGroups, editing } = loaderData;
  // One answer reaches the page: "Cancel a burst"'s, an edit's, or adding someone's.
  const burst = actionData && "burst" in actionData ? actionData.burst : null;
  const edited = editAnswerOf(actionData);
  // A money form's refusal is read by its own form (PaymentActions).
  const added = actionData && !("burst" in actionData) && !("paymentRefused" in actionData) && !edited ? actionData : undefined;
  const base = `/admin/events/${event.id}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      {back}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-stone-900">{`${event.name} Registrations`}</h1>
          <p className="mt-1 text-stone-600">{event.dateText ?? "No date set"}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/check-in`} className={buttonClass.primary}>
            <UsersIcon className="size-4" />
            Check-in at the door
          </Link>
          <ExportCsvButton href={`/api/admin/events/${event.id}/registrations.csv`} fileName={fileName} disabled={tallies.total === 0} />
          {paymentsExport ? (
            <a href={`/api/admin/events/${event.id}/payments.csv`} download className={buttonClass.secondary}>
              <DownloadIcon className="size-4" />
              Export payments (CSV)
            </a>
          ) : null}
          {tallies.confirmed > 0 ? (
            <a href={`/api/admin/events/${event.id}/contacts.vcf`} download className={buttonClass.secondary}>
              <DownloadIcon className="size-4" />
              Export contacts (vCard)
            </a>
          ) : null}
          <Link to={`${base}/door-list`} className={buttonClass.secondary}>
            Print door list
          </Link>
          <Link to={`/admin/events/${event.id}/message`} className={buttonClass.secondary}>
            Message registrants
          </Link>
        </div>
      </div>

      <div className="mt-6 space-y-4">
        <Tallies event={event} tallies={tallies} />
        {byAssociation ? <AssociationCounts counts={byAssociation} cancelled={tallies.cancelled} doorListHref={`${base}/door-list?group=association`} /> : null}
        {payments ? <PaymentTotals price={payments.price} totals={payments.totals} /> : null}
        {payments && !payments.ready ? <PaymentsNotSetUp /> : null}
        {tallies.notTold > 0 ? (
          <p role="status" className="rounded-lg border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-950">
            {tallies.notTold === 1 ? "1 person has" : `${tallies.notTold} people have`} moved up from the waiting list and not been told yet. Use
            their WhatsApp link, then 'Mark as told'.
          </p>
        ) : null}
        <AddRegistration actionData={added} full={event.full} questions={loaderData.questions} associations={loaderData.associations} />
        <CancelBurstForm answer={burst} groups={addressGroups} />
      </div>

      <div className="mt-8">
        <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
          {FILTERS.filter((filter) => payments || filter.value !== "unpaid").map((filter) => (
            <Link
              key={filter.value}
              to={deskHref(event.id, { filter: filter.value, search: query.search, page: 1 })}
              aria-current={query.filter === filter.value ? "page" : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${query.filter === filter.value ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"}`}
            >
              {filter.label}
            </Link>
          ))}
        </nav>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          {query.filter !== "all" ? <input type="hidden" name="status" value={query.filter} /> : null}
          <div className="min-w-0 flex-1">
            <label htmlFor="desk-search" className="block text-sm font-medium text-stone-800">
              Search by name, phone, code, payment reference or receipt number
            </label>
            <input
              id="desk-search"
              name="q"
              type="search"
              defaultValue={query.search}
              key={query.search}
              className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-base"
            />
          </div>
          <button type="submit" className={buttonClass.secondary}>
            Search
          </button>
        </Form>
      </div>

      {/* A search's or filter's answer said to a screen reader, whose focus stays where it was. */}
      <p role="status" className="sr-only">
        {query.search || query.filter !== "all" ? foundWords(matches) : ""}
      </p>
      <div className="mt-4">
        {tallies.total === 0 ? (
          <p className="rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">No registrations found for this event.</p>
        ) : people.length === 0 ? (
          <p className="rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">Nobody matches this filter or search.</p>
        ) : (
          <>
            <PeopleTable people={people} full={event.full} fees={payments} editHref={(id) => deskHref(event.id, query, id)} eventName={event.name} />
            <Paging eventId={event.id} query={query} matches={matches} pageSize={pageSize} shown={people.length} />
          </>
        )}
      </div>
      {editing ? (
        <DeskEditDialog key={editing.id} registration={editing} answer={edited?.edit === editing.id ? edited : undefined} closeHref={deskHref(event.id, query)} />
      ) : null}
    </div>
  );
}
