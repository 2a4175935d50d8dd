// /admin/events/{id}/check-in on the server: the event's running count and who matches the
// volunteer's search (or who came last); and the door's actions for a plain post (without
// JavaScript). With JavaScript a tap posts to /api/admin/events/{id}/check-in instead
// (workers/api/admin-check-in.ts), which answers the person's true state and the count as JSON.
import { data } from "react-router";
import { adminContext, type AdminRole } from "~/features/accounts";
import { eventSpanText } from "~/features/events";
import { EVENT_DATE_FORMAT } from "~/lib/constants";
import { feeOf } from "~/lib/money";
import { changePayment, isPaymentIntent, payingNowOf, payingNowQuery } from "~/features/payments/index.server";
import { batchParts, getDb } from "~/db/db.server";
import {
  addRegistration,
  changeCheckIn,
  checkInOf,
  checkInQueries,
  closedToVolunteers,
  doorCountsOf,
  isPastForTheDoor,
  type Person,
  readEventPost,
  registrationIdOf,
  toPerson,
} from "~/features/events/index.server";
import { parseId } from "~/server/admin-actions.server";
import { publicPagesUnchanged } from "~/features/accounts/index.server";
import { postedPagePath, refuse } from "~/server/forms.server";
import { siteOrigin } from "~/server/site-url.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/check-in";

/** How many people a search shows at once (a name search at a big event can match many). */
const MATCH_LIMIT = 25;

/**
 * A person as the door shows them. A door volunteer sees the name, the code and the last 3 digits of
 * the phone, nothing more (no whole number, no e-mail, no links to them).
 */
function forTheDoor(person: Person, role: AdminRole) {
  const { id, name, code, status, statusLabel, checkedInAt, checkedInText, admittedUnconfirmed, paymentStatus } = person;
  const door = { id, name, code, status, statusLabel, checkedInAt, checkedInText, admittedUnconfirmed, paymentStatus };
  return { ...door, phone: role === "volunteer" ? `…${person.phoneEnd}` : person.phone };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { role } = context.get(adminContext);
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  // One round trip: the door's people and who is paying by mobile money right now.
  const db = getDb();
  const [door, [prompts]] = await batchParts(db, checkInQueries(db, id, search, MATCH_LIMIT, role === "volunteer"), [payingNowQuery(db, id)] as const);
  const page = checkInOf(door);
  if (!page) throw data(null, { status: 404 });
  const { event, tallies, rows, answers, groups } = page;
  // A door volunteer works only on today's and later events.
  if (role === "volunteer" && isPastForTheDoor(event, new Date())) throw data(null, { status: 404 });
  const origin = siteOrigin(request);
  const paying = payingNowOf(prompts);
  return {
    event: { id: event.id, name: event.name, dateText: eventSpanText(event.date, event.ends_at, EVENT_DATE_FORMAT), capacity: event.capacity, fee: feeOf(event.price) },
    counts: doorCountsOf(tallies),
    search,
    // Their answers to the event's questions: not contact details, so door volunteers see them too.
    people: rows.map((row) => ({ ...forTheDoor(toPerson(row, event.name, origin), role), answers: answers.get(row.id) ?? [], group: groups.get(row.id) ?? null, payingNow: paying[row.id] === true })),
    /** Door volunteers have no desk, and never go over the capacity. */
    volunteer: role === "volunteer",
    limit: MATCH_LIMIT,
    /** Asked after a plain post for someone not confirmed: 'Not confirmed – admit anyway?'. */
    asking: parseId(url.searchParams.get("admit")),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const post = await readEventPost(params.id, request);
  if ("refused" in post) return post.refused;
  const { eventId, formData, intent } = post;
  const me = context.get(adminContext);
  if (me.role === "volunteer" && (await closedToVolunteers(eventId, new Date()))) throw data(null, { status: 404 });
  if (intent === "walk-in") return addRegistration(request, context, eventId, formData, true);
  publicPagesUnchanged(context);
  const id = registrationIdOf(formData);
  if (id === null) return refuse(null, { formError: "That registration does not exist." }, 400);
  // "Take cash" at the door: the cash and its receipt number (the desk's other money actions are the desk's).
  if (isPaymentIntent(intent)) return changePayment(request, context, eventId, intent, id, formData);
  const answer = await changeCheckIn(eventId, intent, id, me.email, me.role === "volunteer");
  const url = new URL(postedPagePath(request), request.url);
  url.searchParams.delete("admit");
  if (answer.outcome === "not-confirmed") url.searchParams.set("admit", String(id));
  return redirectWithToast(request, `${url.pathname}${url.search}`, answer.toast);
}
