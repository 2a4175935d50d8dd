// Signed-in sessions (admin_sessions): one row per sign-in, named by its token. The sessions list
// shows a person's own; "Sign out" ends one, and "sign out everywhere" ends them all and bumps the
// session version, so tokens issued before are refused even without their row.
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { admin_sessions, admin_users, site_meta } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { SESSION_ABSOLUTE_LIFETIME_SECONDS } from "~/lib/constants";
import { clientAddress } from "../../server/abuse.server";
import { identityColumns, type AdminIdentity } from "./admins.server";

/** The site_meta key of "Administrators must use two-step sign-in". */
export const REQUIRE_TWO_STEP_KEY = "require_two_step";

/** A new session row for a sign-in; returns its id (random, 128 bits). */
export async function startSession(request: Request, adminId: number): Promise<string> {
  const id = crypto.randomUUID();
  const cf = (request as Request & { cf?: { city?: string; country?: string } }).cf;
  const place = [cf?.city, cf?.country].filter(Boolean).join(", ") || null;
  await getDb()
    .insert(admin_sessions)
    .values({ id, admin_id: adminId, user_agent: (request.headers.get("User-Agent") ?? "").slice(0, 200), address: clientAddress(request), place });
  return id;
}

export type SessionIdentity = AdminIdentity & {
  /** Whether the account has two-step sign-in on. */
  twoStep: boolean;
  /** An Administrator without two-step sign-in while the site requires it: only its set-up page is open. */
  mustSetUpTwoStep: boolean;
};

/**
 * The admin of a session that is still open (its row not ended), with what the admin guard needs:
 * one statement. Undefined when the session or the account is gone.
 */
export async function sessionIdentity(adminId: number, sessionId: string): Promise<SessionIdentity | undefined> {
  const row = await getDb()
    .select({
      id: admin_users.id,
      email: admin_users.email,
      role: admin_users.role,
      session_version: admin_users.session_version,
      twoStep: sql<number>`${admin_users.totp_secret} IS NOT NULL`,
      required: sql<number>`EXISTS (SELECT 1 FROM ${site_meta} WHERE ${site_meta.key} = ${REQUIRE_TWO_STEP_KEY} AND ${site_meta.value} = '1')`,
    })
    .from(admin_users)
    .innerJoin(admin_sessions, and(eq(admin_sessions.admin_id, admin_users.id), eq(admin_sessions.id, sessionId), isNull(admin_sessions.ended_at)))
    .where(eq(admin_users.id, adminId))
    .get();
  if (!row) return undefined;
  const { twoStep, required, ...identity } = row;
  return { ...identity, twoStep: Boolean(twoStep), mustSetUpTwoStep: identity.role === "admin" && Boolean(required) && !twoStep };
}

/** Marks the session as seen now (when its token is renewed, so at most every half hour). */
export async function touchSession(sessionId: string): Promise<void> {
  await getDb().update(admin_sessions).set({ last_seen_at: new Date().toISOString() }).where(eq(admin_sessions.id, sessionId));
}

export type SessionRow = { id: string; created_at: string; last_seen_at: string; user_agent: string; address: string | null; place: string | null };

/** The admin's open sessions that can still be used (begun in the last 12 hours), latest first. */
export async function openSessions(adminId: number, now = Date.now()): Promise<SessionRow[]> {
  const since = new Date(now - SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000).toISOString();
  return getDb()
    .select({
      id: admin_sessions.id,
      created_at: admin_sessions.created_at,
      last_seen_at: admin_sessions.last_seen_at,
      user_agent: admin_sessions.user_agent,
      address: admin_sessions.address,
      place: admin_sessions.place,
    })
    .from(admin_sessions)
    .where(and(eq(admin_sessions.admin_id, adminId), isNull(admin_sessions.ended_at), gt(admin_sessions.created_at, since)))
    .orderBy(desc(admin_sessions.last_seen_at))
    .all();
}

/** Ends one of the admin's own sessions; false when it was not theirs or already ended. */
export async function endSession(adminId: number, sessionId: string): Promise<boolean> {
  const ended = await getDb()
    .update(admin_sessions)
    .set({ ended_at: new Date().toISOString() })
    .where(and(eq(admin_sessions.id, sessionId), eq(admin_sessions.admin_id, adminId), isNull(admin_sessions.ended_at)))
    .returning({ id: admin_sessions.id });
  return ended.length === 1;
}

/** The admin's open sessions, but `keep` when given. */
function openSessionsOf(adminId: number, keep: string | null) {
  return and(eq(admin_sessions.admin_id, adminId), isNull(admin_sessions.ended_at), keep === null ? undefined : ne(admin_sessions.id, keep));
}

/** Ends every open session of the admin but `keep`; returns how many. */
export async function endOtherSessions(adminId: number, keep: string): Promise<number> {
  const ended = await getDb()
    .update(admin_sessions)
    .set({ ended_at: new Date().toISOString() })
    .where(openSessionsOf(adminId, keep))
    .returning({ id: admin_sessions.id });
  return ended.length;
}

/**
 * For the batch of a change that signs the account out (everywhere, or on its other devices when
 * `keep` names this browser's session: two-step sign-in on or off): the sessions end, and the
 * session version grows, so a token issued before, even one a sign-in racing the change is about to
 * hand out, is refused. The last statement returns the account as it now is (for a continued cookie).
 */
export function endSessionsStatements(adminId: number, now: string, keep: string | null = null) {
  const db = getDb();
  return [
    db.update(admin_sessions).set({ ended_at: now }).where(openSessionsOf(adminId, keep)),
    db
      .update(admin_users)
      .set({ session_version: sql`${admin_users.session_version} + 1`, updated_at: now })
      .where(eq(admin_users.id, adminId))
      .returning(identityColumns),
  ] as const;
}

/**
 * Signs an account out everywhere: every session row ends and the session version grows (so no
 * token issued before is accepted). One batch. Returns the account's e-mail, or null when none.
 */
export async function endAllSessions(adminId: number): Promise<string | null> {
  const [, bumped] = await getDb().batch(endSessionsStatements(adminId, new Date().toISOString()));
  return bumped[0]?.email ?? null;
}

/** Deletes session rows that can no longer be used (run by the daily job). */
export async function deleteOldSessions(now = Date.now()): Promise<void> {
  const before = new Date(now - 2 * SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000).toISOString();
  await getDb().delete(admin_sessions).where(sql`${admin_sessions.created_at} < ${before}`);
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser/, "Samsung Internet"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iPhone"],
  [/Windows/, "Windows"],
  [/Mac OS X/, "Mac"],
  [/Linux/, "Linux"],
];
const firstMatch = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Android", from a User-Agent; "Unknown browser" when it says nothing we know. */
export function describeDevice(userAgent: string): string {
  const browser = firstMatch(BROWSERS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  if (!browser && !system) return "Unknown browser";
  return system ? `${browser ?? "A browser"} on ${system}` : browser!;
}
