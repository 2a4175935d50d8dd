// /admin/events/new and /admin/events/edit/:id on the server: the event the form starts from, and
// the save and delete its posts ask for.
import { capacityBelowConfirmedNotice, EVENT_MESSAGES as MESSAGES, eventSchema } from "~/features/events";
import { adminTabHref } from "~/lib/admin-tabs";
import { createEvent, deleteEvent, type EventInput, getEvent, movedUpNote, updateEvent } from "~/features/events/index.server";
import { deleteWithImage, loadForEdit, readAdminPost, refuseAdminForm, saveWithImage } from "~/server/admin-actions.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { parseSubmission } from "~/server/forms.server";
import type { Route } from "./+types/event-form";

const TAB = adminTabHref("events");
/** What the activity log calls a record of this form. */
const RECORD = "event";

export async function loader({ request, params }: Route.LoaderArgs) {
  const event = await loadForEdit(request, params.id, getEvent, { path: TAB, message: MESSAGES.loadFailed });
  return { event };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;

  if (post.intent === "delete") {
    return deleteWithImage(request, context, { post, record: RECORD, remove: deleteEvent, back: TAB, deleted: MESSAGES.deleted, failed: MESSAGES.deleteFailed });
  }

  const submission = parseSubmission(post.formData, eventSchema);
  if (submission.status !== "success") return refuseAdminForm(submission);
  // Lowering the capacity below the places taken moves nobody back to the waiting list: the
  // 'updated' toast says what that means.
  let notice: string | null = null;
  return saveWithImage(request, context, {
    post,
    record: RECORD,
    submission,
    imageKind: "event",
    current: getEvent,
    toInput: (value, image_url): EventInput => ({ ...value, image_url }),
    create: createEvent,
    async update(id, input) {
      // More places move people up from the waiting list, in the save's batch: they hear of it.
      const now = new Date();
      const saved = await updateEvent(id, input, now, movedUpNote());
      if (!saved) return false;
      sendAfterResponse(saved.outboxIds, request);
      if (input.capacity !== null && saved.confirmed > input.capacity) notice = capacityBelowConfirmedNotice(saved.confirmed);
      return true;
    },
    describe: () => (notice ? `${MESSAGES.updated.description} ${notice}` : undefined),
    back: TAB,
    messages: MESSAGES,
  });
}
