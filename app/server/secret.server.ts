// The secret that signs what the site hands out: admin sessions, device cookies and flash toasts.
import { env } from "cloudflare:workers";

const MIN_SECRET_LENGTH = 32;
let secretProblemLogged = false;

/**
 * The secret that signs sessions, device cookies and flash toasts, or null when it is missing or
 * shorter than 32 characters: then nothing signed is made or accepted (fails closed), and the
 * problem is logged once per isolate rather than on every request.
 */
export function usableSessionSecret(): string | null {
  const secret = env.SESSION_SECRET;
  if (secret && secret.length >= MIN_SECRET_LENGTH) return secret;
  if (!secretProblemLogged) {
    secretProblemLogged = true;
    console.error(
      `SESSION_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters, so nobody can sign in: run npm run dev once locally, or wrangler secret put SESSION_SECRET in production.`,
    );
  }
  return null;
}

/** The HS256 key of every token we sign: sessions and device cookies. Throws without a usable secret. */
export function signingKey(): Uint8Array {
  const secret = usableSessionSecret();
  if (!secret) throw new Error("SESSION_SECRET is missing or too short.");
  return new TextEncoder().encode(secret);
}
