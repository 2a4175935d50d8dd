// The new-password policy (app/features/accounts/password-policy.ts) with its list of common passwords, which
// stays on the server: about 40 KB the browser never needs.
import { newPasswordProblem, organisationNames, parseCommonPasswords } from "~/features/accounts/password-policy";
import { siteSettings, storedSettings } from "~/features/settings/index.server";
import commonPasswordsText from "./common-passwords.txt?raw";

let commonPasswords: Set<string> | undefined;

/** What is wrong with a new password for the admin with `email`, or null when it will do. */
export async function checkNewPassword(password: string, email: string): Promise<string | null> {
  commonPasswords ??= parseCommonPasswords(commonPasswordsText);
  const { organisation } = siteSettings(await storedSettings());
  return newPasswordProblem(password, email, commonPasswords, organisationNames(organisation));
}
