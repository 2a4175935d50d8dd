// /admin/ministries/new and /admin/ministries/edit/:id on the server: the record the form starts
// from, and the save and delete its posts ask for.
import { MINISTRY_MESSAGES as MESSAGES, ministrySchema } from "~/forms/ministry";
import { formSlug } from "~/forms/slug";
import { adminTabHref } from "~/lib/admin-tabs";
import { createMinistry, deleteMinistry, getMinistry, updateMinistry, type MinistryInput } from "~/models/ministry.server";
import { deleteWithImage, loadForEdit, readAdminPost, refuseAdminForm, saveWithImage } from "~/server/admin-actions.server";
import { parseSubmission } from "~/server/forms.server";
import type { Route } from "./+types/ministry-form";

const TAB = adminTabHref("ministries");

export async function loader({ request, params }: Route.LoaderArgs) {
  const ministry = await loadForEdit(request, params.id, getMinistry, { path: TAB, message: MESSAGES.loadFailed });
  return { ministry };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;

  if (post.intent === "delete") {
    return deleteWithImage(request, context, { post, remove: deleteMinistry, back: TAB, deleted: MESSAGES.deleted, failed: MESSAGES.deleteFailed });
  }

  const submission = parseSubmission(post.formData, ministrySchema);
  if (submission.status !== "success") return refuseAdminForm(submission);
  return saveWithImage(request, context, {
    post,
    submission,
    imageKind: "ministry",
    current: getMinistry,
    toInput: ({ slug_auto, ...value }, image_url): MinistryInput => ({ ...value, slug: formSlug({ ...value, slug_auto }), image_url }),
    create: createMinistry,
    update: updateMinistry,
    back: TAB,
    messages: MESSAGES,
  });
}
