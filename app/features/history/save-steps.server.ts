// The steps of an admin save that know about History (issue 15; posts, ministries and page copy), each a plain function an action
// calls in order: what kind of save a post is (a restore of an earlier version saves like an
// update), the form's version guard, a guarded update's outcome, the refusal of a stale save, and
// the saved toast.
import type { Submission } from "@conform-to/react";
import type { Toast } from "~/lib/toast";
import { invalidFormToast, refuseAdminForm, type AdminPost, type SaveKind, type SaveOutcome } from "~/server/admin-actions.server";
import { RESTORE_INTENT, RESTORED } from "./history-messages";
import type { GuardedSave, LastSave, SaveGuard } from "./history.server";

/** A post's save: a create (no record yet), a restore (the History's Restore button), or an update. */
export function saveKindOf(post: AdminPost): SaveKind {
  if (post.id === null) return "create";
  return post.intent === RESTORE_INTENT ? "restore" : "update";
}

/**
 * The version guard of a save by `by`: the version the form was opened at (its hidden `version`
 * field; 0 for a new record), or null when an edit form carries none.
 */
export function saveGuard(post: AdminPost, by: string): SaveGuard | null {
  const value = post.formData.get("version");
  const version = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
  if (version === null && post.id !== null) return null;
  return { version: version ?? 0, by };
}

/** A guarded update's outcome: saved, stale (someone saved since the form was opened), or gone. */
export async function guardedUpdated(id: number, write: Promise<GuardedSave>): Promise<SaveOutcome<LastSave>> {
  try {
    const saved = await write;
    if (saved.saved) return { status: "saved", id, released: saved.released };
    return saved.last ? { status: "stale", last: saved.last } : { status: "gone" };
  } catch (error) {
    return { status: "failed", error };
  }
}

/**
 * A save from a form opened before someone else's save: refused (409) with `message`, naming who
 * saved and when, keeping what was typed. The form now carries the current version, so saving
 * again is a deliberate choice to replace theirs (which stays in History).
 */
export function refuseStaleSave(submission: Submission<unknown>, last: LastSave, message: string) {
  submission.payload.version = String(last.version);
  return refuseAdminForm(submission, invalidFormToast, { formError: message }, 409);
}

/** The toast of a save that went through: created or updated, saying what a restore did, or what the form adds (`description`). */
export function savedToast(kind: SaveKind, messages: { created: Toast; updated: Toast }, description?: string): Toast {
  const saved = kind === "create" ? messages.created : messages.updated;
  const said = kind === "restore" ? RESTORED : description;
  return said ? { ...saved, description: said } : saved;
}
