// /admin/associations/new and /admin/associations/edit/:id on the server: the record the form starts
// from (with the regions to suggest), and the save, delete and toggle its posts ask for.
import { ASSOCIATION_MESSAGES as MESSAGES, ASSOCIATION_REGIONS } from "~/features/associations";
import {
  type AssociationInput,
  associationServerSchema,
  createAssociation,
  deleteAssociation,
  getAssociation,
  regionsInUse,
  toggleAssociationActive,
  updateAssociation,
} from "~/features/associations/index.server";
import { noteActivity, noteSaved, recordName } from "~/features/accounts/index.server";
import { adminTabHref } from "~/lib/admin-tabs";
import {
  created,
  deletedToast,
  errorToast,
  FAILED,
  goneToast,
  readAdminPost,
  recordIdOf,
  recordToEdit,
  refuseAdminForm,
  refuseFailedSave,
  saveFailedMessage,
  tried,
  UNKNOWN_ACTION,
  updated,
} from "~/server/admin-actions.server";
import { parseSubmission } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/association-form";

const TAB = adminTabHref("associations");
/** What the activity log calls a record of this form. */
const RECORD = "association";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = recordIdOf(params.id);
  const association = id === null ? null : await recordToEdit(request, id !== undefined && getAssociation(id), { path: "/admin/associations", message: MESSAGES.loadFailed });
  const used = await regionsInUse().catch(() => []);
  const regions = [...new Set<string>([...ASSOCIATION_REGIONS, ...used])];
  return { association, regions };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;
  const { id, formData } = post;

  if (post.intent === "delete") {
    if (id === null) return redirectWithToast(request, TAB, UNKNOWN_ACTION);
    const removed = await tried("delete", deleteAssociation(id));
    if (removed && removed !== FAILED) noteActivity(context, { action: "Deleted", target: recordName(RECORD, id) });
    return redirectWithToast(request, TAB, deletedToast(removed, MESSAGES));
  }
  if (post.intent === "toggle-active") {
    if (id === null) return redirectWithToast(request, TAB, UNKNOWN_ACTION);
    const active = await tried("toggle", toggleAssociationActive(id));
    if (active === undefined || active === FAILED) return redirectWithToast(request, TAB, errorToast(MESSAGES.toggleFailed));
    noteActivity(context, { action: active ? "Activated" : "Deactivated", target: recordName(RECORD, id) });
    return redirectWithToast(request, TAB, MESSAGES.toggled(active));
  }

  const submission = parseSubmission(formData, associationServerSchema);
  if (submission.status !== "success") return refuseAdminForm(submission);

  const kind = id === null ? "create" : "update";
  const failed = saveFailedMessage(kind, MESSAGES);
  const previous = id === null ? null : await getAssociation(id);
  if (previous === undefined) return redirectWithToast(request, TAB, goneToast(failed));
  const input: AssociationInput = submission.value;
  const saved = id === null ? await created(createAssociation(input)) : await updated(id, updateAssociation(id, input));
  if (saved.status === "gone") return redirectWithToast(request, TAB, goneToast(failed));
  if (saved.status === "failed") return refuseFailedSave(submission, saved.error, failed);

  noteSaved(context, kind, RECORD, saved.id, previous, input);
  return redirectWithToast(request, TAB, kind === "create" ? MESSAGES.created : MESSAGES.updated);
}
