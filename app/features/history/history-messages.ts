// What the forms of records that keep their history say (issue 15): a save from a form opened
// before someone else's save is refused, naming who saved and when, and what the admin can do.
import { savedAtText } from "~/lib/time";

/** The intent of the 'Restore' button above a form filled with an earlier version. */
export const RESTORE_INTENT = "restore";

/** The saved toast's description after a restore. */
export const RESTORED = "The earlier version is back. The one it replaced is in History, so this can be undone too.";

/**
 * The refusal of a stale save of `what` ("this post"), whose form's button is `button`; records
 * without History (events, testimonies, leaders, associations) say theirs will be replaced instead.
 */
export function staleSaveMessage(what: string, button: string, { keptInHistory = true } = {}) {
  return (last: { updated_at: string; updated_by: string | null }) =>
    `${last.updated_by ?? "Someone"} saved ${what} at ${savedAtText(last.updated_at)}, after you opened it, so your changes were not saved. ` +
    `To keep yours, press ${button} again${keptInHistory ? ": their version stays in History" : " (theirs will be replaced)"}. To see theirs first, reload the page.`;
}

/** The submit button of a form showing an earlier version: Restore, like its banner's (not a second kind of save). */
export const RESTORE_SUBMIT = { submitLabel: "Restore", pendingLabel: "Restoring...", intent: RESTORE_INTENT } as const;
