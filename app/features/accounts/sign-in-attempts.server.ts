// Which sign-in attempts get their password checked. Every attempt is counted before the password
// is looked at (count first), so however many arrive at once, no more than the limits are checked.
//
// - From a device the admin signed in with before (a valid device cookie for this e-mail): only that
//   device's own count, 5 failures in 15 minutes. Strangers' guesses elsewhere never lock it out.
// - From anywhere else: 5 per e-mail and address in 15 minutes, 20 per address across e-mails in
//   15 minutes, and, per e-mail across all addresses, growing delays: 20 failures at once, then
//   one attempt after 2, 4, 8 ... seconds, never more than 5 minutes apart. Not a day's lockout: a
//   door volunteer on a borrowed phone waits at most 5 minutes on the event day, whatever strangers
//   did (docs/security.md, "Sign-in limits", weighs this against the guesses it allows).
//
// A successful sign-in takes its own attempt back, so only failures count.
import { LOGIN_MESSAGES } from "~/features/accounts/login-form";
import { clearRateLimit, clientAddress, consumeRateLimit, consumeWithGrowingDelay, RATE_LIMITS, type RateLimitRule, refundRateLimit } from "../../server/abuse.server";
import { trustedDeviceId } from "./device-cookie.server";

/**
 * One count an attempt touches: its rule, whose count it is, what a refusal says, and what a
 * successful sign-in does to it (starts it afresh, or takes this one attempt back from a count
 * that others share).
 */
type Count = { rule: RateLimitRule; subject: string; refused: string; afterSuccess: "clear" | "refund"; growingDelay?: true };

export type SignInAttempt = { admitted: true; counts: Count[] } | { admitted: false; message: string };

/** Counts one attempt of `email` from this request; admitted when every count it touched is within its limit. */
export async function countSignInAttempt(request: Request, email: string): Promise<SignInAttempt> {
  const deviceId = await trustedDeviceId(request, email);
  const address = clientAddress(request);
  const { tooMany } = LOGIN_MESSAGES;
  const counts: Count[] = deviceId
    ? [{ rule: RATE_LIMITS.loginPerDevice, subject: deviceId, refused: tooMany, afterSuccess: "clear" }]
    : [
        { rule: RATE_LIMITS.loginPerEmailAndAddress, subject: `${email}|${address}`, refused: tooMany, afterSuccess: "clear" },
        { rule: RATE_LIMITS.loginPerAddress, subject: address, refused: tooMany, afterSuccess: "refund" },
        { rule: RATE_LIMITS.loginPerEmailDelay, subject: email, refused: "", afterSuccess: "clear", growingDelay: true },
      ];
  // One after the other, narrowest first: an attempt refused at one address never reaches the
  // e-mail's count, so one busy stranger cannot use it up alone.
  for (const count of counts) {
    if (count.growingDelay) {
      const wait = await consumeWithGrowingDelay(count.rule, count.subject);
      if (wait > 0) return { admitted: false, message: LOGIN_MESSAGES.waitBeforeTrying(wait) };
    } else if (!(await consumeRateLimit(count.rule, count.subject))) return { admitted: false, message: count.refused };
  }
  return { admitted: true, counts };
}

/** After a successful sign-in, so only failures count. */
export async function forgetSignInAttempt(attempt: Extract<SignInAttempt, { admitted: true }>): Promise<void> {
  await Promise.all(
    attempt.counts.map(({ rule, subject, afterSuccess }) =>
      afterSuccess === "clear" ? clearRateLimit(rule, subject) : refundRateLimit(rule, subject),
    ),
  );
}
