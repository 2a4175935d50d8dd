// The new-password policy (app/lib/password-policy.ts) with its list of common passwords, which
// stays on the server: about 40 KB the browser never needs.
import { newPasswordProblem, parseCommonPasswords } from "~/lib/password-policy";
import commonPasswordsText from "./common-passwords.txt?raw";

let commonPasswords: Set<string> | undefined;

/** What is wrong with a new password for the admin with `email`, or null when it will do. */
export function checkNewPassword(password: string, email: string): string | null {
  commonPasswords ??= parseCommonPasswords(commonPasswordsText);
  return newPasswordProblem(password, email, commonPasswords);
}
