import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { admin_sessions, admin_users, type AdminRole } from "~/db/schema";
import { getDb } from "~/db/db.server";

export type AdminIdentity = { id: number; email: string; role: AdminRole; session_version: number };

/** The columns of an AdminIdentity (for a statement that returns the account as it now is). */
export const identityColumns = {
  id: admin_users.id,
  email: admin_users.email,
  role: admin_users.role,
  session_version: admin_users.session_version,
};

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAdminForLogin(email: string) {
  return getDb()
    .select({ ...identityColumns, password_hash: admin_users.password_hash, two_step: sql<number>`${admin_users.totp_secret} IS NOT NULL` })
    .from(admin_users)
    .where(eq(admin_users.email, normaliseEmail(email)))
    .get();
}

export async function getAdminIdentity(id: number): Promise<AdminIdentity | undefined> {
  return getDb().select(identityColumns).from(admin_users).where(eq(admin_users.id, id)).get();
}

export async function recordAdminLogin(id: number): Promise<void> {
  await getDb()
    .update(admin_users)
    .set({ last_login_at: new Date().toISOString() })
    .where(eq(admin_users.id, id));
}

export async function listAdmins() {
  return getDb()
    .select({ id: admin_users.id, email: admin_users.email, role: admin_users.role, created_at: admin_users.created_at, last_login_at: admin_users.last_login_at })
    .from(admin_users)
    .orderBy(admin_users.email)
    .all();
}

export async function getPasswordHash(id: number): Promise<string | null> {
  const row = await getDb().select({ hash: admin_users.password_hash }).from(admin_users).where(eq(admin_users.id, id)).get();
  return row?.hash ?? null;
}

/** Adds an account; false when the e-mail already belongs to one. */
export async function addAdmin(email: string, passwordHash: string, role: AdminRole): Promise<boolean> {
  const rows = await getDb()
    .insert(admin_users)
    .values({ email: normaliseEmail(email), password_hash: passwordHash, role })
    .onConflictDoNothing()
    .returning({ id: admin_users.id });
  return rows.length === 1;
}

/**
 * Sets a new password and signs the admin out of every other session (their rows end, and the
 * session version grows); returns the new identity. One batch.
 */
export async function changePassword(id: number, passwordHash: string, keepSessionId: string): Promise<AdminIdentity | undefined> {
  const db = getDb();
  const now = new Date().toISOString();
  const [, changed] = await db.batch([
    db.update(admin_sessions).set({ ended_at: now }).where(and(eq(admin_sessions.admin_id, id), ne(admin_sessions.id, keepSessionId), isNull(admin_sessions.ended_at))),
    db
      .update(admin_users)
      .set({ password_hash: passwordHash, session_version: sql`${admin_users.session_version} + 1`, updated_at: now })
      .where(eq(admin_users.id, id))
      .returning(identityColumns),
  ]);
  return changed[0];
}

/** At least one Administrator other than the account changed remains (guard for one statement). */
const anotherAdministrator = (id: number) => sql`EXISTS (SELECT 1 FROM admin_users o WHERE o.role = 'admin' AND o.id <> ${id})`;

export type AccountChange = { done: true; email: string } | { done: false; reason: "not-found" | "last-administrator" };

/**
 * Removes an account unless it is the last Administrator: one guarded statement, so two removals
 * (or a removal and a demotion) at once can never leave the site without one.
 */
export async function removeAdmin(id: number): Promise<AccountChange> {
  const db = getDb();
  const [removed, exists] = await db.batch([
    db.delete(admin_users).where(and(eq(admin_users.id, id), sql`(${admin_users.role} <> 'admin' OR ${anotherAdministrator(id)})`)).returning({ email: admin_users.email }),
    db.select({ id: admin_users.id }).from(admin_users).where(eq(admin_users.id, id)),
  ]);
  if (removed[0]) return { done: true, email: removed[0].email };
  return { done: false, reason: exists[0] ? "last-administrator" : "not-found" };
}

/**
 * Gives an account another role and ends its sessions (it signs in again with the new role), unless
 * that would leave no Administrator: one guarded statement.
 */
export async function setRole(id: number, role: AdminRole): Promise<AccountChange> {
  const db = getDb();
  const [changed, exists] = await db.batch([
    db
      .update(admin_users)
      .set({ role, session_version: sql`${admin_users.session_version} + 1`, updated_at: new Date().toISOString() })
      .where(and(eq(admin_users.id, id), sql`(${role} = 'admin' OR ${admin_users.role} <> 'admin' OR ${anotherAdministrator(id)})`))
      .returning({ email: admin_users.email }),
    db.select({ id: admin_users.id }).from(admin_users).where(eq(admin_users.id, id)),
  ]);
  if (!changed[0]) return { done: false, reason: exists[0] ? "last-administrator" : "not-found" };
  // Its tokens are refused already (the session version grew); the sessions list says so too.
  await db.update(admin_sessions).set({ ended_at: new Date().toISOString() }).where(and(eq(admin_sessions.admin_id, id), isNull(admin_sessions.ended_at)));
  return { done: true, email: changed[0].email };
}

/**
 * The Administrators' addresses as a subquery (`SELECT email …`), for a statement of another
 * feature's batch that writes a message to each of them (a registration burst's alert).
 */
export function administratorEmailsSql(): SQL {
  return sql`SELECT ${admin_users.email} AS email FROM ${admin_users} WHERE ${admin_users.role} = 'admin'`;
}

/** The e-mail addresses of every Administrator (told of each account change). */
export async function administratorEmails(): Promise<string[]> {
  const rows = await getDb().select({ email: admin_users.email }).from(admin_users).where(eq(admin_users.role, "admin")).orderBy(admin_users.email);
  return rows.map((row) => row.email);
}
