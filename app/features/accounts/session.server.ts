// Admin sessions: a jose-signed HS256 JWT in an HttpOnly, SameSite=Lax cookie named `__Host-session`
// over https. The token names its row in admin_sessions (`sid`): ending the row (sign out of one
// session) refuses the token. It also carries the admin's session version; bumping it in D1 (sign
// out everywhere) invalidates every token issued before. And it carries the time of the sign-in
// that began the session (`auth_time`): renewals keep it, and no token outlives it by 12 hours.
import { jwtVerify, SignJWT } from "jose";
import { LOCAL_SESSION_COOKIE_NAME, SESSION_ABSOLUTE_LIFETIME_SECONDS, SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from "~/lib/constants";
import { isHttps, readCookie, serializeCookie } from "../../server/cookies.server";
import { signingKey } from "../../server/secret.server";

export type SessionClaims = {
  adminId: number;
  email: string;
  sessionVersion: number;
  /** The session's row in admin_sessions. */
  sessionId: string;
  /** When this token was issued (seconds). */
  issuedAt: number;
  /** When the admin signed in to begin this session (seconds). */
  signedInAt: number;
};

const nowInSeconds = () => Math.floor(Date.now() / 1000);

export function sessionCookieName(request: Request): string {
  return isHttps(request) ? SESSION_COOKIE_NAME : LOCAL_SESSION_COOKIE_NAME;
}

/**
 * The Set-Cookie header of a new session token for the admin's session `sessionId`: idle for at
 * most 8 hours, and never past 12 hours after `signedInAt` (now, for a new sign-in; the session's
 * own for a renewal).
 */
export async function sessionCookie(
  request: Request,
  admin: { id: number; email: string; session_version: number },
  sessionId: string,
  signedInAt = nowInSeconds(),
): Promise<string> {
  const now = nowInSeconds();
  const expiresAt = Math.min(now + SESSION_MAX_AGE_SECONDS, signedInAt + SESSION_ABSOLUTE_LIFETIME_SECONDS);
  const token = await new SignJWT({ email: admin.email, sv: admin.session_version, sid: sessionId, auth_time: signedInAt })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(admin.id))
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(signingKey());
  return serializeCookie(request, sessionCookieName(request), token, { maxAge: Math.max(0, expiresAt - now) });
}

/** The claims of a valid, unexpired session token signed with our key, or null. Does not consult D1. */
export async function readSessionClaims(request: Request): Promise<SessionClaims | null> {
  const token = readCookie(request, sessionCookieName(request));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"] });
    const adminId = Number(payload.sub);
    if (!Number.isInteger(adminId) || typeof payload.email !== "string" || typeof payload.sv !== "number" || typeof payload.sid !== "string") {
      return null;
    }
    // Other tokens we sign (device cookies, the two-step step) have an audience; a session's has none.
    if (payload.aud !== undefined) return null;
    const issuedAt = payload.iat ?? 0;
    const signedInAt = typeof payload.auth_time === "number" ? payload.auth_time : issuedAt;
    if (nowInSeconds() >= signedInAt + SESSION_ABSOLUTE_LIFETIME_SECONDS) return null;
    return { adminId, email: payload.email, sessionVersion: payload.sv, sessionId: payload.sid, issuedAt, signedInAt };
  } catch {
    return null;
  }
}

export function clearSessionCookie(request: Request): string {
  return serializeCookie(request, sessionCookieName(request), "", { maxAge: 0 });
}

/** Whether a response already sets the session cookie (a renewal must never replace it). */
export function setsSessionCookie(request: Request, headers: Headers): boolean {
  const name = sessionCookieName(request);
  return headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`));
}
