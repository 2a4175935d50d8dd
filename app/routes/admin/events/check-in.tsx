// /admin/events/{id}/check-in: the door, on a phone held in one hand on a slow connection. Search by
// name, the last digits of the phone or the code; one big 'Check in' (and 'Undo') per person; the
// running count (the confirmed checked in, and apart from them anyone admitted anyway); 'Add walk-in'.
// Someone not confirmed gets 'Not confirmed – admit anyway?'.
// Without JavaScript every button is a plain form post. With it, a tap sends one small request
// (/api/admin/events/{id}/check-in) and the row shows what the server says, never a guess: while
// sending it says so. A tap or a search that gets no answer (no signal, though the phone may say it
// is online) is the door's offline case: the tap is kept in the door's queue on the phone, and the
// list kept there is searched (DOOR_UNREACHABLE); a failed Undo says nothing was saved.
import { useEffect, useRef, useState } from "react";
import { AnswersList } from "~/features/events";
import { Form, Link } from "react-router";
import { PayingNowBadge, PaymentActions, PaymentBadge, type PaymentRefusal } from "~/features/payments";
import { buttonClass } from "~/components/form-fields";
import { CheckIcon } from "~/components/icons";
import { showToast } from "~/components/toaster";
import type { CheckInAnswer, DoorCounts } from "~/features/events/index.server";
import type { Route } from "./+types/check-in";
import { BackLink } from "~/components/admin/back-link";
import { NO_LEAVE_WARNING } from "~/components/admin/leave-guard";
import {
  DeskRegistrationForm,
  DOOR_LIST_CHANGED,
  DOOR_UNREACHABLE,
  DOOR_WAIT_MS,
  DoorPanel,
  doorCountWords,
  type DoorUnreachable,
  phoneSearchDigits,
  VOLUNTEER_PHONE_DIGITS,
} from "~/features/events";

import type { loader } from "./check-in.server";
export { action, loader } from "./check-in.server";

type CheckInData = Awaited<ReturnType<typeof loader>>;

/** What the page shows now: kept when a search gets no answer, while the door's own list takes its place. */
let shownData: CheckInData | undefined;

function doorUnreachable(detail: DoorUnreachable) {
  dispatchEvent(new CustomEvent(DOOR_UNREACHABLE, { detail }));
}

/**
 * A search (or reading the page again) in the browser. When no answer comes in DOOR_WAIT_MS, or the
 * request fails, the door works as offline and searches the list kept on the phone for what was
 * typed; the page stays as it was underneath (hidden), instead of "Something went wrong".
 */
export async function clientLoader({ serverLoader, request, params }: Route.ClientLoaderArgs): Promise<CheckInData> {
  // What is shown stands in only for the same event's page (not for another event opened from "All events").
  const shown = shownData?.event.id === Number(params.id) ? shownData : undefined;
  const noAnswer = new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), DOOR_WAIT_MS));
  const loading = serverLoader();
  try {
    const answer = await Promise.race([loading, noAnswer]);
    if (answer !== "no answer") return answer;
  } catch (error) {
    // A TypeError is a request that failed on the way (no connection); anything else is the server's answer.
    if (!(error instanceof TypeError) || !shown) throw error;
  }
  if (!shown) return loading;
  doorUnreachable({ search: new URL(request.url).searchParams.get("q") ?? "" });
  return shown;
}

/** Added to a home screen on its own: the door's web manifest (app/routes/seo/manifest.tsx). */
export const handle = { manifest: "/check-in.webmanifest" };

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Check-in: ${loaderData?.event.name ?? "Event"} | Admin` }];

const NOT_CONFIRMED = "Not confirmed – admit anyway?";
const SEND_FAILED = "No connection: nothing was saved. Try again.";

type RowState = { checkedIn: boolean; checkedInText: string | null; admitted: boolean };
type Pending = "checkin" | "admit" | "undo" | null;

type Intent = Exclude<Pending, null>;

/** One tap: a plain form post without JavaScript; with it, `onTap` sends the small request. */
/** The id of a man's code and phone on the door's list, which his buttons are described by. */
const whoId = (personId: number) => `door-who-${personId}`;

function TapForm({
  personId,
  intent,
  pending,
  onTap,
  className,
  children,
}: {
  personId: number;
  intent: Intent;
  pending: Pending;
  onTap: (intent: Intent) => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      preventScrollReset
      // A tap sends itself, and keeps itself on the phone when there is no answer (the door's queue).
      {...NO_LEAVE_WARNING}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onTap(intent);
      }}
    >
      <input type="hidden" name="registration_id" value={personId} />
      {/* Described by his code and phone: two men of the same name have buttons of the same name. */}
      <button type="submit" name="intent" value={intent} aria-disabled={pending !== null} aria-describedby={whoId(personId)} className={className}>
        {pending === intent ? "Saving..." : children}
      </button>
    </Form>
  );
}

type DoorPerson = Route.ComponentProps["loaderData"]["people"][number];

function PersonCard({ person, eventId, asking: askingFirst, onCount, fee }: { person: DoorPerson; eventId: number; asking: boolean; onCount: (counts: DoorCounts) => void; fee: number | null }) {
  const [state, setState] = useState<RowState>({ checkedIn: person.checkedInAt !== null, checkedInText: person.checkedInText, admitted: person.admittedUnconfirmed });
  const [pending, setPending] = useState<Pending>(null);
  const [asking, setAsking] = useState(askingFirst);
  const [failed, setFailed] = useState<Intent | null>(null);
  const confirmed = person.status === "confirmed";

  async function send(intent: Intent) {
    setPending(intent);
    setFailed(null);
    // Kept with the tap if no answer comes in time, so its resend is applied once (DOOR_UNREACHABLE).
    const tapId = crypto.randomUUID();
    try {
      const response = await fetch(`/api/admin/events/${eventId}/check-in`, {
        method: "POST",
        body: new URLSearchParams({ intent, registration_id: String(person.id), tap_id: tapId }),
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        signal: AbortSignal.timeout(DOOR_WAIT_MS),
      });
      if (response.status === 401) {
        showToast({ title: "Error", description: "Your session has ended. Please sign in again.", variant: "destructive" });
        return;
      }
      const answer = (await response.json()) as CheckInAnswer;
      if (answer.person) setState({ checkedIn: answer.person.checkedIn, checkedInText: answer.person.checkedInText, admitted: answer.person.admittedUnconfirmed });
      if (answer.counts) onCount(answer.counts);
      // The list kept on the phone learns of this tap now, not at the next refresh: the signal may go before.
      if (answer.person) dispatchEvent(new Event(DOOR_LIST_CHANGED));
      setAsking(answer.outcome === "not-confirmed");
      if (answer.outcome !== "not-confirmed") showToast(answer.toast);
    } catch {
      // No answer: a check-in is kept in the door's queue on the phone and sent when the signal is
      // back (the door shows it); an Undo cannot wait, so it says nothing was saved. Nor can a
      // man without a place: the server would ask "admit anyway?" first, so nothing is kept unasked.
      if (intent === "undo" || (intent === "checkin" && !confirmed)) setFailed(intent);
      else doorUnreachable({ action: { id: tapId, kind: intent, registrationId: person.id, name: person.name } });
    } finally {
      setPending(null);
    }
  }

  const big = "w-full rounded-lg px-5 py-4 text-lg font-bold shadow-sm";
  return (
    <li className={`rounded-xl border p-4 ${state.checkedIn ? "border-green-300 bg-green-50" : "border-stone-200 bg-white"}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words text-stone-900">{person.name}</p>
          <p id={whoId(person.id)} className="text-sm text-stone-700">
            <span className="font-mono">{person.code}</span> · {person.phone}
          </p>
          {/* Why a search for a leader's name lists him, and whose digits a man without a phone shows. */}
          {person.group ? <p className="text-sm text-stone-700">{person.group}</p> : null}
          <AnswersList answers={person.answers} />
          {!confirmed ? <p className="mt-1 text-sm font-semibold text-amber-800">{person.statusLabel}</p> : null}
          {fee && (person.status === "confirmed" || person.paymentStatus !== "unpaid") ? (
            <p className="mt-1">
              <PaymentBadge state={person.paymentStatus} price={fee} />
              {person.payingNow && person.paymentStatus === "unpaid" ? <PayingNowBadge /> : null}
            </p>
          ) : null}
        </div>
        {state.checkedIn ? (
          <p className="flex shrink-0 items-center gap-1 text-sm font-semibold text-green-800">
            <CheckIcon className="size-5" />
            In {state.checkedInText}
          </p>
        ) : null}
      </div>
      {/* Only a place is paid for: a man waiting owes nothing yet. */}
      {fee && person.status === "confirmed" && person.paymentStatus === "unpaid" ? (
        <div className="mt-3">
          <PaymentActions id={person.id} name={person.name} state={person.paymentStatus} price={fee} door paying={person.payingNow} />
        </div>
      ) : null}
      <div className="mt-3" aria-live="polite">
        {failed ? (
          <p role="alert" className="mb-2 text-sm font-medium text-red-800">
            {SEND_FAILED}
          </p>
        ) : null}
        {state.checkedIn ? (
          <TapForm personId={person.id} pending={pending} onTap={(intent) => void send(intent)} intent="undo" className={`${buttonClass.secondary} w-full`}>
            Undo<span className="sr-only"> check-in of {person.name}</span>
          </TapForm>
        ) : asking ? (
          <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p className="font-semibold text-amber-950">{NOT_CONFIRMED}</p>
            <TapForm personId={person.id} pending={pending} onTap={(intent) => void send(intent)} intent="admit" className={`${big} bg-amber-600 text-white hover:bg-amber-700`}>
              Admit anyway<span className="sr-only">: {person.name}</span>
            </TapForm>
            <button type="button" onClick={() => setAsking(false)} className={`${buttonClass.secondary} w-full`}>
              Don't admit
            </button>
          </div>
        ) : (
          <TapForm personId={person.id} pending={pending} onTap={(intent) => void send(intent)} intent="checkin" className={`${big} bg-brand-700 text-white hover:bg-brand-800`}>
            {failed ? "Try again" : "Check in"}
            <span className="sr-only">: {person.name}</span>
          </TapForm>
        )}
      </div>
    </li>
  );
}

function WalkIn({ actionData, volunteer }: { actionData: Exclude<Route.ComponentProps["actionData"], PaymentRefusal>; volunteer: boolean }) {
  return (
    <DeskRegistrationForm
      actionData={actionData}
      intent="walk-in"
      summary="Add walk-in"
      sharedPhoneHint="Another person registered with this phone number"
      overCapacityHint={volunteer ? null : "Only needed when every place is taken"}
      submitLabel="Add and check in"
      className="rounded-xl border border-stone-200 bg-white"
    />
  );
}

/** What a search found, in words: "2 people found for “john”". */
function searchResultWords(search: string, found: number, limit: number): string {
  if (found === 0) return `Nobody matches “${search}”.`;
  const people = found === 1 ? "1 person" : `${found} people`;
  return found === limit ? `The first ${people} found for “${search}”.` : `${people} found for “${search}”.`;
}

/**
 * The running count: the same words with and without JavaScript, after a tap and after the door's
 * queue is sent. Offline the door's script hides it and counts what this phone did instead.
 */
function DoorCount({ counts }: { counts: DoorCounts }) {
  const words = doorCountWords(counts);
  return (
    <p role="status" className="mt-3 rounded-lg bg-brand-900 px-4 py-3 text-white" data-online-only="">
      <span className="text-3xl font-bold">{words.number}</span> {words.rest}
      {words.others ? <span className="text-brand-100"> {words.others}</span> : null}
    </p>
  );
}

/**
 * The search field shows the page's search (Back and Forward change it), but never overwrites what
 * is being typed: the page's data comes back on its own when the signal returns (the door reads it
 * again), maybe while the volunteer types the next name.
 */
function useSearchField(search: string) {
  const field = useRef<HTMLInputElement>(null);
  const shownSearch = useRef(search);
  useEffect(() => {
    if (field.current?.value === shownSearch.current) field.current.value = search;
    shownSearch.current = search;
  }, [search]);
  return field;
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { event, counts, search, people, limit, asking, volunteer } = loaderData;
  const searchField = useSearchField(search);
  useEffect(() => {
    shownData = loaderData;
  }, [loaderData]);
  const [tapped, setTapped] = useState<{ counts: DoorCounts; from: DoorCounts }>({ counts, from: counts });
  // A new page load (a search, a plain post, the door's queue sent) brings the server's count.
  const shown = tapped.from === counts ? tapped.counts : counts;
  // A money form's refusal is read by its own form (PaymentActions).
  const walkIn = actionData && !("paymentRefused" in actionData) ? actionData : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-5 sm:py-8">
      <BackLink to={volunteer ? "/admin/check-in" : `/admin/events/registrations/${event.id}`}>{volunteer ? "All events" : "Registrations"}</BackLink>
      <h1 className="mt-2 text-xl font-bold break-words text-stone-900">Check-in: {event.name}</h1>
      {event.dateText ? <p className="text-sm text-stone-600">{event.dateText}</p> : null}
      <DoorCount counts={shown} />
      {/* What the door's script says after sending its queue ("Walk-in sent: …"), beside the count. */}
      <div data-door-notes="" />

      {/* The field keeps at least 12rem: with large text the button goes under it instead of squeezing it. */}
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2" data-online-only="">
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor="check-in-search" className="block text-sm font-medium text-stone-800">
            Name, last digits of the phone, or code
          </label>
          <input
            id="check-in-search"
            name="q"
            type="search"
            defaultValue={search}
            ref={searchField}
            autoComplete="off"
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-3 text-lg"
          />
        </div>
        <button type="submit" className={`${buttonClass.primary} py-3.5`}>
          Search
        </button>
      </Form>

      {/* A search's answer said to a screen reader: the focus stays in the field while the list changes. */}
      <p role="status" className="sr-only" data-online-only="">
        {search ? searchResultWords(search, people.length, limit) : ""}
      </p>
      <div className="mt-4" data-online-only="">
        {search ? (
          people.length === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-stone-700">
              Nobody matches “{search}”.{volunteer && (phoneSearchDigits(search)?.length ?? 0) > VOLUNTEER_PHONE_DIGITS ? " Type only the last 3 or 4 digits of the phone." : ""}
            </p>
          ) : (
            <>
              <ul className="space-y-3">
                {people.map((person) => (
                  <PersonCard key={`${person.id}-${person.checkedInAt}`} person={person} eventId={event.id} fee={event.fee} asking={asking === person.id} onCount={(now) => setTapped({ counts: now, from: counts })} />
                ))}
              </ul>
              {people.length === limit ? <p className="mt-3 text-sm text-stone-600">Showing the first {limit}. Type more to narrow the search.</p> : null}
            </>
          )
        ) : people.length ? (
          <>
            <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">Checked in last</h2>
            <ul className="mt-2 space-y-3">
              {people.map((person) => (
                <PersonCard key={`${person.id}-${person.checkedInAt}`} person={person} eventId={event.id} fee={event.fee} asking={asking === person.id} onCount={(now) => setTapped({ counts: now, from: counts })} />
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-stone-600">Search for the person at the door.</p>
        )}
      </div>

      <div className="mt-6 space-y-3" data-online-only="">
        <WalkIn actionData={walkIn} volunteer={volunteer} />
        <Link to={`/admin/events/${event.id}/door-list`} className={`${buttonClass.secondary} w-full`}>
          Print door list
        </Link>
      </div>

      {/* Offline, the parts above marked data-online-only are hidden and this takes their place. */}
      <DoorPanel eventId={event.id} listVersion={`${counts.confirmed}/${counts.confirmedIn}/${counts.othersIn}`} />
    </div>
  );
}
