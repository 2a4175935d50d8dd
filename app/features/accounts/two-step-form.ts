// The forms of two-step sign-in: the code asked after the password, and the account page's
// set-up (the first code from the app, with the password again), turning it off and new recovery
// codes. Browser-safe: the pages use them for their fields' rules too.
import { z } from "zod";

export const TWO_STEP_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  wrongCode: "That code is not right, or it was used already. Enter the newest code from your app.",
  tooMany: "Too many wrong codes. Please wait 15 minutes and try again.",
  expired: "Your sign-in took too long. Please sign in again.",
  setupExpired: "The set-up expired. Scan the new QR code and enter its code.",
  requiredForAdministrators: "Two-step sign-in is required for Administrators, so it cannot be turned off.",
  turnOnYoursFirst: "Turn on two-step sign-in for your own account first.",
  turnedOn: "Two-step sign-in is on. Other devices were signed out.",
  turnedOff: "Your password alone now signs you in. Other devices were signed out.",
} as const;

const code = () =>
  z
    .string({ error: TWO_STEP_MESSAGES.codeRequired })
    .trim()
    .min(1, TWO_STEP_MESSAGES.codeRequired)
    .max(40, TWO_STEP_MESSAGES.wrongCode);

export const secondStepSchema = z.object({ code: code() });

const currentPassword = () => z.string({ error: "Enter your own password to confirm" }).min(1, "Enter your own password to confirm");

export const turnOnTwoStepSchema = z.object({ setup: z.string().min(1).max(400), code: code(), current_password: currentPassword() });
export const confirmPasswordSchema = z.object({ current_password: currentPassword() });
export const requireTwoStepSchema = z.object({ require_two_step: z.literal("on").optional(), current_password: currentPassword() });
