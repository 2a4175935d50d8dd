// Admin sessions: a jose-signed HS256 JWT in an HttpOnly, SameSite=Lax cookie. The token carries
// the admin's session version; bumping it in D1 (sign out) invalidates every token issued before.
import { env } from "cloudflare:workers";
import { jwtVerify, SignJWT } from "jose";
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from "~/lib/constants";
import { readCookie, serializeCookie } from "./cookies.server";

export type SessionClaims = { adminId: number; email: string; sessionVersion: number; issuedAt: number };

const MIN_SECRET_LENGTH = 32;

/** The secret that signs sessions and flash toasts; a missing or short one fails closed. */
export function sessionSecret(): string {
  const secret = env.SESSION_SECRET;
  if (!secret || secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `SESSION_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters: run npm run dev once locally, or wrangler secret put SESSION_SECRET in production.`,
    );
  }
  return secret;
}

/** The HS256 key of every token we sign: sessions and device cookies. */
export function signingKey(): Uint8Array {
  return new TextEncoder().encode(sessionSecret());
}

export async function createSessionToken(admin: { id: number; email: string; session_version: number }) {
  return new SignJWT({ email: admin.email, sv: admin.session_version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(admin.id))
    .setIssuedAt()
    .setExpirationTime(`${SESSION_MAX_AGE_SECONDS}s`)
    .sign(signingKey());
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
    return { adminId, email: payload.email, sessionVersion: payload.sv, issuedAt: payload.iat ?? 0 };
  } catch {
    return null;
  }
}

export function sessionCookie(request: Request, token: string): string {
  return serializeCookie(request, SESSION_COOKIE_NAME, token, { maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(request: Request): string {
  return serializeCookie(request, SESSION_COOKIE_NAME, "", { maxAge: 0 });
}
