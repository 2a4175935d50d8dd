// /admin/leadership/new and /admin/leadership/edit/:id on the server: the member the form starts
// from with the positions, and the save, delete and toggle its posts ask for.
import { LEADERSHIP_MESSAGES as MESSAGES, leadershipInvalidToast, leadershipSchema, type PositionOption, regionFor } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { createMember, deleteMember, getMember, type LeadershipMemberInput, memberFormData, positionsByRank, toggleMemberActive, updateMember } from "~/features/publishing/index.server";
import { deleteWithImage, loadForEdit, readAdminPost, refuseAdminForm, saveWithImage, toggleActive } from "~/server/admin-actions.server";
import { parseSubmission } from "~/server/forms.server";
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
  const edit = await loadForEdit(request, params.id, memberFormData, { path: "/admin", message: MESSAGES.loadFailed });
  if (edit) return { member: edit.member, positions: edit.positions?.map(toOption) ?? null };
  return { member: null, positions: await positionsOrNull() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;

  if (post.intent === "delete") {
    return deleteWithImage(request, context, { post, record: RECORD, remove: deleteMember, back: TAB, deleted: MESSAGES.deleted, failed: MESSAGES.deleteFailed });
  }
  if (post.intent === "toggle-active") {
    return toggleActive(request, context, { post, record: RECORD, toggle: toggleMemberActive, back: TAB, toggled: MESSAGES.toggled, failed: MESSAGES.toggleFailed });
  }

  // The region rule needs each position's type, and a posted position must exist: read them first.
  const positions = await positionsOrNull();
  const submission = parseSubmission(post.formData, leadershipSchema(positions));
  if (submission.status !== "success") return refuseAdminForm(submission, leadershipInvalidToast);
  return saveWithImage(request, context, {
    post,
    record: RECORD,
    submission,
    imageKind: "profile",
    current: getMember,
    toInput: (value, image_url): LeadershipMemberInput => ({
      ...value,
      // Without JavaScript the region field is always shown: drop it for a non-regional position.
      region: positions ? regionFor(positions.find((p) => p.id === value.position_id), value.region) : value.region,
      image_url,
    }),
    create: createMember,
    update: updateMember,
    back: TAB,
    messages: MESSAGES,
  });
}
