// The history feature's public module on the server: keeping the version a save replaces (in the
// save's own batch, guarded by the version the form was opened at) and reading kept versions.
export { askedVersion, viewedVersion } from "./history-view.server";
export { atFormVersion, createOnce, deleteWithHistory, type GuardedSave, guardedSaveOf, guardedUpdate, lastSaveQuery, nextVersion, onceAtSlugSql, toggleActive, versionedUpdate, type HistoryEntry, historyQuery, type KeptVersion, keepVersionQuery, type LastSave, runGuardedSave, type SaveGuard, versionQuery } from "./history.server";
export { guardedUpdated, refuseStaleSave, saveGuard, saveKindOf, savedToast } from "./save-steps.server";
