// Two-step sign-in: after the right password, an account with an authenticator app gives a code
// (or one of its recovery codes) before a session begins. Between the two steps the browser holds
// a short-lived signed "two-step" cookie naming the account, never a session.
//
// Every code is counted before it is checked (10 per account in 15 minutes, like passwords); an
// accepted authenticator code moves the account's last used step forward in one guarded statement,
// so the same code can never be used twice, even by two requests at once; a recovery code is
// deleted as it is used, in one statement too.
import { and, eq, lt, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { encode } from "uqr";
import { admin_recovery_codes, admin_users, site_meta } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { isHttps, readCookie, serializeCookie } from "../../server/cookies.server";
import { clearRateLimit, consumeRateLimit, RATE_LIMITS } from "../../server/abuse.server";
import { signingKey } from "../../server/secret.server";
import { openSecret, sealSecret } from "./secret-box.server";
import type { AdminIdentity } from "./admins.server";
import { endSessionsStatements, REQUIRE_TWO_STEP_KEY } from "./sessions.server";
import { matchingTotpStep, newTotpSecret, otpauthUri, toBase32 } from "./totp.server";

const TWO_STEP_AUDIENCE = "two-step";
const TWO_STEP_COOKIE_SECONDS = 5 * 60;
const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the code. */
const ISSUER = "Baptist Men Malawi";

function twoStepCookieName(request: Request): string {
  return isHttps(request) ? "__Host-two-step" : "two-step";
}

/** The cookie that carries a sign-in between the password and the code (5 minutes). */
export async function twoStepCookie(request: Request, admin: { id: number; session_version: number }): Promise<string> {
  const token = await new SignJWT({ sv: admin.session_version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(TWO_STEP_AUDIENCE)
    .setSubject(String(admin.id))
    .setIssuedAt()
    .setExpirationTime(`${TWO_STEP_COOKIE_SECONDS}s`)
    .sign(signingKey());
  return serializeCookie(request, twoStepCookieName(request), token, { maxAge: TWO_STEP_COOKIE_SECONDS, sameSite: "Strict" });
}

export function clearTwoStepCookie(request: Request): string {
  return serializeCookie(request, twoStepCookieName(request), "", { maxAge: 0, sameSite: "Strict" });
}

/** The account waiting for its second step, when the request carries a valid two-step cookie. */
export async function pendingTwoStep(request: Request): Promise<{ adminId: number; sessionVersion: number } | null> {
  const token = readCookie(request, twoStepCookieName(request));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], audience: TWO_STEP_AUDIENCE });
    const adminId = Number(payload.sub);
    if (!Number.isInteger(adminId) || typeof payload.sv !== "number") return null;
    return { adminId, sessionVersion: payload.sv };
  } catch {
    return null;
  }
}

export type CodeCheck = "right" | "wrong" | "too-many";

/**
 * Checks a second-step code of the account: an authenticator code (6 digits) or a recovery code.
 * Counted first; a right one starts the count afresh.
 */
export async function checkSecondStep(adminId: number, code: string, now = Date.now()): Promise<CodeCheck> {
  const subject = String(adminId);
  if (!(await consumeRateLimit(RATE_LIMITS.twoStepPerAccount, subject, now))) return "too-many";
  const accepted = /^\d{6}$/.test(code.replace(/\s/g, "")) ? await acceptAuthenticatorCode(adminId, code.replace(/\s/g, ""), now) : await spendRecoveryCode(adminId, code);
  if (!accepted) return "wrong";
  await clearRateLimit(RATE_LIMITS.twoStepPerAccount, subject);
  return "right";
}

async function acceptAuthenticatorCode(adminId: number, code: string, now: number): Promise<boolean> {
  const db = getDb();
  const row = await db.select({ secret: admin_users.totp_secret, lastStep: admin_users.totp_last_step }).from(admin_users).where(eq(admin_users.id, adminId)).get();
  const secret = row?.secret ? await openSecret(row.secret) : null;
  if (!row || !secret) return false;
  const step = await matchingTotpStep(secret, code, now, row.lastStep);
  if (step === null) return false;
  // Only one request can move the step past its old value: a code raced twice is accepted once.
  const moved = await db
    .update(admin_users)
    .set({ totp_last_step: step })
    .where(and(eq(admin_users.id, adminId), lt(admin_users.totp_last_step, step)))
    .returning({ id: admin_users.id });
  return moved.length === 1;
}

/** A recovery code as stored: its SHA-256, of the letters without spaces or dashes, upper-cased. */
async function recoveryCodeHash(code: string): Promise<string> {
  const normalised = code.replace(/[\s-]/g, "").toUpperCase();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normalised)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function spendRecoveryCode(adminId: number, code: string): Promise<boolean> {
  const used = await getDb()
    .delete(admin_recovery_codes)
    .where(and(eq(admin_recovery_codes.admin_id, adminId), eq(admin_recovery_codes.code_hash, await recoveryCodeHash(code))))
    .returning({ admin_id: admin_recovery_codes.admin_id });
  return used.length === 1;
}

/** What the set-up page shows: the secret (sealed, for the form to send back), its QR code and its text. */
export type TwoStepSetup = { sealed: string; secret: string; qr: { size: number; path: string } };

export async function newTwoStepSetup(email: string): Promise<TwoStepSetup> {
  const secret = newTotpSecret();
  return { sealed: await sealSecret(secret), secret, qr: qrCode(otpauthUri(secret, email, ISSUER)) };
}

/** The set-up of a sealed secret sent back by the form (after a wrong code: the same QR code again). */
export async function reopenTwoStepSetup(sealed: string, email: string): Promise<TwoStepSetup | null> {
  const secret = await openSecret(sealed);
  return secret ? { sealed, secret, qr: qrCode(otpauthUri(secret, email, ISSUER)) } : null;
}

/** A QR code as one SVG path of unit squares (drawn by the page; no outside service sees the secret). */
function qrCode(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: "M", border: 0 });
  let path = "";
  data.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : "")));
  return { size, path };
}

export type TurnOn = { done: true; recoveryCodes: string[]; admin: AdminIdentity } | { done: false; reason: "expired" | "wrong-code" };

/**
 * Turns two-step sign-in on with the secret the form sent back, if `code` is its current code, and
 * signs the account's other devices out (someone turns it on because they fear their password is
 * known): every session but `keepSessionId` ends. One batch. `admin` is the account as it now is.
 */
export async function turnOnTwoStep(adminId: number, sealed: string, code: string, keepSessionId: string, now = Date.now()): Promise<TurnOn> {
  const secret = await openSecret(sealed);
  if (!secret) return { done: false, reason: "expired" };
  const step = await matchingTotpStep(secret, code.replace(/\s/g, ""), now, 0);
  if (step === null) return { done: false, reason: "wrong-code" };
  const db = getDb();
  const at = new Date(now).toISOString();
  const { codes, rows } = await newRecoveryCodeRows(adminId);
  const [, , , , bumped] = await db.batch([
    db.update(admin_users).set({ totp_secret: sealed, totp_last_step: step, updated_at: at }).where(eq(admin_users.id, adminId)),
    db.delete(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, adminId)),
    db.insert(admin_recovery_codes).values(rows),
    ...endSessionsStatements(adminId, at, keepSessionId),
  ]);
  return { done: true, recoveryCodes: codes, admin: bumped[0]! };
}

/** Turns two-step sign-in off and signs the account's other devices out, as turning it on does. One batch. */
export async function turnOffTwoStep(adminId: number, keepSessionId: string): Promise<AdminIdentity | undefined> {
  const db = getDb();
  const now = new Date().toISOString();
  const [, , , bumped] = await db.batch([
    db.update(admin_users).set({ totp_secret: null, totp_last_step: 0, updated_at: now }).where(eq(admin_users.id, adminId)),
    db.delete(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, adminId)),
    ...endSessionsStatements(adminId, now, keepSessionId),
  ]);
  return bumped[0];
}

/** Replaces the account's recovery codes with 10 new ones (shown once; only their hashes are kept). */
export async function replaceRecoveryCodes(adminId: number): Promise<string[]> {
  const db = getDb();
  const { codes, rows } = await newRecoveryCodeRows(adminId);
  await db.batch([db.delete(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, adminId)), db.insert(admin_recovery_codes).values(rows)]);
  return codes;
}

async function newRecoveryCodeRows(adminId: number) {
  // 10 letters of base32 each (50 bits), shown as two groups of five: "K7QJD-M2XWA".
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = toBase32(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  const rows = await Promise.all(codes.map(async (code) => ({ admin_id: adminId, code_hash: await recoveryCodeHash(code) })));
  return { codes, rows };
}

/** The account page's view of its two-step sign-in, and the site's rule for Administrators: one batch. */
export async function twoStepState(adminId: number): Promise<{ on: boolean; recoveryCodesLeft: number; required: boolean }> {
  const db = getDb();
  const [account, left, required] = await db.batch([
    db.select({ on: sql<number>`${admin_users.totp_secret} IS NOT NULL` }).from(admin_users).where(eq(admin_users.id, adminId)),
    db.select({ count: sql<number>`count(*)` }).from(admin_recovery_codes).where(eq(admin_recovery_codes.admin_id, adminId)),
    db.select({ value: site_meta.value }).from(site_meta).where(eq(site_meta.key, REQUIRE_TWO_STEP_KEY)),
  ]);
  return { on: Boolean(account[0]?.on), recoveryCodesLeft: left[0]?.count ?? 0, required: required[0]?.value === "1" };
}

export async function setTwoStepRequired(required: boolean): Promise<void> {
  await getDb()
    .insert(site_meta)
    .values({ key: REQUIRE_TWO_STEP_KEY, value: required ? "1" : "0" })
    .onConflictDoUpdate({ target: site_meta.key, set: { value: required ? "1" : "0" } });
}
