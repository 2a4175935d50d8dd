// Signing in, recognising and signing out admins. Every admin page and API goes through
// authenticateAdmin (via the admin middleware and the Hono guard), which checks the token's
// signature and expiry, then that its session is still open and the admin still exists and has
// not signed out everywhere since.
//
// Signing in is one step (the password) or two (then a code from the authenticator app, for an
// account that turned it on): a session begins only once every step is done.
import { LOGIN_MESSAGES } from "~/features/accounts/login-form";
import { SESSION_RENEW_AFTER_SECONDS } from "~/lib/constants";
import { ROLE_LABELS } from "~/features/accounts/roles";
import { findAdminForLogin, getAdminIdentity, normaliseEmail, recordAdminLogin, type AdminIdentity } from "~/features/accounts/admins.server";
import { logActivity } from "./activity.server";
import { clientAddress } from "../../server/abuse.server";
import { deviceCookie } from "./device-cookie.server";
import { decoyPasswordHash, verifyPassword } from "./password.server";
import { usableSessionSecret } from "../../server/secret.server";
import { readSessionClaims, sessionCookie } from "./session.server";
import { endAllSessions, sessionIdentity, startSession, touchSession, type SessionIdentity } from "./sessions.server";
import { countSignInAttempt, forgetSignInAttempt } from "./sign-in-attempts.server";
import { checkSecondStep, clearTwoStepCookie, pendingTwoStep, twoStepCookie } from "./two-step.server";
import { TWO_STEP_MESSAGES } from "./two-step-form";
import { startPageOf } from "./unsaved-forms.server";

/** Where the second step of signing in is asked. */
export const TWO_STEP_PATH = "/auth/two-step";

/**
 * A sign-in step: the cookies to set and where to go next (the role's start, or the second step),
 * or the refusal's message and status.
 */
export type LoginResult = { ok: true; cookies: string[]; next: string } | { ok: false; error: string; status: 401 | 429 | 503 };

export async function signIn(request: Request, email: string, password: string): Promise<LoginResult> {
  // Before any password is checked: without a secret no sign-in can succeed, and answering
  // differently for the right password would tell a guesser when they had found it.
  if (!usableSessionSecret()) return { ok: false, error: LOGIN_MESSAGES.failed, status: 503 };
  const attempt = await countSignInAttempt(request, email);
  if (!attempt.admitted) return { ok: false, error: attempt.message, status: 429 };

  const admin = await findAdminForLogin(email);
  // Verify against a decoy when the e-mail is unknown, so timing does not reveal which admins exist.
  const valid = await verifyPassword(password, admin?.password_hash ?? (await decoyPasswordHash()));
  if (!admin || !valid) {
    await logActivity([{ actor: normaliseEmail(email), kind: "sign-in-failed", action: "Failed sign-in", summary: admin ? "Wrong password" : "No such account", address: clientAddress(request) }]);
    return { ok: false, error: LOGIN_MESSAGES.invalid, status: 401 };
  }
  await forgetSignInAttempt(attempt);
  if (admin.two_step) return { ok: true, cookies: [await twoStepCookie(request, admin)], next: TWO_STEP_PATH };
  return beginSession(request, admin);
}

/** The second step: a code for the account the two-step cookie names. */
export async function signInSecondStep(request: Request, code: string): Promise<LoginResult> {
  const pending = await pendingTwoStep(request);
  const admin = pending ? await getAdminIdentity(pending.adminId) : undefined;
  if (!pending || !admin || admin.session_version !== pending.sessionVersion) return { ok: false, error: TWO_STEP_MESSAGES.expired, status: 401 };
  const check = await checkSecondStep(admin.id, code);
  if (check === "too-many") return { ok: false, error: TWO_STEP_MESSAGES.tooMany, status: 429 };
  if (check === "wrong") {
    await logActivity([{ actor: admin.email, kind: "sign-in-failed", action: "Failed sign-in", summary: "Wrong two-step code", address: clientAddress(request) }]);
    return { ok: false, error: TWO_STEP_MESSAGES.wrongCode, status: 401 };
  }
  const result = await beginSession(request, admin);
  if (result.ok) result.cookies.push(clearTwoStepCookie(request));
  return result;
}

/** Whether the request is between the two steps of a sign-in. */
export async function awaitingSecondStep(request: Request): Promise<boolean> {
  return (await pendingTwoStep(request)) !== null;
}

async function beginSession(request: Request, admin: AdminIdentity): Promise<LoginResult> {
  const [sessionId] = await Promise.all([
    startSession(request, admin.id),
    recordAdminLogin(admin.id),
    logActivity([{ actor: admin.email, kind: "sign-in", action: "Signed in", summary: ROLE_LABELS[admin.role], address: clientAddress(request) }]),
  ]);
  return { ok: true, cookies: [await sessionCookie(request, admin, sessionId), await deviceCookie(request, admin.email)], next: await startPageOf(request, admin) };
}

export type AuthenticatedAdmin = {
  admin: SessionIdentity;
  /** The session's row (the sessions list marks it "This device"). */
  sessionId: string;
  /** A fresh session cookie when the token is due for renewal, to set on the response unless it sets its own. */
  renewedCookie: string | null;
};

export async function authenticateAdmin(request: Request): Promise<AuthenticatedAdmin | null> {
  const claims = await readSessionClaims(request);
  if (!claims) return null;
  const admin = await sessionIdentity(claims.adminId, claims.sessionId);
  if (!admin || admin.session_version !== claims.sessionVersion) return null;
  const age = Date.now() / 1000 - claims.issuedAt;
  if (age <= SESSION_RENEW_AFTER_SECONDS) return { admin, sessionId: claims.sessionId, renewedCookie: null };
  const [renewedCookie] = await Promise.all([sessionCookie(request, admin, claims.sessionId, claims.signedInAt), touchSession(claims.sessionId)]);
  return { admin, sessionId: claims.sessionId, renewedCookie };
}

/**
 * A new session cookie for the admin that continues the request's session (e.g. after a password
 * change bumped the session version): the same session row and sign-in time, so its 12-hour limit.
 */
export async function continuedSessionCookie(request: Request, admin: AdminIdentity): Promise<string> {
  const claims = await readSessionClaims(request);
  if (!claims) throw new Error("No session to continue.");
  return sessionCookie(request, admin, claims.sessionId, claims.signedInAt);
}

/** Signs the admin out of every device (and says so in the activity log). */
export async function signOutEverywhere(admin: AdminIdentity, request: Request): Promise<void> {
  await endAllSessions(admin.id);
  await logActivity([{ actor: admin.email, kind: "sign-out", action: "Signed out", address: clientAddress(request) }]);
}

/** Whether the request carries a signed, unexpired session (header chrome only; not an authorisation check). */
export async function hasSessionCookie(request: Request): Promise<boolean> {
  return (await readSessionClaims(request)) !== null;
}
