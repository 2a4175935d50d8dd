// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a successful
// sign-in leaves a signed cookie on the device that names the admin's e-mail. Later sign-in
// attempts for that e-mail from that device are counted on their own, so strangers guessing the
// password elsewhere cannot lock the admin out of a device they have used before. The cookie grants
// nothing by itself: the password is still checked, and it survives sign-out on purpose.
import { jwtVerify, SignJWT } from "jose";
import { isHttps, readCookie, serializeCookie } from "../../server/cookies.server";
import { signingKey } from "../../server/secret.server";

const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Keeps device tokens and session tokens apart: one is never accepted as the other. */
const DEVICE_AUDIENCE = "device";

/** `__Host-` pins the cookie to this host over https; plain-http local runs cannot use the prefix. */
export function deviceCookieName(request: Request): string {
  return isHttps(request) ? "__Host-device" : "device";
}

/** A new device cookie for `email`, with its own random id (the key of its own failure count). */
export async function deviceCookie(request: Request, email: string): Promise<string> {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(DEVICE_AUDIENCE)
    .setSubject(email.toLowerCase())
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_COOKIE_MAX_AGE_SECONDS}s`)
    .sign(signingKey());
  return serializeCookie(request, deviceCookieName(request), token, { maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS, sameSite: "Strict" });
}

/** The id of the request's device cookie when it is ours, unexpired and was issued to `email`; else null. */
export async function trustedDeviceId(request: Request, email: string): Promise<string | null> {
  const token = readCookie(request, deviceCookieName(request));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      algorithms: ["HS256"],
      audience: DEVICE_AUDIENCE,
      subject: email.toLowerCase(),
    });
    return typeof payload.jti === "string" && payload.jti ? payload.jti : null;
  } catch {
    return null;
  }
}

/**
 * The e-mail the request's device cookie names when it is ours and unexpired (the last account
 * signed in on this device), else null. It proves only that this device was used by that account.
 */
export async function deviceOwner(request: Request): Promise<string | null> {
  const token = readCookie(request, deviceCookieName(request));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], audience: DEVICE_AUDIENCE });
    return typeof payload.sub === "string" && payload.sub ? payload.sub : null;
  } catch {
    return null;
  }
}
