// The loaders of an event's own form pages, /events/{id}/register and /events/{id}/group: the
// active event as those forms show it, its questions and the associations to choose from, in the
// page's one round trip (./pages.server.ts, eventRegisterPage); 404 for an unknown or hidden event.
import { toSharedEvent } from "~/features/events";
import { visitorServices } from "~/server/visitor-services.server";
import { idFromPath } from "~/lib/path-id";
import { publicPage } from "./page.server";
import { eventRegisterPage } from "./pages.server";

export async function publicEventFormPage(idParam: string, origin: string) {
  const page = await eventRegisterPage(idFromPath(idParam) ?? 0);
  if (page.event === null || page.questions === null || page.associations === null) throw new Error(`Event ${idParam} could not be read`);
  if (!page.event) return publicPage(page, () => ({ event: null, questions: [], associations: [] }), 404);
  const shared = toSharedEvent(page.event, origin, new Date(), visitorServices());
  const event = {
    id: shared.id,
    name: shared.name,
    whenText: shared.whenText,
    location: shared.location,
    registrationOpen: shared.registrationOpen,
    registrationNote: shared.registrationNote,
    joinsWaitingList: shared.joinsWaitingList,
    fee: shared.fee,
    payOnline: shared.payOnline,
    // The group form offers "the rest join the waiting list" only when there is one.
    waitingList: page.event.waitlist_enabled,
  };
  const { questions, associations } = page;
  return publicPage(page, () => ({ event, questions, associations }));
}
