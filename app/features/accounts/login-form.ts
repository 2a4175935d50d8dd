// The sign-in form (SPEC section 5 Login): both fields non-blank, password at least 6 characters.
// The page shows one message in its red alert box.
import { z } from "zod";
import { LOGIN_PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { ALWAYS, EMAIL_INVALID, EMAIL_MAX_LENGTH } from "../../lib/schema-fields";

export const LOGIN_MESSAGES = {
  required: "Email and password are required",
  invalid: "Invalid login credentials",
  tooMany: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  /** After many failures at one account from many places: a short wait, never a day's lockout. */
  waitBeforeTrying: (seconds: number) =>
    `Too many failed sign-in attempts for this account. Please wait ${seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again, or sign in on a device you have signed in with before.`,
  failed: "An error occurred during authentication",
} as const;

export const loginSchema = z
  .object({
    email: z.string({ error: LOGIN_MESSAGES.required }).trim().max(EMAIL_MAX_LENGTH, EMAIL_INVALID),
    password: z.string({ error: LOGIN_MESSAGES.required }).max(1024, "That password is too long"),
  })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password?.trim()) {
      ctx.addIssue({ code: "custom", message: LOGIN_MESSAGES.required, path: [] });
      return;
    }
    if (!z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: "custom", message: EMAIL_INVALID, path: ["email"] });
    }
    if (value.password.length < LOGIN_PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: `Password must be at least ${LOGIN_PASSWORD_MIN_LENGTH} characters`, path: ["password"] });
    }
  }, ALWAYS);

/** The one message the page shows for a refused sign-in: a blank field first, then the first problem. */
export function loginMessage(errors: Record<string, string>): string {
  return Object.values(errors).includes(LOGIN_MESSAGES.required)
    ? LOGIN_MESSAGES.required
    : (errors[""] ?? errors.email ?? errors.password ?? LOGIN_MESSAGES.required);
}
