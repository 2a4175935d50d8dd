// The new-password policy (app/features/accounts/password-policy.ts) with its list of common passwords, which
// stays on the server: about 40 KB the browser never needs.
import { newPasswordProblem, type Organisation, organisationNames, parseCommonPasswords } from "./password-policy";
import commonPasswordsText from "./common-passwords.txt?raw";

let commonPasswords: Set<string> | undefined;

/**
 * What is wrong with a new password for the admin with `email`, or null when it will do.
 * `organisation`: the ministry's names as the settings hold them (a password may not contain them).
 */
export function checkNewPassword(password: string, email: string, organisation: Organisation): string | null {
  commonPasswords ??= parseCommonPasswords(commonPasswordsText);
  return newPasswordProblem(password, email, commonPasswords, organisationNames(organisation));
}
