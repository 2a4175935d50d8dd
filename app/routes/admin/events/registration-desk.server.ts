// /admin/events/registrations/{id} on the server: one page of the event's registrations (filtered,
// searched, paged) with its tallies in one D1 round trip, and the desk's actions (one person's, or
// "Cancel a burst" for many at once). ?edit=<id> opens one registration's edit form over the list.
import { data } from "react-router";
import { adminContext } from "~/features/accounts";
import { EVENT_DATE_FORMAT } from "~/lib/constants";
import { eventSpanText, registrationState } from "~/features/events";
import { addRegistration, cancelBurst, changeRegistration, editRegistration, readEventPost, registrationDeskOf, registrationDeskQueries, type RegistrationFilter, registrationIdOf, toPerson } from "~/features/events/index.server";
import { REGISTRATION_STATUSES } from "~/db/schema";
import { changePayment, deskPaymentsOf, deskPaymentsQueries, isPaymentIntent } from "~/features/payments/index.server";
import { batchParts, getDb } from "~/db/db.server";
import { parseId } from "~/server/admin-actions.server";
import { registrationsCsvFileName } from "~/server/csv.server";
import { refuse } from "~/server/forms.server";
import { readablePhone } from "~/server/phone.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/registration-desk";

/** How many registrations one page of the list shows. */
export const DESK_PAGE_SIZE = 50;
const LOAD_FAILED = "Failed to load data. Please try again.";

/** The list's filter, search and page from the address (anything odd reads as the default). */
export function deskQuery(url: URL) {
  const status = url.searchParams.get("status") ?? "all";
  const filter: RegistrationFilter = ([...REGISTRATION_STATUSES, "unpaid"] as readonly string[]).includes(status) ? (status as RegistrationFilter) : "all";
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 100_000);
  return { filter, search, page };
}

/** The registration whose edit form the address opens (?edit=<id>), or null. */
function editIdOf(url: URL): number | null {
  return parseId(url.searchParams.get("edit"));
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const query = deskQuery(url);
  // One round trip: the desk's registrations and the event's fees.
  const db = getDb();
  let page: ReturnType<typeof registrationDeskOf>;
  let payments: ReturnType<typeof deskPaymentsOf>;
  try {
    const [desk, fees] = await batchParts(db, registrationDeskQueries(db, id, query.filter, query.search, query.page, DESK_PAGE_SIZE, editIdOf(url)), deskPaymentsQueries(db, id));
    page = registrationDeskOf(desk);
    payments = deskPaymentsOf(fees);
  } catch (cause) {
    console.error("registrations load failed", cause);
    return { error: LOAD_FAILED, event: null } as const;
  }
  if (!page) throw data(null, { status: 404 });
  const { event, tallies, rows, matches, addressGroups, answers, groups, byAssociation, editing } = page;
  const origin = siteOrigin(request);
  const state = registrationState(event, new Date());
  return {
    error: null,
    event: {
      id: event.id,
      name: event.name,
      // The start, and the end when it has one (decision 051), as the door gives them.
      dateText: eventSpanText(event.date, event.ends_at, EVENT_DATE_FORMAT),
      capacity: event.capacity,
      full: state.full,
      open: state.open,
      waitlistEnabled: event.waitlist_enabled,
    },
    tallies,
    people: rows.map((row) => ({ ...toPerson(row, event.name, origin), answers: answers.get(row.id) ?? [], group: groups.get(row.id) ?? null })),
    byAssociation,
    query,
    matches,
    pageSize: DESK_PAGE_SIZE,
    fileName: registrationsCsvFileName(event.name),
    payments,
    // The event's payments CSV is the treasurer's: Administrators only (as the API's guard checks).
    paymentsExport: payments !== null && context.get(adminContext).role === "admin",
    addressGroups,
    // What Add a registration asks besides name and phone: the event's questions.
    questions: page.questions,
    associations: page.associations,
    // The registration the edit form is open for (?edit=<id>), with its version; its phone as the list shows it.
    editing: editing && { ...editing, phone_number: readablePhone(editing.phone_number) },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const post = await readEventPost(params.id, request);
  if ("refused" in post) return post.refused;
  const { eventId, formData, intent } = post;
  if (intent === "add") return addRegistration(request, context, eventId, formData, false);
  if (intent === "burst-preview" || intent === "burst-cancel") return cancelBurst(request, context, eventId, formData, intent);
  const id = registrationIdOf(formData);
  if (id === null) return refuse(null, { formError: "That registration does not exist." }, 400);
  if (isPaymentIntent(intent)) return changePayment(request, context, eventId, intent, id, formData);
  if (intent === "edit") return editRegistration(request, context, eventId, id, formData);
  return changeRegistration(request, context, eventId, intent, id);
}
