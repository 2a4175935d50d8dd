// What a new admin password must be (OWASP ASVS 2.1): at least 12 characters, not one of the
// passwords attackers try first, and not the ministry's name or the e-mail's. It applies where a
// password is set: the account page and `npm run admin:create`. Sign-in still takes the spec's
// 6 characters, so passwords set before keep working.
//
// Shared by the Worker and the npm scripts (Node runs this file as it is), so its imports are
// relative with their extension. The list itself is server-only data: the Worker reads it through
// app/features/accounts/password-policy.server.ts, the scripts from disk.

export const NEW_PASSWORD_MIN_LENGTH = 12;
export const NEW_PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`,
  tooLong: "Please use a shorter password",
  common: "This password is too common: attackers try it first, even with digits or symbols added. Please choose another.",
  organisation: "The password must not contain the ministry's name. Please choose another.",
  email: "The password must not contain the e-mail address (the part before the @). Please choose another.",
} as const;

export type Organisation = { name: string; short_name: string };

/**
 * The names a password must not contain: the organisation's name and short name as set in the
 * site's settings (the Worker passes them), and the short name without its last word, as the
 * header shows it ("Baptist Men"). The npm scripts, which cannot read the settings, pass the defaults.
 */
export function organisationNames({ name, short_name }: Organisation): string[] {
  const words = short_name.trim().split(/\s+/);
  return [name, short_name, ...(words.length > 1 ? [words.slice(0, -1).join(" ")] : [])];
}

/** Lower case, letters and digits only: "Baptist Men's" and "baptist.mens" compare equal. */
function squashed(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The form a password is looked up in: lower case, trailing digits and symbols removed ('Password1234!' is 'password'). */
export function commonPasswordStem(password: string): string {
  return password.toLowerCase().replace(/[^\p{L}]+$/u, "");
}

/** The list file's entries: one a line, `#` lines are comments. */
export function parseCommonPasswords(text: string): Set<string> {
  return new Set(
    text
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith("#")),
  );
}

/** What is wrong with a new password for the admin with `email`, or null when it will do. */
export function newPasswordProblem(
  password: string,
  email: string,
  commonPasswords: ReadonlySet<string>,
  names: readonly string[],
): string | null {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > NEW_PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const stem = commonPasswordStem(password);
  // A password of only digits and symbols has no stem: it is looked up whole.
  if (commonPasswords.has(stem || password.toLowerCase())) return PASSWORD_MESSAGES.common;
  const letters = squashed(password);
  if (names.some((name) => squashed(name).length >= 3 && letters.includes(squashed(name)))) return PASSWORD_MESSAGES.organisation;
  const localPart = squashed(email.split("@")[0] ?? "");
  // A very short name ("jo@...") would refuse half of all passwords.
  if (localPart.length >= 3 && letters.includes(localPart)) return PASSWORD_MESSAGES.email;
  return null;
}
