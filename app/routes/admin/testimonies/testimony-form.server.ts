// /admin/testimonies/new and /admin/testimonies/edit/:id on the server: the record the form starts
// from, and the save, delete and toggle its posts ask for.
import { TESTIMONY_MESSAGES as MESSAGES, testimonySchema } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { createTestimony, deleteTestimony, getTestimony, type TestimonyInput, toggleTestimonyActive, updateTestimony } from "~/features/publishing/index.server";
import { guardedUpdated, saveGuard, saveKindOf, savedToast } from "~/features/history/index.server";
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
import { answerDeletedMeanwhile, answerUnsaved, deleteRecord, toggleRecord } from "../record-actions.server";
import type { Route } from "./+types/testimony-form";

const TAB = adminTabHref("testimonies");
/** What the activity log calls a record of this form. */
const RECORD = "testimony";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = recordIdOf(params.id);
  const testimony = id === null ? null : await recordToEdit(request, id !== undefined && getTestimony(id), { path: TAB, message: MESSAGES.loadFailed });
  return { testimony };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;
  const { id, formData } = post;

  const form = { request, context, tab: TAB, record: RECORD, id };
  if (post.intent === "delete") {
    const { answer, removed } = await deleteRecord(form, MESSAGES, deleteTestimony);
    if (removed) releaseImages(context, [removed.image_url]);
    return answer;
  }
  if (post.intent === "toggle-active") return toggleRecord(form, MESSAGES, toggleTestimonyActive);

  const submission = withStoredImageOnly(parseSubmission(formData, testimonySchema));
  if (submission.status !== "success") return refuseAdminForm(submission);

  const kind = saveKindOf(post);
  const failed = saveFailedMessage(kind, MESSAGES);
  const previous = id === null ? null : await getTestimony(id);
  if (previous === undefined) return answerDeletedMeanwhile(form, formData, failed);
  const guard = saveGuard(post, context.get(adminContext).email);
  if (!guard) return refuseAdminForm(submission, invalidFormToast, { formError: UNREADABLE_FORM });
  const image = await decideImage(formData, "testimony", previous?.image_url ?? null);
  const input: TestimonyInput = { ...submission.value, image_url: image.url };
  const saved = id === null ? await created(createTestimony(input, guard.by)) : await guardedUpdated(id, updateTestimony(id, input, guard));
  if (saved.status !== "saved") return answerUnsaved(form, saved, { submission, formData, failed, stale: MESSAGES.stale, image, compare: { theirs: previous, yours: input } });

  noteSaved(context, kind, RECORD, saved.id, previous, input);
  releaseReplacedImages(context, image, saved.released);
  return redirectWithToast(request, TAB, uploadErrorToast(image) ?? savedToast(kind, MESSAGES));
}
