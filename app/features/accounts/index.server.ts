// The accounts feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { ACCOUNT_OUTBOX_KINDS, announceAccountChange, announceOwnPasswordChange, renderAccountOutbox } from "./account-changes.server";
export { ACTIVITY_KINDS, type ActivityKind, activityPage, deleteOldActivity, recentAccountChangesQuery } from "./activity-log.server";
export { changedFields, logActivity, logActivityOnce, logRefusal, nameOf, noteActivity, noteSaved, recordName, replacedFieldsText, sameFields } from "./activity.server";
export { publicPagesUnchanged, requireAdmin } from "./admin-guard.server";
export { addAdmin, type AdminIdentity, administratorEmailsSql, changePassword, getPasswordHash, listAdmins, removeAdmin, setRole } from "./admins.server";
export { authenticateAdmin, awaitingSecondStep, continuedSessionCookie, hasSessionCookie, signIn, signInSecondStep, signOutEverywhere } from "./auth.server";
export { checkNewPassword } from "./password-policy.server";
export { checkOwnPassword } from "./own-password.server";
export { hashPassword, verifyPassword } from "./password.server";
export { clearSessionCookie, setsSessionCookie } from "./session.server";
export { deleteOldSessions, describeDevice, endAllSessions, endOtherSessions, endSession, openSessions } from "./sessions.server";
export { newTwoStepSetup, reopenTwoStepSetup, replaceRecoveryCodes, setTwoStepRequired, turnOffTwoStep, turnOnTwoStep, twoStepState, type TwoStepSetup } from "./two-step.server";
export { deleteOldUnsavedForms, forgetUnsavedForm, hasUnsavedForm, keepUnsavedForm, startPageOf, unsavedFormOf, unsavedFormWaits, type UnsavedForm } from "./unsaved-forms.server";
