// Signing in, recognising and signing out admins. Every admin page and API goes through
// authenticateAdmin (via the admin middleware and the Hono guard), which checks the token's
// signature and expiry, then that the admin still exists and has not signed out since.
import { LOGIN_MESSAGES } from "~/features/accounts/login-form";
import { SESSION_RENEW_AFTER_SECONDS } from "~/lib/constants";
import { homeOf, ROLE_LABELS } from "~/features/accounts/roles";
import {
  bumpSessionVersion,
  findAdminForLogin,
  getAdminIdentity,
  normaliseEmail,
  recordAdminLogin,
  type AdminIdentity,
} from "~/features/accounts/admins.server";
import { logActivity } from "./activity.server";
import { clientAddress } from "../../server/client-address.server";
import { deviceCookie } from "./device-cookie.server";
import { decoyPasswordHash, verifyPassword } from "./password.server";
import { usableSessionSecret } from "../../server/secret.server";
import { readSessionClaims, sessionCookie } from "./session.server";
import { countSignInAttempt, forgetSignInAttempt } from "./sign-in-attempts.server";

/** A sign-in: the cookies to set (session and device) and where the role starts, or the refusal's message and status. */
export type LoginResult = { ok: true; cookies: string[]; home: string } | { ok: false; error: string; status: 401 | 429 | 503 };

export async function signIn(request: Request, email: string, password: string): Promise<LoginResult> {
  // Before any password is checked: without a secret no sign-in can succeed, and answering
  // differently for the right password would tell a guesser when they had found it.
  if (!usableSessionSecret()) return { ok: false, error: LOGIN_MESSAGES.failed, status: 503 };
  const attempt = await countSignInAttempt(request, email);
  if (!attempt.admitted) return { ok: false, error: attempt.message, status: 429 };

  const admin = await findAdminForLogin(email);
  // Verify against a decoy when the e-mail is unknown, so timing does not reveal which admins exist.
  const valid = await verifyPassword(password, admin?.password_hash ?? (await decoyPasswordHash()));
  const address = clientAddress(request);
  if (!admin || !valid) {
    await logActivity([{ actor: normaliseEmail(email), kind: "sign-in-failed", action: "Failed sign-in", summary: admin ? "Wrong password" : "No such account", address }]);
    return { ok: false, error: LOGIN_MESSAGES.invalid, status: 401 };
  }

  await Promise.all([
    recordAdminLogin(admin.id),
    forgetSignInAttempt(attempt),
    logActivity([{ actor: admin.email, kind: "sign-in", action: "Signed in", summary: ROLE_LABELS[admin.role], address }]),
  ]);
  return {
    ok: true,
    cookies: [await sessionCookie(request, admin), await deviceCookie(request, admin.email)],
    home: homeOf(admin.role),
  };
}

export type AuthenticatedAdmin = {
  admin: AdminIdentity;
  /** A fresh session cookie when the token is due for renewal, to set on the response unless it sets its own. */
  renewedCookie: string | null;
};

export async function authenticateAdmin(request: Request): Promise<AuthenticatedAdmin | null> {
  const claims = await readSessionClaims(request);
  if (!claims) return null;
  const admin = await getAdminIdentity(claims.adminId);
  if (!admin || admin.session_version !== claims.sessionVersion) return null;
  const age = Date.now() / 1000 - claims.issuedAt;
  const renewedCookie = age > SESSION_RENEW_AFTER_SECONDS ? await sessionCookie(request, admin, claims.signedInAt) : null;
  return { admin, renewedCookie };
}

/**
 * A new session cookie for the admin that continues the request's session (e.g. after a password
 * change bumped the session version): it keeps the session's sign-in time, and so its 12-hour limit.
 */
export async function continuedSessionCookie(request: Request, admin: AdminIdentity): Promise<string> {
  return sessionCookie(request, admin, (await readSessionClaims(request))?.signedInAt);
}

/** Signs the admin out of every device (and says so in the activity log). */
export async function signOutEverywhere(admin: AdminIdentity, request: Request): Promise<void> {
  await bumpSessionVersion(admin.id);
  await logActivity([{ actor: admin.email, kind: "sign-out", action: "Signed out", address: clientAddress(request) }]);
}

/** Whether the request carries a signed, unexpired session (header chrome only; not an authorisation check). */
export async function hasSessionCookie(request: Request): Promise<boolean> {
  return (await readSessionClaims(request)) !== null;
}
