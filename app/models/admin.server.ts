import { eq, sql } from "drizzle-orm";
import { admin_users } from "~/db/schema";
import { getDb } from "~/db/db.server";

export type AdminIdentity = { id: number; email: string; session_version: number };

const identityColumns = {
  id: admin_users.id,
  email: admin_users.email,
  session_version: admin_users.session_version,
};

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAdminForLogin(email: string) {
  return getDb()
    .select({ ...identityColumns, password_hash: admin_users.password_hash })
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

/** Invalidates every session token the admin holds (global sign-out). */
export async function bumpSessionVersion(id: number): Promise<void> {
  await getDb()
    .update(admin_users)
    .set({ session_version: sql`${admin_users.session_version} + 1`, updated_at: new Date().toISOString() })
    .where(eq(admin_users.id, id));
}

/** Creates the admin, or sets a new password (and signs out every session) when the e-mail exists. */
export async function upsertAdmin(email: string, passwordHash: string): Promise<AdminIdentity> {
  const now = new Date().toISOString();
  const row = await getDb()
    .insert(admin_users)
    .values({ email: normaliseEmail(email), password_hash: passwordHash })
    .onConflictDoUpdate({
      target: admin_users.email,
      set: { password_hash: passwordHash, session_version: sql`${admin_users.session_version} + 1`, updated_at: now },
    })
    .returning(identityColumns)
    .get();
  return row;
}

export async function listAdmins() {
  return getDb()
    .select({ id: admin_users.id, email: admin_users.email, created_at: admin_users.created_at, last_login_at: admin_users.last_login_at })
    .from(admin_users)
    .orderBy(admin_users.email)
    .all();
}

export async function getPasswordHash(id: number): Promise<string | null> {
  const row = await getDb().select({ hash: admin_users.password_hash }).from(admin_users).where(eq(admin_users.id, id)).get();
  return row?.hash ?? null;
}

/** Adds an admin; false when the e-mail already belongs to one. */
export async function addAdmin(email: string, passwordHash: string): Promise<boolean> {
  const rows = await getDb()
    .insert(admin_users)
    .values({ email: normaliseEmail(email), password_hash: passwordHash })
    .onConflictDoNothing()
    .returning({ id: admin_users.id });
  return rows.length === 1;
}

/** Sets a new password and signs the admin out of every other session; returns the new identity. */
export async function changePassword(id: number, passwordHash: string): Promise<AdminIdentity | undefined> {
  return getDb()
    .update(admin_users)
    .set({ password_hash: passwordHash, session_version: sql`${admin_users.session_version} + 1`, updated_at: new Date().toISOString() })
    .where(eq(admin_users.id, id))
    .returning(identityColumns)
    .get();
}

/** Removes an admin unless it is the last one (one guarded statement, safe against two removals at once). */
export async function removeAdmin(id: number): Promise<boolean> {
  const result = await getDb().run(
    sql`DELETE FROM admin_users WHERE id = ${id} AND (SELECT COUNT(*) FROM admin_users) > 1`,
  );
  return (result.meta.changes ?? 0) > 0;
}
