// The signed-in admin's own password, asked again on the account page (changing it, adding an
// account, changing a role or removing one). Counted like a sign-in attempt: every check is counted
// before the password is looked at, 5 per account in 15 minutes, and a right password starts the
// count afresh, so a stolen session cannot guess the password behind it.
import { clearRateLimit, consumeRateLimit, RATE_LIMITS } from "../../server/abuse.server";
import { getPasswordHash } from "./admins.server";
import { verifyPassword } from "./password.server";

export type OwnPasswordCheck = "right" | "wrong" | "too-many";

/** Whether `password` is the admin's own; "too-many" (unchecked) once 5 were checked in the window. */
export async function checkOwnPassword(adminId: number, password: string): Promise<OwnPasswordCheck> {
  const subject = String(adminId);
  if (!(await consumeRateLimit(RATE_LIMITS.ownPasswordPerAccount, subject))) return "too-many";
  const hash = await getPasswordHash(adminId);
  if (hash === null || !(await verifyPassword(password, hash))) return "wrong";
  await clearRateLimit(RATE_LIMITS.ownPasswordPerAccount, subject);
  return "right";
}
