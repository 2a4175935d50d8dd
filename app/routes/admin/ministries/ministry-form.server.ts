// /admin/ministries/new and /admin/ministries/edit/:id on the server: the record the form starts
// from with its History (and the version ?version= asks to view), and the save, restore and delete
// its posts ask for.
import { formSlug, MINISTRY_MESSAGES as MESSAGES, ministrySchema } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { createMinistry, deleteMinistry, getMinistry, ministryFormData, type MinistryInput, updateMinistry } from "~/features/publishing/index.server";
import { askedVersion, guardedUpdated, saveGuard, saveKindOf, savedToast, viewedVersion } from "~/features/history/index.server";
import { adminContext } from "~/features/accounts";
import { noteSaved } from "~/features/accounts/index.server";
import { decideImage, releaseImages, releaseReplacedImages, uploadErrorToast, withStoredImageOnly } from "~/features/images/index.server";
import {
  created,
  invalidFormToast,
  readAdminPost,
  recordIdOf,
  recordToEdit,
  refuseAdminForm,
  saveFailedMessage,
  UNREADABLE_FORM,
} from "~/server/admin-actions.server";
import { redirectWithToast } from "~/server/toast.server";
import { parseSubmission } from "~/server/forms.server";
import { answerDeletedMeanwhile, answerUnsaved, deleteRecord } from "../record-actions.server";
import type { Route } from "./+types/ministry-form";

const TAB = adminTabHref("ministries");
/** What the activity log calls a record of this form. */
const RECORD = "ministry";

export async function loader({ request, params }: Route.LoaderArgs) {
  const asked = askedVersion(request);
  const id = recordIdOf(params.id);
  const edit =
    id === null
      ? null
      : await recordToEdit(request, id !== undefined && ministryFormData(id, asked), { path: TAB, message: asked === null ? MESSAGES.loadFailed : MESSAGES.versionOfDeleted });
  return {
    ministry: edit?.ministry ?? null,
    history: edit?.history ?? [],
    viewing: edit ? await viewedVersion(request, asked, edit.version, `/admin/ministries/edit/${edit.ministry.id}`) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;
  const { id, formData } = post;

  const form = { request, context, tab: TAB, record: RECORD, id };
  if (post.intent === "delete") {
    const { answer, removed } = await deleteRecord(form, MESSAGES, deleteMinistry);
    if (removed) releaseImages(context, [removed.image_url, ...removed.released]);
    return answer;
  }

  const submission = withStoredImageOnly(parseSubmission(formData, ministrySchema));
  if (submission.status !== "success") return refuseAdminForm(submission);

  const kind = saveKindOf(post);
  const failed = saveFailedMessage(kind, MESSAGES);
  const previous = id === null ? null : await getMinistry(id);
  if (previous === undefined) return answerDeletedMeanwhile(form, formData, failed);
  const guard = saveGuard(post, context.get(adminContext).email);
  if (!guard) return refuseAdminForm(submission, invalidFormToast, { formError: UNREADABLE_FORM });
  const image = await decideImage(formData, "ministry", previous?.image_url ?? null);
  const { slug_auto, ...value } = submission.value;
  const input: MinistryInput = { ...value, slug: formSlug({ ...value, slug_auto }), image_url: image.url };
  const saved = id === null ? await created(createMinistry(input, guard.by)) : await guardedUpdated(id, updateMinistry(id, input, guard));
  if (saved.status !== "saved") return answerUnsaved(form, saved, { submission, formData, failed, stale: MESSAGES.stale, image, duplicate: MESSAGES.duplicate, compare: { theirs: previous, yours: input } });

  noteSaved(context, kind, RECORD, saved.id, previous, input);
  releaseReplacedImages(context, image, saved.released);
  return redirectWithToast(request, TAB, uploadErrorToast(image, MESSAGES.uploadFailed) ?? savedToast(kind, MESSAGES));
}
