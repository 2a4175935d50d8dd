// /admin/associations/new and /admin/associations/edit/:id on the server: the record the form starts
// from (with the regions to suggest), and the save, delete and toggle its posts ask for.
import { ASSOCIATION_MESSAGES as MESSAGES, ASSOCIATION_REGIONS } from "~/features/associations";
import {
  AlreadyInDirectory,
  type AssociationInput,
  associationServerSchema,
  createAssociation,
  deleteAssociation,
  getAssociation,
  regionsInUse,
  toggleAssociationActive,
  updateAssociation,
} from "~/features/associations/index.server";
import { noteSaved } from "~/features/accounts/index.server";
import { adminContext } from "~/features/accounts";
import { guardedUpdated, saveGuard } from "~/features/history/index.server";
import { adminTabHref } from "~/lib/admin-tabs";
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
import { parseSubmission } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { answerDeletedMeanwhile, answerUnsaved, deleteRecord, toggleRecord } from "../record-actions.server";
import type { Route } from "./+types/association-form";

const TAB = adminTabHref("associations");
/** What the activity log calls a record of this form. */
const RECORD = "association";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = recordIdOf(params.id);
  const association = id === null ? null : await recordToEdit(request, id !== undefined && getAssociation(id), { path: TAB, message: MESSAGES.loadFailed });
  const used = await regionsInUse().catch(() => []);
  const regions = [...new Set<string>([...ASSOCIATION_REGIONS, ...used])];
  return { association, regions };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;
  const { id, formData } = post;

  const form = { request, context, tab: TAB, record: RECORD, id };
  if (post.intent === "delete") return (await deleteRecord(form, MESSAGES, deleteAssociation)).answer;
  if (post.intent === "toggle-active") return toggleRecord(form, MESSAGES, toggleAssociationActive);

  const submission = parseSubmission(formData, associationServerSchema);
  if (submission.status !== "success") return refuseAdminForm(submission);

  const kind = id === null ? "create" : "update";
  const failed = saveFailedMessage(kind, MESSAGES);
  const previous = id === null ? null : await getAssociation(id);
  if (previous === undefined) return answerDeletedMeanwhile(form, formData, failed);
  const guard = saveGuard(post, context.get(adminContext).email);
  if (!guard) return refuseAdminForm(submission, invalidFormToast, { formError: UNREADABLE_FORM });
  const input: AssociationInput = submission.value;
  // One association once in the directory (its name in its district), as the CSV import checks it.
  const duplicate = () => refuseAdminForm(submission, undefined, { fieldErrors: { name: [MESSAGES.duplicate(input.name, input.district)] } }, 409);
  const saved = id === null ? await created(createAssociation(input, guard.by)) : await guardedUpdated(id, updateAssociation(id, input, guard));
  if (saved.status === "failed" && saved.error instanceof AlreadyInDirectory) return duplicate();
  if (saved.status !== "saved") return answerUnsaved(form, saved, { submission, formData, failed, stale: MESSAGES.stale, compare: { theirs: previous, yours: input } });

  noteSaved(context, kind, RECORD, saved.id, previous, input);
  return redirectWithToast(request, TAB, kind === "create" ? MESSAGES.created : MESSAGES.updated);
}
