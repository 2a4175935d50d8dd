// The history feature's public module: the History list, the banner of an earlier version and the
// words of restoring one, for the forms of records that keep their history (posts, ministries, page copy).
// Server-only parts are in ./index.server.ts.
export { HistoryList, VersionBanner, VersionField } from "./history";
export { RESTORE_INTENT, RESTORE_SUBMIT, RESTORED, staleSaveMessage } from "./history-messages";
