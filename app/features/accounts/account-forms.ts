// The account page's forms: changing your own password; and, for Administrators, adding an
// account, changing an account's role and removing one, each asking for the current password again.
// The browser and the schema check a new password's length; the action then applies the rest of
// the password policy (app/features/accounts/password-policy.server.ts), whose list of common passwords stays
// on the server.
import { z } from "zod";
import { ADMIN_ROLES } from "~/lib/stored-choices";
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES } from "~/features/accounts/password-policy";
import { emailAddress } from "../../lib/schema-fields";

const newPassword = () =>
  z
    .string({ error: PASSWORD_MESSAGES.tooShort })
    .min(NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(NEW_PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: "Enter your current password" }),
    new_password: newPassword(),
    confirm_password: z.string({ error: "Passwords do not match" }),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: "Passwords do not match", path: ["confirm_password"] });

const CURRENT_PASSWORD_REQUIRED = "Enter your own password to confirm";
const ROLE_INVALID = "Choose a role: Administrator, Editor or Door volunteer";
const role = () => z.enum(ADMIN_ROLES, { error: ROLE_INVALID });
const currentPassword = () => z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED);

export const addAccountSchema = z.object({
  email: emailAddress(),
  password: newPassword(),
  role: role(),
  current_password: currentPassword(),
});

/** Changing an account's role, or removing it (the two buttons of one form). */
export const manageAccountSchema = z.object({
  id: z.number({ error: "That account does not exist." }).int().positive(),
  role: role().optional(),
  current_password: currentPassword(),
});

export const ACCOUNT_MESSAGES = {
  wrongPassword: "That is not your current password",
  tooManyPasswordTries: "Too many wrong passwords. Please wait 15 minutes and try again.",
  emailTaken: "An account with this email already exists.",
  notYourself: "You cannot change or remove your own account here.",
  lastAdministrator: "The last Administrator cannot be removed or given another role.",
  notFound: "That account no longer exists.",
  administratorsOnly: "Only Administrators can manage accounts.",
} as const;

/** What the page says under a new-password field. */
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters; not a common password, the ministry's name or the e-mail address.`;
