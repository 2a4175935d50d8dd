// /admin/leadership/new and /admin/leadership/edit/:id on the server: the member the form starts
// from with the positions, and the save, delete and toggle its posts ask for.
import { refuseUncallablePhones } from "~/server/phone.server";
import { LEADERSHIP_MESSAGES as MESSAGES, leadershipInvalidToast, leadershipSchema, type PositionOption, regionFor } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { createMember, deleteMember, getMember, type LeadershipMemberInput, memberFormData, positionsByRank, toggleMemberActive, updateMember } from "~/features/publishing/index.server";
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
import type { Route } from "./+types/leadership-form";

const TAB = adminTabHref("leadership");
/** What the activity log calls a record of this form. */
const RECORD = "leadership member";

const toOption = ({ id, name, type }: PositionOption): PositionOption => ({ id, name, type });

/** The positions by rank, or null when they cannot be read (the form says so). */
async function positionsOrNull(): Promise<PositionOption[] | null> {
  try {
    return (await positionsByRank()).map(toOption);
  } catch (cause) {
    console.error("positions load failed", cause);
    return null;
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = recordIdOf(params.id);
  const edit = id === null ? null : await recordToEdit(request, id !== undefined && memberFormData(id), { path: TAB, message: MESSAGES.loadFailed });
  if (edit) return { member: edit.member, positions: edit.positions?.map(toOption) ?? null };
  return { member: null, positions: await positionsOrNull() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;
  const { id, formData } = post;

  const form = { request, context, tab: TAB, record: RECORD, id };
  if (post.intent === "delete") {
    const { answer, removed } = await deleteRecord(form, MESSAGES, deleteMember);
    if (removed) releaseImages(context, [removed.image_url]);
    return answer;
  }
  if (post.intent === "toggle-active") return toggleRecord(form, MESSAGES, toggleMemberActive);

  // The region rule needs each position's type, and a posted position must exist: read them first.
  const positions = await positionsOrNull();
  const submission = withStoredImageOnly(parseSubmission(formData, leadershipSchema(positions).superRefine(refuseUncallablePhones("phone"))));
  if (submission.status !== "success") return refuseAdminForm(submission, leadershipInvalidToast);

  const kind = saveKindOf(post);
  const failed = saveFailedMessage(kind, MESSAGES);
  const previous = id === null ? null : await getMember(id);
  if (previous === undefined) return answerDeletedMeanwhile(form, formData, failed);
  const guard = saveGuard(post, context.get(adminContext).email);
  if (!guard) return refuseAdminForm(submission, invalidFormToast, { formError: UNREADABLE_FORM });
  const image = await decideImage(formData, "profile", previous?.image_url ?? null);
  const { value } = submission;
  const input: LeadershipMemberInput = {
    ...value,
    // Without JavaScript the region field is always shown: drop it for a non-regional position.
    region: positions ? regionFor(positions.find((p) => p.id === value.position_id), value.region) : value.region,
    image_url: image.url,
  };
  const saved = id === null ? await created(createMember(input, guard.by)) : await guardedUpdated(id, updateMember(id, input, guard));
  if (saved.status !== "saved") return answerUnsaved(form, saved, { submission, formData, failed, stale: MESSAGES.stale, image, compare: { theirs: previous, yours: input } });

  noteSaved(context, kind, RECORD, saved.id, previous, input);
  releaseReplacedImages(context, image, saved.released);
  return redirectWithToast(request, TAB, uploadErrorToast(image) ?? savedToast(kind, MESSAGES));
}
