// The account page's forms: changing your own password, and adding an admin. The browser and the
// schema check a new password's length; the action then applies the rest of the password policy
// (app/server/password-policy.server.ts), whose list of common passwords stays on the server.
import { z } from "zod";
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES } from "~/lib/password-policy";
import { emailAddress } from "./fields";

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

export const addAdminSchema = z.object({
  email: emailAddress(),
  password: newPassword(),
});

/** What the page says under a new-password field. */
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters; not a common password, the ministry's name or the e-mail address.`;
