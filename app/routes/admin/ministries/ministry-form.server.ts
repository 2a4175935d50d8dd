// /admin/ministries/new and /admin/ministries/edit/:id on the server: the record the form starts
// from with its History (and the version ?version= asks to view), and the save, restore and delete
// its posts ask for.
import { formSlug, MINISTRY_MESSAGES as MESSAGES, ministrySchema } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { createMinistry, deleteMinistry, getMinistry, ministryFormData, type MinistryInput, updateMinistry } from "~/features/publishing/index.server";
import { askedVersion, viewedVersion } from "~/features/history/index.server";
import { deleteWithImage, loadForEdit, readAdminPost, refuseAdminForm, saveWithImage } from "~/server/admin-actions.server";
import { parseSubmission } from "~/server/forms.server";
import type { Route } from "./+types/ministry-form";

const TAB = adminTabHref("ministries");
/** What the activity log calls a record of this form. */
const RECORD = "ministry";

export async function loader({ request, params }: Route.LoaderArgs) {
  const asked = askedVersion(request);
  const edit = await loadForEdit(request, params.id, (id) => ministryFormData(id, asked), {
    path: TAB,
    message: asked === null ? MESSAGES.loadFailed : MESSAGES.versionOfDeleted,
  });
  return {
    ministry: edit?.ministry ?? null,
    history: edit?.history ?? [],
    viewing: edit ? await viewedVersion(request, asked, edit.version, `/admin/ministries/edit/${edit.ministry.id}`) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;

  if (post.intent === "delete") {
    return deleteWithImage(request, context, { post, record: RECORD, remove: deleteMinistry, back: TAB, deleted: MESSAGES.deleted, failed: MESSAGES.deleteFailed });
  }

  const submission = parseSubmission(post.formData, ministrySchema);
  if (submission.status !== "success") return refuseAdminForm(submission);
  return saveWithImage(request, context, {
    post,
    record: RECORD,
    submission,
    imageKind: "ministry",
    current: getMinistry,
    toInput: ({ slug_auto, ...value }, image_url): MinistryInput => ({ ...value, slug: formSlug({ ...value, slug_auto }), image_url }),
    create: createMinistry,
    update: updateMinistry,
    stale: MESSAGES.stale,
    back: TAB,
    messages: MESSAGES,
  });
}
