// Admin sessions: a jose-signed HS256 JWT in an HttpOnly, SameSite=Lax cookie. The token carries
// the admin's session version; bumping it in D1 (sign out) invalidates every token issued before.
// It also carries the time of the sign-in that began the session (`auth_time`): renewals keep it,
// and no token outlives it by more than 12 hours.
import { jwtVerify, SignJWT } from "jose";
import { SESSION_ABSOLUTE_LIFETIME_SECONDS, SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from "~/lib/constants";
import { readCookie, serializeCookie } from "../../server/cookies.server";
import { signingKey } from "../../server/secret.server";

export type SessionClaims = {
  adminId: number;
  email: string;
  sessionVersion: number;
  /** When this token was issued (seconds). */
  issuedAt: number;
  /** When the admin signed in to begin this session (seconds). */
  signedInAt: number;
};

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The Set-Cookie header of a new session token for the admin: idle for at most 8 hours, and never
 * past 12 hours after `signedInAt` (now, for a new sign-in; the session's own for a renewal).
 */
export async function sessionCookie(
  request: Request,
  admin: { id: number; email: string; session_version: number },
  signedInAt = nowInSeconds(),
): Promise<string> {
  const now = nowInSeconds();
  const expiresAt = Math.min(now + SESSION_MAX_AGE_SECONDS, signedInAt + SESSION_ABSOLUTE_LIFETIME_SECONDS);
  const token = await new SignJWT({ email: admin.email, sv: admin.session_version, auth_time: signedInAt })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(admin.id))
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(signingKey());
  return serializeCookie(request, SESSION_COOKIE_NAME, token, { maxAge: Math.max(0, expiresAt - now) });
}

/** The claims of a valid, unexpired token signed with our key, or null. Does not consult D1. */
export async function readSessionClaims(request: Request): Promise<SessionClaims | null> {
  const token = readCookie(request, SESSION_COOKIE_NAME);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"] });
    const adminId = Number(payload.sub);
    if (!Number.isInteger(adminId) || typeof payload.email !== "string" || typeof payload.sv !== "number") {
      return null;
    }
    const issuedAt = payload.iat ?? 0;
    // Tokens issued before auth_time existed count from their own issue time.
    const signedInAt = typeof payload.auth_time === "number" ? payload.auth_time : issuedAt;
    if (nowInSeconds() >= signedInAt + SESSION_ABSOLUTE_LIFETIME_SECONDS) return null;
    return { adminId, email: payload.email, sessionVersion: payload.sv, issuedAt, signedInAt };
  } catch {
    return null;
  }
}

export function clearSessionCookie(request: Request): string {
  return serializeCookie(request, SESSION_COOKIE_NAME, "", { maxAge: 0 });
}

/** Whether a response already sets the session cookie (a renewal must never replace it). */
export function setsSessionCookie(headers: Headers): boolean {
  return headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));
}
