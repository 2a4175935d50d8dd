// /admin/testimonies/new and /admin/testimonies/edit/:id on the server: the record the form starts
// from, and the save, delete and toggle its posts ask for.
import { TESTIMONY_MESSAGES as MESSAGES, testimonySchema } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { createTestimony, deleteTestimony, getTestimony, type TestimonyInput, toggleTestimonyActive, updateTestimony } from "~/features/publishing/index.server";
import { deleteWithImage, loadForEdit, readAdminPost, refuseAdminForm, saveWithImage, toggleActive } from "~/server/admin-actions.server";
import { parseSubmission } from "~/server/forms.server";
import type { Route } from "./+types/testimony-form";

const TAB = adminTabHref("testimonies");
/** What the activity log calls a record of this form. */
const RECORD = "testimony";

export async function loader({ request, params }: Route.LoaderArgs) {
  const testimony = await loadForEdit(request, params.id, getTestimony, { path: "/admin/testimonies", message: MESSAGES.loadFailed });
  return { testimony };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;

  if (post.intent === "delete") {
    return deleteWithImage(request, context, { post, record: RECORD, remove: deleteTestimony, back: TAB, deleted: MESSAGES.deleted, failed: MESSAGES.deleteFailed });
  }
  if (post.intent === "toggle-active") {
    return toggleActive(request, context, { post, record: RECORD, toggle: toggleTestimonyActive, back: TAB, toggled: MESSAGES.toggled, failed: MESSAGES.toggleFailed });
  }

  const submission = parseSubmission(post.formData, testimonySchema);
  if (submission.status !== "success") return refuseAdminForm(submission);
  return saveWithImage(request, context, {
    post,
    record: RECORD,
    submission,
    imageKind: "testimony",
    current: getTestimony,
    toInput: (value, image_url): TestimonyInput => ({ ...value, image_url }),
    create: createTestimony,
    update: updateTestimony,
    back: TAB,
    messages: MESSAGES,
  });
}
