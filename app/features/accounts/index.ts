// The accounts feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { ACCOUNT_MESSAGES, addAccountSchema, changePasswordSchema, manageAccountSchema, NEW_PASSWORD_HINT } from "./account-forms";
export { adminContext, sessionIdContext } from "./admin-context";
export { LOGIN_MESSAGES, loginMessage, loginSchema } from "./login-form";
export { adminAreaOf, type AdminRole, canUse, type Forbidden, homeOf, ROLE_LABELS } from "./roles";
export { confirmPasswordSchema, requireTwoStepSchema, secondStepSchema, turnOnTwoStepSchema, TWO_STEP_MESSAGES } from "./two-step-form";
export { UNSAVED_FORM_PATH } from "./unsaved-forms";
